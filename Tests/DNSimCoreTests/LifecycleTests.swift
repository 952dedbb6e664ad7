import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// The user's lifecycle (docs/lifecycle.md): turning New Activity off and on, moving its time,
/// editing the starred projects, the Daily Reminder, and the plugin defects that leave orphans.
final class LifecycleTests: XCTestCase {
    /// BG tasks run at F and fetch at once; a 2 h lead, no app opens (only setup and BG tasks run code).
    static func world(days: Int = 60) -> WorldConfiguration {
        var world = TestWorlds.world(days: days, lead: 2 * SimTime.hour)
        world.fetch.latency = .fixed(1_000)
        return world
    }

    /// The first device (from `start`) whose first disable starts between a cycle's F and T, and that cycle.
    static func deviceDisabledInsideAWindow(_ world: WorldConfiguration, arm: Arm) -> (
        device: Int, cycle: Int, run: DeviceRun
    )? {
        for device in 0..<400 {
            let run = DeviceRun(world, arm, device: device)
            guard let start = run.user.disabled.starts.first else { continue }
            let calendar = world.calendar
            if let cycle = calendar.notifyTimes.indices.first(where: {
                calendar.fetchTimes[$0] + 2_000 < start && start < calendar.notifyTimes[$0]
            }),
                cycle > 0, cycle + 10 < calendar.count
            {
                return (device, cycle, run)
            }
        }
        return nil
    }

    /// Turned off between F and T on iOS chained (content armed for T, guards armed for a week):
    /// nothing shows and nothing is fetched until it is turned on again.
    func testTurningOffBetweenFAndTShowsNothingAndFetchesNothing() throws {
        var world = Self.world()
        world.user.disablePerDay = 0.05
        world.user.disabledFor = .fixed(20 * SimTime.day)
        let arm = TestWorlds.arm(.chained, .ios)
        let (_, cycle, run) = try XCTUnwrap(Self.deviceDisabledInsideAWindow(world, arm: arm))
        let off = run.user.disabled.starts[0], on = run.user.disabled.ends[0]
        XCTAssertTrue(
            run.trace.kinds("notification.armed").contains { $0.cycle == cycle && $0.time < off },
            "content was armed for T")
        for kind in ["notification.shown", "fetch.start", "bg.run", "orphan.shown", "stray.shown"] {
            XCTAssertTrue(
                run.trace.kinds(kind).allSatisfy { !run.user.disabled.contains($0.time) },
                "\(kind) while New Activity is off")
        }
        XCTAssertGreaterThan(
            run.trace.kinds("fetch.start").filter { $0.time >= on }.count, 0, "fetching resumes when it is turned on")
        XCTAssertEqual(run.activity[.orphans], 0)
        let offCycles = world.calendar.notifyTimes.filter { run.user.disabled.contains($0) }.count
        XCTAssertEqual(run.activity[.offCycles], offCycles)
        XCTAssertEqual(run.cycles.count + offCycles, world.calendar.count, "every cycle is due or off")
        XCTAssertFalse(
            run.cycles.contains { run.user.disabled.contains($0.notifyTime) }, "no due cycle has its T while off")
    }

    /// With `cancelLeavesGuards` exactly the guards armed within `guardHorizon` of the last code run
    /// fire as orphans (the cycle whose fetch succeeded had its guard cancelled).
    func testLeftGuardsShowAsOrphansAsTheHorizonSays() throws {
        var world = Self.world()
        world.user.disablePerDay = 0.05
        world.user.disabledFor = .fixed(20 * SimTime.day)
        world.plugin.defects = [.cancelLeavesGuards]
        let arm = TestWorlds.arm(.chained, .ios)
        let (_, cycle, run) = try XCTUnwrap(Self.deviceDisabledInsideAWindow(world, arm: arm))
        let calendar = world.calendar, timeout = world.plugin.contentTimeout
        // The BG task at cycle's F was the last code to run: it armed guards up to F + guardHorizon.
        let horizonEnd = calendar.fetchTimes[cycle] + StrategyConfiguration(kind: .chained).guardHorizon
        let expected = calendar.notifyTimes.indices.filter {
            $0 > cycle && calendar.notifyTimes[$0] + timeout <= horizonEnd
        }
        XCTAssertEqual(expected.count, 6)
        // The first off period's orphans (a later one may leave more).
        let off = run.user.disabled.starts[0], on = run.user.disabled.ends[0]
        let shown = run.trace.kinds("orphan.shown").map(\.time).filter { $0 >= off && $0 < on }
        XCTAssertEqual(shown, expected.map { calendar.notifyTimes[$0] + timeout })
        XCTAssertEqual(run.activity[.orphans], run.trace.kinds("orphan.shown").count)
    }

    /// An off period that runs past the end of the run still shows what the cancel left.
    func testOrphansAfterTheLastCycleAreCounted() {
        var world = Self.world(days: 30)
        world.user.disablePerDay = 0.2
        world.user.disabledFor = .fixed(100 * SimTime.day)
        world.plugin.defects = [.cancelLeavesGuards]
        var checked = 0
        for device in 0..<10 {
            let run = DeviceRun(world, TestWorlds.arm(.chained, .ios), device: device)
            let left = run.trace.kinds("orphan.left").filter { $0.detail.contains("guard") }.count
            guard left > 0 else { continue }
            XCTAssertEqual(
                run.activity[.orphans], left,
                "device \(device): every guard left fires, though no cycle is due any more")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3)
    }

    /// A notification left at a time the user returns to is a stray, not an orphan; an Android
    /// reboot clears the alarms a defect left.
    func testOrphansAreJudgedByTheCurrentScheduleAndRebootsClearThemOnAndroid() {
        var world = Self.world(days: 60)
        world.timeChoices = [world.calendar]  // "moving" to the time already set
        world.user.timeChangePerDay = 0.1
        world.user.timeChoiceWeights = [1]
        world.plugin.defects = [.rescheduleKeepsOldTime]
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios), device: 2)
        XCTAssertFalse(run.user.timeChanges.isEmpty)
        XCTAssertGreaterThan(run.trace.kinds("stray.shown").count, 0)
        XCTAssertEqual(run.activity[.orphans], 0, "every left request fires at a T the schedule still has")
        XCTAssertGreaterThan(run.activity[.duplicates], 0, "and lands on the schedule's own notification")

        // Android, guards left at each turn-off (each fires once), a reboot about every other day
        // with a BOOT_COMPLETED receiver: no left alarm shows after a reboot that came before it.
        var android = Self.world(days: 60)
        android.user.disablePerDay = 0.1
        android.user.disabledFor = .fixed(5 * SimTime.day)
        android.user.rebootsPerDay = 0.5
        android.android.rescheduleOnBoot = true
        android.plugin.defects = [.cancelLeavesGuards]
        var rebootsThatCleared = 0, shownLeft = 0
        for device in 0..<10 {
            let run = DeviceRun(android, TestWorlds.arm(.chained, .android), device: device)
            var pending = 0
            for entry in run.trace.entries {
                switch entry.kind {
                case "orphan.left": pending += 1
                case "orphan.shown", "stray.shown":
                    XCTAssertGreaterThan(pending, 0, "device \(device): a left alarm showed after a reboot cleared it")
                    pending -= 1
                    shownLeft += 1
                case "reboot":
                    if pending > 0 { rebootsThatCleared += 1 }
                    pending = 0
                default: break
                }
            }
        }
        XCTAssertGreaterThan(rebootsThatCleared, 0, "some reboot came while left alarms were pending")
        XCTAssertGreaterThan(shownLeft, 0, "and some left alarms showed before any reboot")
    }

    /// A left request is judged by the chosen time's own calendar, not by the device's spliced
    /// one, which keeps the old time's resolved cycles: moving away from 18:30 while its guard
    /// (6 h after T, the fetch taking 7 h from F = T − 2 h) is still pending leaves an orphan,
    /// never a stray.
    func testALeftGuardOfTheCycleTheMoveCutShortIsAnOrphan() {
        var world = Self.world(days: 20)
        world.fetch.latency = .fixed(7 * SimTime.hour)
        world.plugin.contentTimeout = 6 * SimTime.hour
        world.timeChoices = [TestWorlds.dailyCalendar(days: 20, notifyMinute: 7 * 60)]
        world.user.timeChangePerDay = 0.5
        world.user.timeChoiceWeights = [1]
        world.plugin.defects = [.rescheduleKeepsOldTime]
        let oldGuardMinute = (18 * 60 + 30 + 6 * 60) % (24 * 60)
        let minuteOfDay = { (time: Millis) in Int((time % SimTime.day) / SimTime.minute) }
        var orphans = 0
        for device in 0..<60 {
            let run = DeviceRun(world, TestWorlds.arm(.chained, .android), device: device)
            XCTAssertFalse(
                run.trace.kinds("stray.shown").contains { minuteOfDay($0.time) == oldGuardMinute },
                "device \(device): the old time's guard counted as a stray")
            orphans += run.trace.kinds("orphan.shown").filter { minuteOfDay($0.time) == oldGuardMinute }.count
        }
        XCTAssertGreaterThan(orphans, 0, "some move came between 18:30 and its guard")
    }

    /// Moving 18:30 to 07:00: the next cycle is at 07:00 and nothing shows at 18:30 any more; with
    /// `rescheduleKeepsOldTime` the old time's armed alarm shows once, as an orphan.
    func testMovingTheTimeMovesTheCycles() throws {
        var world = TestWorlds.world(days: 30)
        world.timeChoices = [TestWorlds.dailyCalendar(days: 30, notifyMinute: 7 * 60)]
        world.user.timeChangePerDay = 0.05
        world.user.timeChoiceWeights = [1]
        let arm = TestWorlds.arm(.independent, .android)
        var found: (device: Int, change: Millis)?
        for device in 0..<200 {
            let run = DeviceRun(world, arm, device: device)
            if run.user.timeChanges.count == 1, run.user.timeChanges[0] < TestWorlds.start + 20 * SimTime.day {
                found = (device, run.user.timeChanges[0])
                break
            }
        }
        let (device, change) = try XCTUnwrap(found)
        let run = DeviceRun(world, arm, device: device)
        let minuteOfDay = { (time: Millis) in (time % SimTime.day) / SimTime.minute }
        let after = run.cycles.filter { $0.notifyTime > change }
        XCTAssertFalse(after.isEmpty)
        XCTAssertTrue(
            after.allSatisfy { minuteOfDay($0.notifyTime) == 7 * 60 }, "every cycle after the change is at 07:00")
        XCTAssertEqual(after.first?.notifyTime, world.timeChoices[0].notifyTimes.first { $0 > change })
        XCTAssertTrue(
            run.trace.kinds("notification.shown").filter { $0.time > change }.allSatisfy {
                minuteOfDay($0.time) == 7 * 60
            })
        XCTAssertEqual(run.activity[.orphans], 0)

        world.plugin.defects = [.rescheduleKeepsOldTime]
        let defective = DeviceRun(world, arm, device: device)
        let orphans = defective.trace.kinds("orphan.shown")
        XCTAssertEqual(orphans.count, 1)
        XCTAssertEqual(orphans.first?.time, world.calendar.notifyTimes.first { $0 > change }, "at the old 18:30")
        XCTAssertEqual(defective.activity[.orphans], 1)
    }

    /// Turned off for 10 days about every 10 days, moved to 07:00 now and then, with
    /// `cancelLeavesBGRequest`.
    static func leftRequestWorld(days: Int, timeChangePerDay: Double) -> WorldConfiguration {
        var world = TestWorlds.world(days: days)
        world.timeChoices = [TestWorlds.dailyCalendar(days: days, notifyMinute: 7 * 60)]
        world.user.disablePerDay = 0.1
        world.user.disabledFor = .fixed(10 * SimTime.day)
        world.user.timeChangePerDay = timeChangePerDay
        world.user.timeChoiceWeights = [1]
        world.plugin.defects = [.cancelLeavesBGRequest]
        return world
    }

    /// A BG request or fetch alarm left by the cancel while the user moves the time to an earlier
    /// hour: its handler resubmits for its own schedule's next F, always after now, so it runs
    /// about once a day and never twice at one instant.
    func testALeftRequestOutlivesATimeChangeWhileOff() {
        for platform in [Platform.ios, .android] {
            let world = Self.leftRequestWorld(days: 40, timeChangePerDay: 0.2)
            var checked = 0
            for device in 0..<20 {
                let run = DeviceRun(world, TestWorlds.arm(.independent, platform), device: device)
                let stale = run.trace.kinds("stale.task").map(\.time)
                XCTAssertEqual(
                    Set(stale).count, stale.count,
                    "\(platform) device \(device): a stale handler ran twice at one instant")
                XCTAssertLessThan(
                    stale.count, 2 * 40, "\(platform) device \(device): at most about one stale run a day")
                if !stale.isEmpty && !run.user.timeChanges.isEmpty { checked += 1 }
            }
            XCTAssertGreaterThan(checked, 0, "\(platform): some device moved its time and ran a stale handler")
        }
    }

    /// On Android (exact alarms, no delay) a left fetch alarm runs at the F of the schedule the
    /// turn-off cancelled (18:25, or 06:55 once the user has moved to 07:00) every day while
    /// off, whatever time the user moves to meanwhile and across reboots, where BOOT_COMPLETED
    /// re-arms it for that schedule.
    func testALeftFetchAlarmKeepsTheOldScheduleWhileOff() {
        var world = Self.leftRequestWorld(days: 60, timeChangePerDay: 0.3)
        world.user.rebootsPerDay = 0.3
        world.android.rescheduleOnBoot = true
        let minuteOfDay = { (time: Millis) in Int((time % SimTime.day) / SimTime.minute) }
        var afterMove = 0, afterReboot = 0
        for device in 0..<20 {
            let run = DeviceRun(world, TestWorlds.arm(.independent, .android), device: device)
            var moved = false, rebooted = false
            var chosenFetchMinute = 18 * 60 + 25, cancelledFetchMinute = 0
            for entry in run.trace.entries {
                switch entry.kind {
                case "feature.off": moved = false; rebooted = false; cancelledFetchMinute = chosenFetchMinute
                case "time.change": moved = true; chosenFetchMinute = 6 * 60 + 55
                case "boot.completed": rebooted = true
                case "stale.task":
                    XCTAssertEqual(minuteOfDay(entry.time), cancelledFetchMinute, "device \(device) at \(entry.time)")
                    if moved { afterMove += 1 }
                    if rebooted { afterReboot += 1 }
                default: break
                }
            }
        }
        XCTAssertGreaterThan(afterMove, 0, "some left alarm ran after a move while off")
        XCTAssertGreaterThan(afterReboot, 0, "and some after a reboot while off")
    }

    /// Moving the time many times a day with `rescheduleKeepsOldTime` on iOS independent timers
    /// leaves a repeating request each time; iOS keeps only 64 pending requests, so no more than
    /// 64 of them fire on any one day and the rest are dropped when left.
    func testLeftRequestsStopAtThePlatformsPendingLimit() {
        var world = TestWorlds.world(days: 30)
        world.timeChoices = [TestWorlds.dailyCalendar(days: 30, notifyMinute: 7 * 60), world.calendar]
        world.user.timeChangePerDay = 20
        world.user.timeChoiceWeights = [1, 1]
        world.plugin.defects = [.rescheduleKeepsOldTime]
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios), device: 0)
        XCTAssertGreaterThan(
            run.trace.kinds("orphan.dropped").count, 0, "20 changes a day over 30 days pass 64 left requests")
        let day = { (line: TraceEntry) in (line.time - TestWorlds.start) / SimTime.day }
        let shownPerDay = Dictionary(
            grouping: run.trace.kinds("orphan.shown") + run.trace.kinds("stray.shown"), by: day)
        let leftPerDay = Dictionary(grouping: run.trace.kinds("orphan.left"), by: day)
        // Each request pending at the day's start fires at most once that day; new ones add to it.
        for (day, shown) in shownPerDay {
            XCTAssertLessThanOrEqual(
                shown.count, IOSTaskScheduler.pendingRequestLimit + (leftPerDay[day]?.count ?? 0), "day \(day)")
        }
        XCTAssertGreaterThan(shownPerDay.values.map(\.count).max() ?? 0, 32, "the limit, not the rate, bounds them")
    }

    /// An empty starred list for the whole run: every due cycle is suppressed.
    func testAnEmptyStarredListSuppressesEveryCycle() {
        var world = Self.world(days: 20)
        world.user.emptyStarredShare = 1
        let arms = Platform.allCases.flatMap { [TestWorlds.arm(.independent, $0), TestWorlds.arm(.chained, $0)] }
        for statistics in TestWorlds.run(world, arms: arms, devices: 5).arms {
            XCTAssertEqual(statistics.rate(.suppressed), 1)
        }
    }

    /// With no defect nothing is ever shown while New Activity is off or at a time the user left.
    func testNoDefectNoOrphans() {
        var world = Self.world(days: 90)
        world.ios.delay = .lognormal(median: Double(90 * SimTime.minute), sigma: 1.5)
        world.ios.never = 0.15
        world.fetch.failure = 0.05
        world.user.appOpensPerDay = 1.2
        world.user.rebootsPerDay = 0.1
        world.android.rescheduleOnBoot = true
        world.user.disablePerDay = 0.1
        world.user.disabledFor = .exponential(mean: Double(2 * SimTime.day))
        world.timeChoices = [
            TestWorlds.dailyCalendar(days: 90, notifyMinute: 7 * 60, lead: 2 * SimTime.hour),
            TestWorlds.dailyCalendar(days: 90, notifyMinute: 12 * 60, lead: 2 * SimTime.hour),
        ]
        world.user.timeChangePerDay = 0.1
        world.user.timeChoiceWeights = [1, 1]
        let arms = Platform.allCases.flatMap { platform in
            [
                TestWorlds.arm(.independent, platform), TestWorlds.arm(.chained, platform),
                TestWorlds.arm(.chained, platform, label: "chained-noguard") { $0.guardPolicy = .none },
                TestWorlds.arm(.push, platform),
                TestWorlds.arm(.push, platform, label: "silent-push") { $0.pushKind = .background },
            ]
        }
        // Device by device: every arm has the same due and off cycles (the paired sums need it).
        for device in 0..<15 {
            let runs = arms.map { DeviceRun(world, $0, device: device) }
            for (arm, run) in zip(arms, runs) {
                XCTAssertEqual(run.cycles.count, runs[0].cycles.count, "device \(device), \(arm.name): due cycles")
                XCTAssertEqual(
                    run.activity[.offCycles], runs[0].activity[.offCycles], "device \(device), \(arm.name): off cycles")
                XCTAssertEqual(
                    run.cycles.map(\.notifyTime), runs[0].cycles.map(\.notifyTime), "device \(device), \(arm.name)")
            }
        }
        let result = TestWorlds.run(world, arms: arms, devices: 40)
        for (arm, statistics) in zip(arms, result.arms) {
            XCTAssertEqual(statistics.sum(.orphans), 0, arm.name)
            XCTAssertGreaterThan(statistics.sum(.offCycles), 0, arm.name)
            XCTAssertEqual(
                statistics.sum(.offCycles), result.arms[0].sum(.offCycles),
                "\(arm.name): the same cycles are off in every arm")
            XCTAssertEqual(
                statistics.cycles, result.arms[0].cycles, "\(arm.name): the same cycles are due in every arm")
        }
        XCTAssertEqual(
            TestWorlds.run(world, arms: arms, devices: 40, jobs: 3).arms, result.arms, "identical for any --jobs")
    }

    /// The Daily Reminder: wanted reminders are not counted; the app defects schedule it while New
    /// Activity is on, and also leave it while it is off.
    func testUnwantedRemindersFollowTheAppDefects() {
        var world = Self.world(days: 60)
        world.user.disablePerDay = 0.1
        world.user.disabledFor = .fixed(3 * SimTime.day)
        let times = (0..<60).map { TestWorlds.start + Millis($0) * SimTime.day + 9 * SimTime.hour }
        let arm = TestWorlds.arm(.independent, .ios)
        func unwanted(_ defects: Set<AppDefect>, wanted: Bool = false) -> (Int, DeviceRun) {
            world.reminder = DailyReminder(times: times, wanted: wanted, defects: defects)
            let run = DeviceRun(world, arm, device: 3)
            return (run.activity[.unwantedReminders], run)
        }
        XCTAssertEqual(unwanted([]).0, 0)
        XCTAssertEqual(
            unwanted([.enableSchedulesReminder], wanted: true).0, 0, "a reminder the user turned on is wanted")
        let (whileOn, run) = unwanted([.enableSchedulesReminder])
        XCTAssertFalse(run.user.disabled.isEmpty)
        XCTAssertEqual(whileOn, times.filter { !run.user.disabled.contains($0) }.count)
        XCTAssertEqual(unwanted([.enableSchedulesReminder, .disableLeavesReminder]).0, times.count)
        XCTAssertEqual(unwanted([.disableLeavesReminder]).0, 0, "nothing scheduled it")
    }

    /// Rates of 0 draw nothing: the report is byte-identical to the scenario without the keys.
    func testZeroRatesChangeNoByte() throws {
        let base = try String(
            contentsOfFile: GoldenFiles.repositoryPath("Scenarios/new-activity.yaml"), encoding: .utf8
        )
        .replacingOccurrences(of: "devices: 1000", with: "devices: 40").replacingOccurrences(
            of: "days: 365", with: "days: 30")
        let keys =
            "  disablePerDay: 0\n  disabledFor: { exponential: { mean: 3d } }\n  timeChangePerDay: 0\n"
            + "  notifyTimes: [\"07:00\"]\n  starredChangePerDay: 0\n  emptyStarredShare: 0\n"
        let withKeys = base.replacingOccurrences(of: "  tokenLifetime: 3d\n", with: "  tokenLifetime: 3d\n" + keys)
        XCTAssertNotEqual(withKeys, base)
        var reports: [[String: String]] = []
        for text in [base, withKeys] {
            let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "new-activity.yaml")
            let plan = try scenario.plan().get()
            let context = ReportContext(
                scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 2),
                days: scenario.days, reproduceCommand: "")
            reports.append(["csv": SummaryCSV.render(context), "md": SummaryMarkdown.render(context)])
        }
        XCTAssertEqual(reports[0], reports[1])
    }
}
