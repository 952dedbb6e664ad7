import CGSL
import XCTest

@testable import DNSimCore

/// iOS's settings and scheduler rules of docs/model.md §2: Background App Refresh off, a
/// background push discarded for a force-quit app, a processing request only for an app used
/// within the week, a budget drawn per launch, and the `beforeUse` launch model.
final class IOSRulesTests: XCTestCase {
    static func silentPush(_ kind: PushKind) -> Arm { PushTests.push(.ios, kind) }

    /// Background App Refresh off: every submission is refused, so chained shows only what the
    /// guards armed at setup (as if the OS never ran a request), and every background push is
    /// discarded at its arrival; alert pushes and their NSE are untouched.
    func testBackgroundAppRefreshOffStopsBackgroundTasksAndSilentPushes() {
        var world = PushTests.pushWorld(days: 10, drop: 0, latency: 1_000, failure: 0)
        world.ios.backgroundAppRefresh = false
        let chained = DeviceRun(world, TestWorlds.arm(.chained, .ios))
        XCTAssertEqual(chained.activity[.backgroundRuns], 0)
        let submits = chained.trace.kinds("bg.submit")
        XCTAssertEqual(submits.count, 1, "setup's submission; no handler runs to submit again")
        XCTAssertEqual(submits.first?.time, TestWorlds.start)
        XCTAssertEqual(submits.first?.event, .backgroundRequestRefused)
        // Setup at 00:00 arms guards at 18:35 for the cycles within 7 days: 7 fallbacks, then missed.
        XCTAssertEqual(chained.outcomes, Array(repeating: .fallback, count: 7) + Array(repeating: .missed, count: 3))
        var never = PushTests.pushWorld(days: 10, drop: 0, latency: 1_000, failure: 0)
        never.ios.never = 1
        XCTAssertEqual(chained.outcomes, DeviceRun(never, TestWorlds.arm(.chained, .ios)).outcomes)

        let silent = DeviceRun(world, Self.silentPush(.background))
        XCTAssertTrue(silent.trace.kinds("push.arrived").isEmpty)
        let discarded = silent.trace.kinds("push.discarded")
        XCTAssertEqual(discarded.map(\.cycle), (0..<10).map { Optional($0) })
        // Pushes leave at F with no delay: each is discarded on arrival.
        XCTAssertEqual(discarded.map(\.time), world.calendar.fetchTimes)
        XCTAssertTrue(discarded.allSatisfy { $0.event == .pushDiscarded(.backgroundAppRefreshOff) })

        let alertOff = DeviceRun(world, Self.silentPush(.alert))
        let alertOn = DeviceRun(
            PushTests.pushWorld(days: 10, drop: 0, latency: 1_000, failure: 0), Self.silentPush(.alert))
        XCTAssertEqual(alertOff.outcomes, Array(repeating: .fresh, count: 10))
        XCTAssertEqual(alertOff.cycles, alertOn.cycles)
    }

    /// A background push that reaches a force-quit app, or waits (Low Power Mode) while the app
    /// is force-quit, is discarded at that moment; it is never delivered at the next open.
    /// Pushes leave at F with no delay, so each push's fate follows from the user's timeline alone.
    func testABackgroundPushHeldForAForceQuitAppIsDiscarded() {
        var world = PushTests.pushWorld(days: 40, drop: 0, latency: 1_000, failure: 0)
        world.user.forceQuitPerDay = 1
        world.user.appOpensPerDay = 1
        world.user.lowPowerPerDay = 1
        world.user.lowPowerDuration = .fixed(6 * SimTime.hour)
        var discards = 0, atArrival = 0, whileHeld = 0
        for device in 0..<10 {
            let run = DeviceRun(world, Self.silentPush(.background), device: device)
            for (cycle, sent) in world.calendar.fetchTimes.enumerated() {
                let release = run.user.lowPower.nextOutside(sent)
                let quit = run.user.firstForceQuit(from: sent, through: release)
                let discard = run.trace.kinds("push.discarded").first { $0.cycle == cycle }
                let arrived = run.trace.kinds("push.arrived").first { $0.cycle == cycle }
                if let quit {
                    XCTAssertEqual(discard?.time, quit, "device \(device) cycle \(cycle)")
                    XCTAssertEqual(discard?.event, .pushDiscarded(.forceQuit))
                    XCTAssertNil(arrived, "device \(device) cycle \(cycle): a discarded push never wakes the app")
                    discards += 1
                    if quit == sent { atArrival += 1 } else { whileHeld += 1 }
                } else {
                    XCTAssertNil(discard, "device \(device) cycle \(cycle)")
                }
            }
        }
        XCTAssertGreaterThan(atArrival, 0, "pushes reaching a force-quit app")
        XCTAssertGreaterThan(whileHeld, 0, "pushes held by Low Power Mode when the app is force-quit")
        XCTAssertGreaterThan(discards, 20)
    }

    /// The hand-checked trace of one discard: the user force-quits the app, the cycle's push
    /// reaches the phone before the next open and is discarded then; the next open delivers nothing.
    func testTheTraceOfADiscardedPush() throws {
        var world = PushTests.pushWorld(days: 30, drop: 0, latency: 1_000, failure: 0)
        world.user.forceQuitPerDay = 0.5
        world.user.appOpensPerDay = 1
        for device in 0..<20 {
            let run = DeviceRun(world, Self.silentPush(.background), device: device)
            guard let discard = run.trace.kinds("push.discarded").first, let cycle = discard.cycle else { continue }
            let sent = world.calendar.fetchTimes[cycle]
            let quit = try XCTUnwrap(run.user.forceQuits.last { $0 <= sent })
            XCTAssertNil(run.user.opens.first { $0 >= quit && $0 <= sent }, "no open between the quit and the push")
            // In time order (the trace records a push's fate when it is sent, ahead of its time).
            let entries = run.trace.entries.enumerated().filter { $0.element.time >= quit && $0.element.time <= sent }
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.kind)
            XCTAssertEqual(entries.first, "app.forceQuit")
            XCTAssertEqual(Array(entries.suffix(2)), ["push.sent", "push.discarded"])
            XCTAssertEqual(discard.time, sent)
            XCTAssertEqual(
                discard.detail, "iOS discards the background push without waking the app: the app was force-quit")
            // The open after the quit runs the app, but no push of this cycle arrives then or later.
            XCTAssertNil(run.trace.kinds("push.arrived").first { $0.cycle == cycle })
            return
        }
        XCTFail("no device had a discarded push")
    }

    /// A processing request launches only while the app was used within the past week. With no
    /// open after setup (00:00 on day 1), the launches at F (18:25) on days 1–7 run; day 8's comes
    /// 7 d 18 h 25 min after the last open and is not fulfilled, and nothing resubmits.
    func testAProcessingRequestNeedsAnOpenWithinTheWeek() {
        var world = TestWorlds.world(days: 14)
        world.ios.taskKind = .processing
        world.user.idle = TimeWindows([(TestWorlds.start - SimTime.day, TestWorlds.start + 20 * SimTime.day)])
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertEqual(run.trace.kinds("bg.run").map(\.time), Array(world.calendar.fetchTimes.prefix(7)))
        let dropped = run.trace.kinds("bg.dropped")
        XCTAssertEqual(dropped.map(\.time), [world.calendar.fetchTimes[7]])
        XCTAssertEqual(dropped.first?.event, .processingRequestUnfulfilled)
        XCTAssertEqual(run.outcomes, Array(repeating: .fresh, count: 7) + Array(repeating: .stale, count: 7))
        // An app refresh request has no such rule (inactiveAfter is off in the test world).
        world.ios.taskKind = .appRefresh
        XCTAssertEqual(DeviceRun(world, TestWorlds.arm(.independent, .ios)).activity[.backgroundRuns], 14)
    }

    /// A budget drawn per launch: with 3 s fetches, the share of launched fetches that expire is
    /// P(budget < 3 s), here a lognormal of median 4 s and σ 0.5 (GSL's CDF). The launches
    /// themselves are those of a fixed budget: the budget's draw moves no other.
    func testABudgetDistributionExpiresTheShareBelowTheFetchDuration() {
        var world = TestWorlds.world(days: 30)
        world.fetch.latency = .fixed(3_000)
        var drawn = world
        drawn.ios.budgetDistribution = .lognormal(median: 4_000, sigma: 0.5)
        var launches = 0, expired = 0
        for device in 0..<100 {
            let run = DeviceRun(drawn, TestWorlds.arm(.chained, .ios), device: device)
            launches += run.trace.kinds("fetch.start").count
            expired += run.trace.kinds("fetch.fail").filter { $0.detail.contains("run budget expired") }.count
            if device < 5 {
                let fixed = DeviceRun(world, TestWorlds.arm(.chained, .ios), device: device)
                XCTAssertEqual(run.trace.kinds("bg.run").map(\.time), fixed.trace.kinds("bg.run").map(\.time))
            }
        }
        XCTAssertEqual(launches, 3_000)
        let p = gsl_cdf_lognormal_P(3_000, log(4_000), 0.5)
        XCTAssertEqual(Double(expired) / Double(launches), p, accuracy: TestWorlds.tolerance(p: p, n: Int64(launches)))
    }

    /// Each launch's budget is keyed by its request: the same request gets the same budget in
    /// every arm, and different requests differ.
    func testBudgetKeysNameTheRequest() {
        let a = IOSTaskScheduler.budgetKey(.backgroundRequestForCycle, index: DrawIndex.handlerRequest.make(3, 0))
        let b = IOSTaskScheduler.budgetKey(.backgroundRequestAtOpen, index: DrawIndex.handlerRequest.make(3, 0))
        let setup = IOSTaskScheduler.budgetKey(.backgroundRequestAtOpen, index: -1)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(setup, DrawIndex.launchBudget.make(0, 1))
        XCTAssertEqual(
            a, IOSTaskScheduler.budgetKey(.backgroundRequestForCycle, index: DrawIndex.handlerRequest.make(3, 0)))
    }

    /// `launch: beforeUse` with opens weighted at 08:00 and 19:00 only (the usage hours):
    /// a launch at F = 18:25 waits until 18:45, 15 min before 19:00; one at 19:25 is inside a
    /// usage hour and runs at once; one at 22:25 waits until 07:45 the next morning.
    func testBeforeUseHoldsALaunchUntilShortlyBeforeTheNextUsageHour() {
        var hours = Array(repeating: 0.0, count: 24)
        hours[8] = 1
        hours[19] = 1
        for (notify, expectedDelay) in [
            (18 * 60 + 30, 20 * SimTime.minute), (19 * 60 + 30, 0),
            (22 * 60 + 30, 9 * SimTime.hour + 20 * SimTime.minute),
        ] {
            var world = WorldConfiguration(calendar: TestWorlds.dailyCalendar(days: 5, notifyMinute: notify))
            world.ios.inactiveAfter = nil
            world.user.appOpenHours = hours
            world.ios.launch = .beforeUse
            let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
            let launches = run.trace.kinds("bg.submit").compactMap { entry -> Millis? in
                guard case .backgroundRequestSubmitted(let earliest, let launch) = entry.event else { return nil }
                XCTAssertEqual(earliest, world.calendar.fetchTimes[entry.cycle!])
                return launch - earliest
            }
            XCTAssertEqual(launches.count, 5, "notify minute \(notify)")
            XCTAssertTrue(launches.allSatisfy { $0 == expectedDelay }, "notify minute \(notify): \(launches)")
            // afterEarliest, and beforeUse without a profile: at F.
            world.ios.launch = .afterEarliest
            XCTAssertEqual(
                DeviceRun(world, TestWorlds.arm(.independent, .ios)).trace.kinds("bg.run").map(\.time),
                Array(world.calendar.fetchTimes))
        }
        XCTAssertEqual(IOSTaskScheduler.usageHours(nil), IOSTaskScheduler.everyHour)
        XCTAssertEqual(IOSTaskScheduler.usageHours(hours), 1 << 8 | 1 << 19)
        // At least the average weight: with weights 1 and 3, only the 3s.
        XCTAssertEqual(IOSTaskScheduler.usageHours((0..<24).map { $0 < 6 ? 3.0 : 1.0 }), (1 << 6) - 1)
    }

    /// Without a profile every hour is a usage hour: `beforeUse` gives `afterEarliest`'s figures.
    func testBeforeUseWithoutAProfileIsAfterEarliest() {
        var world = TestWorlds.world(days: 20)
        world.ios.delay = .lognormal(median: Double(90 * SimTime.minute), sigma: 1.5)
        world.user.appOpensPerDay = 1.5
        var before = world
        before.ios.launch = .beforeUse
        for device in 0..<5 {
            let a = DeviceRun(world, TestWorlds.arm(.chained, .ios), device: device)
            let b = DeviceRun(before, TestWorlds.arm(.chained, .ios), device: device)
            XCTAssertEqual(a.cycles, b.cycles)
            XCTAssertEqual(a.trace.entries, b.trace.entries)
        }
    }

    /// Every open resubmitting restarts the delay: with a 2 h delay and an open
    /// every ~30 min, few requests ever launch. Resubmitting only when none is
    /// pending keeps each request's draw, so BG tasks run about once a cycle.
    func testResubmittingOnlyWhenNoneIsPendingKeepsTasksRunning() {
        var world = TestWorlds.world(days: 30)
        world.ios.delay = .fixed(2 * SimTime.hour)
        world.user.appOpensPerDay = 48
        let always = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        world.ios.resubmitOnOpen = .ifNone
        let ifNone = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertLessThan(always.activity[.backgroundRuns], 10)
        XCTAssertGreaterThanOrEqual(ifNone.activity[.backgroundRuns], 28)
    }
}

/// The launch rule of docs/model.md §2 ("iOS BG requests"): a request's delay runs only while it may
/// run, from the first eligible instant, so launches come a continuous delay after the phone is
/// plugged in, never piled on that instant.
final class EligibleLaunchTests: XCTestCase {
    /// A processing task that needs power, submitted at F = 18:25 for a charger 23:00–07:00 (idle all
    /// the time): each launch is 23:00 plus the drawn delay (lognormal, median 40 min, σ 0.8), not 23:00
    /// itself. The offsets match the delay's CDF (GSL) by a Kolmogorov–Smirnov bound at α = 0.001,
    /// 1.95/√n; none lands on the plug-in instant.
    func testAProcessingLaunchIsTheDelayAfterPlugIn() {
        // No opens: every request is the task's own resubmission for the next F (a processing request is
        // fulfilled for a week after the last open, setup, so 7 nights a device).
        var world = TestWorlds.world(days: 8)
        world.ios.taskKind = .processing
        world.ios.requiresExternalPower = true
        world.ios.delay = .lognormal(median: Double(40 * SimTime.minute), sigma: 0.8)
        world.user.idle = TimeWindows([(TestWorlds.start - SimTime.day, TestWorlds.start + 50 * SimTime.day)])
        world.user.charging = TimeWindows(
            (-1...41).map { day in
                let base = TestWorlds.start + Millis(day) * SimTime.day
                return (base + 23 * SimTime.hour, base + 31 * SimTime.hour)
            })
        var offsets: [Double] = []
        for device in 0..<120 {
            let run = DeviceRun(world, TestWorlds.arm(.independent, .ios), device: device)
            for launch in run.trace.kinds("bg.run") {
                let sinceMidnight = (launch.time - TestWorlds.start) % SimTime.day
                let sincePlugIn = (sinceMidnight - 23 * SimTime.hour + SimTime.day) % SimTime.day
                if sincePlugIn < 8 * SimTime.hour { offsets.append(Double(sincePlugIn)) }
            }
        }
        XCTAssertGreaterThan(offsets.count, 500)
        XCTAssertEqual(offsets.filter { $0 == 0 }.count, 0, "no launch on the plug-in instant")
        let sorted = offsets.sorted()
        let n = Double(sorted.count)
        var distance = 0.0
        for (i, x) in sorted.enumerated() {
            let f = gsl_cdf_lognormal_P(x, log(Double(40 * SimTime.minute)), 0.8)
            distance = max(distance, abs(f - Double(i) / n), abs(f - Double(i + 1) / n))
        }
        XCTAssertLessThan(distance, 1.95 / n.squareRoot(), "KS distance")
    }
}
