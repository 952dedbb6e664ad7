import XCTest

@testable import DNSimCore

/// The OS rules of issue 4 (docs/model.md §2), each on a small hand-built world.
final class OSRulesTests: XCTestCase {
    /// Daily windows [from, to) hours UTC on every day of the test worlds.
    func dailyWindows(days: Int, from: Int, to: Int) -> TimeWindows {
        TimeWindows(
            (-1...days).map { day in
                let base = TestWorlds.start + Millis(day) * SimTime.day
                return (base + Millis(from) * SimTime.hour, base + Millis(to) * SimTime.hour)
            })
    }

    func testRebootWithoutReArmLosesTheAlarms() {
        var world = TestWorlds.world(days: 30)
        world.user.rebootsPerDay = 0.3
        let run = DeviceRun(world, TestWorlds.arm(.independent, .android))
        let firstReboot = run.trace.kinds("reboot").first!.time
        let after = run.cycles.filter { world.calendar.notifyTimes[$0.cycle] > firstReboot }
        XCTAssertFalse(after.isEmpty)
        XCTAssertTrue(
            after.allSatisfy { $0.outcome == .missed }, "no alarm fires again after a reboot with nothing to re-arm")
        XCTAssertTrue(
            run.cycles.filter { world.calendar.notifyTimes[$0.cycle] < firstReboot }.allSatisfy { $0.outcome == .fresh }
        )

        world.android.rescheduleOnBoot = true
        let rearmed = DeviceRun(world, TestWorlds.arm(.independent, .android))
        XCTAssertGreaterThan(rearmed.trace.kinds("boot.completed").count, 0)
        XCTAssertEqual(rearmed.outcomes.filter { $0 == .missed }.count, 0, "BOOT_COMPLETED re-arms the alarms")
    }

    func testAppOpenReArmsAfterAReboot() {
        var world = TestWorlds.world(days: 60)
        world.user.rebootsPerDay = 0.2
        world.user.appOpensPerDay = 0.5
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        XCTAssertGreaterThan(run.trace.kinds("alarm.rearm").count, 0)
        // Every missed cycle lies between a reboot and the next app open.
        let reboots = run.trace.kinds("reboot").map(\.time)
        let opens = run.trace.kinds("app.open").map(\.time)
        for cycle in run.cycles where cycle.outcome == .missed {
            let t = world.calendar.notifyTimes[cycle.cycle]
            let reboot = reboots.last { $0 < t + 300_000 }
            XCTAssertNotNil(reboot, "cycle \(cycle.cycle) missed without a reboot before it")
            if let reboot {
                XCTAssertFalse(
                    opens.contains { $0 > reboot && $0 < world.calendar.fetchTimes[cycle.cycle] },
                    "cycle \(cycle.cycle) missed though an open re-armed the alarms before its fetch")
            }
        }
        XCTAssertGreaterThan(run.outcomes.filter { $0 == .missed }.count, 0)
    }

    /// Doze: `setExact` alarms inside an idle period wait for the next
    /// maintenance window (idle 00:00–08:00: windows at 01:00, 03:00, 07:00);
    /// `setExactAndAllowWhileIdle` fires on time.
    func testDozeDefersSetExactToTheMaintenanceWindow() {
        var world = WorldConfiguration(calendar: TestWorlds.dailyCalendar(days: 10, notifyMinute: 3 * 60 + 30))
        world.server.updatesPerDay = 50
        world.user.idle = dailyWindows(days: 10, from: 0, to: 8)
        world.android.doze = DozeSchedule()
        world.android.alarmKind = .setExact
        // Doze alone: a never-opened app would sink to the restricted bucket (AndroidPowerTests).
        world.android.power.standbyBucket = .active
        let deferred = DeviceRun(world, TestWorlds.arm(.independent, .android))
        // Fetch alarm 03:25 and notification alarm 03:30 both wait for 07:00.
        XCTAssertTrue(
            deferred.cycles.dropFirst().allSatisfy { $0.lateness == 3 * SimTime.hour + 30 * SimTime.minute },
            "\(deferred.cycles.map(\.lateness))")
        world.android.alarmKind = .exactAllowWhileIdle
        let exact = DeviceRun(world, TestWorlds.arm(.independent, .android))
        XCTAssertTrue(exact.cycles.allSatisfy { $0.lateness == 0 })
        XCTAssertEqual(exact.outcomes.dropFirst().filter { $0 == .fresh }.count, 9)
    }

    /// Without the exact-alarm permission AOSP delivers an alarm within 75% of
    /// the time until its trigger below API 31 (no bucket limit here): a fetch alarm set at a for F fires at
    /// F + U·0.75·(F − a), U uniform on [0, 1). Chained without a guard arms
    /// each fetch alarm when the previous one fires, 16–23 h ahead, so every
    /// fetch (which returns at once here) comes after T and the notification
    /// with it: lateness = fire − T.
    func testDeniedExactAlarmPermissionMakesAlarmsInexact() {
        let days = 40
        var world = TestWorlds.world(days: days)
        world.android.exactAlarmPermission = false
        world.android.power.apiLevel = 30
        world.android.power.standbyBucket = .active
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android) { $0.guardPolicy = .none })
        let fetchTimes = world.calendar.fetchTimes, notifyTimes = world.calendar.notifyTimes
        let entries = run.trace.entries
        var shares: [Double] = []
        for (i, set) in entries.enumerated() where set.kind == "alarm.set" {
            let cycle = set.cycle!
            guard let fire = entries[(i + 1)...].first(where: { $0.kind == "alarm.fetch" })?.time else {
                XCTFail("the fetch alarm for cycle \(cycle + 1) never fired")
                continue
            }
            let window = 0.75 * Double(fetchTimes[cycle] - set.time)
            let offset = Double(fire - fetchTimes[cycle])
            XCTAssertTrue(
                offset >= 0 && offset <= window, "cycle \(cycle + 1): fired \(offset) ms after F, window \(window) ms")
            shares.append(offset / window)
            XCTAssertGreaterThan(fire, notifyTimes[cycle])
            XCTAssertEqual(run.cycles[cycle].lateness, fire - notifyTimes[cycle], "cycle \(cycle + 1)")
        }
        XCTAssertEqual(shares.count, days)
        // U is uniform: the mean share is 1/2 within four standard errors (1/√(12·40) each).
        XCTAssertEqual(shares.reduce(0, +) / Double(shares.count), 0.5, accuracy: 4 / (12 * Double(days)).squareRoot())
    }

    func testLowPowerModeHoldsBackgroundTasks() {
        var world = TestWorlds.world(days: 40)
        world.ios.delay = .exponential(mean: 600_000)
        world.user.lowPowerPerDay = 1
        world.user.lowPowerDuration = .fixed(6 * SimTime.hour)
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertFalse(run.user.lowPower.isEmpty)
        let runs = run.trace.kinds("bg.run")
        XCTAssertGreaterThan(runs.count, 10)
        for entry in runs {
            XCTAssertFalse(run.user.lowPower.contains(entry.time), "a BG task ran in Low Power Mode at \(entry.time)")
        }
    }

    func testProcessingTaskRunsOnlyWhileCharging() {
        var world = TestWorlds.world(days: 20)
        world.ios.taskKind = .processing
        world.ios.requiresExternalPower = true
        world.user.charging = dailyWindows(days: 20, from: 1, to: 6)
        world.user.idle = dailyWindows(days: 20, from: 0, to: 7)
        // Used daily: a processing request is fulfilled only while the app was used within the week.
        world.user.appOpensPerDay = 2
        let run = DeviceRun(world, TestWorlds.arm(.chained, .ios))
        let runs = run.trace.kinds("bg.run")
        XCTAssertGreaterThan(runs.count, 10)
        for entry in runs { XCTAssertTrue(world.user.charging.contains(entry.time)) }
        // Fetched overnight, before the 18:25 F of the cycle it serves: chained never shows fresh content.
        XCTAssertEqual(run.outcomes.filter { $0 == .fresh }.count, 0)
    }

    func testBackgroundTasksStopAfterTheAppGoesUnopened() {
        var world = TestWorlds.world(days: 15)
        world.ios.inactiveAfter = 3 * SimTime.day  // the test world turns the rule off; turn it on
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        let cutoff = TestWorlds.start + 3 * SimTime.day
        XCTAssertTrue(run.trace.kinds("bg.run").allSatisfy { $0.time <= cutoff })
        XCTAssertEqual(run.trace.kinds("bg.dropped").count, 1)
        XCTAssertEqual(run.outcomes.prefix(3), [.fresh, .fresh, .fresh])
        XCTAssertTrue(run.outcomes.dropFirst(4).allSatisfy { $0 == .stale })
    }

    func testFetchesFailWhileOffline() {
        var world = TestWorlds.world(days: 40)
        world.user.offlinePerDay = 1
        world.user.offlineDuration = .fixed(4 * SimTime.hour)
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        let failures = run.trace.kinds("fetch.fail").filter { $0.detail.contains("offline") }
        XCTAssertGreaterThan(failures.count, 0)
        for start in run.trace.kinds("fetch.start") {
            let failed = failures.contains { $0.cycle == start.cycle && $0.time >= start.time }
            XCTAssertEqual(run.user.offline.contains(start.time), failed, "fetch at \(start.time)")
        }
    }

    /// A BG request the user's next open replaces before its earliest launch is neither drawn
    /// nor scheduled (`IOSTaskScheduler.replacedBeforeLaunch`); with a tracer attached, every
    /// request is. Both must give the same cycles, counters, event count and fingerprint.
    func testRequestsReplacedBeforeTheirLaunchChangeNothing() {
        var configuration = TestWorlds.world(days: 60)
        configuration.user.appOpensPerDay = 3
        configuration.user.forceQuitPerDay = 0.2
        configuration.ios.delay = .lognormal(median: 90 * Double(SimTime.minute), sigma: 1.5)
        configuration.ios.never = 0.1
        var replaced = 0
        for kind in [StrategyKind.independent, .chained] {
            let world = DeviceWorld(configuration: configuration, seed: 11)
            let plain = ArmSimulator(arm: TestWorlds.arm(kind, .ios), world: world)
            let traced = ArmSimulator(arm: TestWorlds.arm(kind, .ios), world: world)
            traced.tracer = TraceRecorder()
            for device in 0..<20 {
                world.generate(device: device)
                let (a, b) = (plain.run(world), traced.run(world))
                XCTAssertEqual(a.cycles, b.cycles, "\(kind) device \(device)")
                XCTAssertEqual(a.activity, b.activity, "\(kind) device \(device)")
                XCTAssertEqual(a.updateDelays, b.updateDelays)
                // Opens followed by another before the next F: their requests are the ones skipped.
                let opens = world.user.opens, fetches = configuration.calendar.fetchTimes
                for (index, open) in opens.enumerated().dropLast() {
                    if let next = fetches.first(where: { $0 > open }), opens[index + 1] < next { replaced += 1 }
                }
            }
        }
        XCTAssertGreaterThan(replaced, 1_000, "the world has many requests replaced before their launch")
    }

    /// `startHours` puts every Low Power Mode start in the weighted hours.
    func testPeriodStartsFollowTheirHourWeights() {
        var world = TestWorlds.world(days: 60)
        world.user.lowPowerPerDay = 2
        world.user.lowPowerDuration = .fixed(SimTime.minute)
        world.user.lowPowerHours = (0..<24).map { $0 == 19 ? 1 : 0 }
        let device = DeviceWorld(configuration: world, seed: 5)
        device.generate(device: 0)
        XCTAssertGreaterThan(device.user.lowPower.starts.count, 60)
        XCTAssertTrue(
            device.user.lowPower.starts.allSatisfy { ($0 - TestWorlds.start) % SimTime.day / SimTime.hour == 19 })
    }
}
