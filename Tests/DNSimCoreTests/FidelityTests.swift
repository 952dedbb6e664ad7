import XCTest

@testable import DNSimCore

/// The rules of docs/model.md §2–§3, each on a small hand-built world.
final class FidelityTests: XCTestCase {
    func testChainedWithoutGuardMissesEveryCycleWhenNoCodeRuns() {
        var world = TestWorlds.world(days: 20)
        world.ios.never = 1
        let run = DeviceRun(world, TestWorlds.arm(.chained, .ios) { $0.guardPolicy = .none })
        XCTAssertEqual(run.outcomes, Array(repeating: .missed, count: 20))
        XCTAssertEqual(run.activity[.backgroundRuns], 0)
        XCTAssertEqual(run.activity[.fetches], 0)
    }

    /// Guards are armed at setup for `guardHorizon` only: with no code running
    /// afterwards, cycles inside the horizon fall back and later ones are missed.
    func testGuardsCoverOnlyTheHorizonWhenNoCodeRuns() {
        var world = TestWorlds.world(days: 12)
        world.ios.never = 1
        let run = DeviceRun(world, TestWorlds.arm(.chained, .ios) { $0.guardHorizon = 5 * SimTime.day })
        // Setup at 00:00 on day 1; guard k fires at day k 18:35, inside 5 days for k = 1…5.
        XCTAssertEqual(run.outcomes, Array(repeating: .fallback, count: 5) + Array(repeating: .missed, count: 7))
    }

    /// iOS keeps at most 64 pending requests: a horizon of 100 cycles arms 64 guards.
    func testGuardsBeyondSixtyFourAreDropped() {
        var world = TestWorlds.world(days: 100)
        world.ios.never = 1
        let run = DeviceRun(world, TestWorlds.arm(.chained, .ios) { $0.guardHorizon = 200 * SimTime.day })
        XCTAssertEqual(run.outcomes.prefix(64).filter { $0 == .fallback }.count, 64)
        XCTAssertEqual(run.outcomes.dropFirst(64).filter { $0 == .missed }.count, 36)
    }

    /// A fetch that outlives the 30 s budget is cancelled by the expiration
    /// handler: it counts as a failure and never moves the ack.
    func testExpiredFetchFailsAndKeepsTheAck() {
        var world = TestWorlds.world(days: 10)
        world.fetch.latency = .fixed(45_000)
        let run = DeviceRun(world, TestWorlds.arm(.chained, .ios))
        XCTAssertGreaterThan(run.activity[.fetches], 0)
        XCTAssertEqual(run.activity[.acked], 0)
        XCTAssertTrue(run.trace.kinds("fetch.done").isEmpty)
        XCTAssertEqual(run.trace.kinds("fetch.fail").count, run.activity[.fetches])
        XCTAssertTrue(run.trace.kinds("fetch.fail").allSatisfy { $0.detail.contains("run budget expired") })
        // The expiration handler gets a moment of CPU: the fallback is shown at max(T, c) = T.
        XCTAssertEqual(run.outcomes, Array(repeating: .fallback, count: 10))
        XCTAssertTrue(run.cycles.allSatisfy { $0.lateness == 0 })
    }

    /// One pending request per identifier: each submission replaces the last,
    /// so a launch happens only when no later submission came before it.
    func testReplacedBackgroundRequestNeverFires() {
        var world = TestWorlds.world(days: 15)
        world.ios.delay = .fixed(2 * SimTime.hour)
        world.user.appOpensPerDay = 12
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        let submits = run.trace.kinds("bg.submit")
        XCTAssertGreaterThan(submits.count, 100)
        let fetchTimes = world.calendar.fetchTimes
        var expectedRuns = 0
        for (i, submit) in submits.enumerated() {
            let launch = max(fetchTimes[submit.cycle!], submit.time) + 2 * SimTime.hour
            let replaced = i + 1 < submits.count && submits[i + 1].time < launch
            // The run ends when the last cycle is resolved at its T.
            if !replaced && launch < world.calendar.notifyTimes.last! { expectedRuns += 1 }
        }
        XCTAssertEqual(run.activity[.backgroundRuns], expectedRuns)
        XCTAssertLessThan(run.activity[.backgroundRuns], submits.count / 2, "app opens keep pushing the launch back")
    }

    /// A force-quit cancels the pending request and stops BG tasks until the
    /// next open; that open submits again at once, and BG tasks resume: every
    /// request neither replaced nor cancelled by a force-quit before its
    /// launch, max(F, submitted) + 1 min, runs then, and no other does.
    func testForceQuitStopsBackgroundTasksUntilTheNextOpen() {
        var world = TestWorlds.world(days: 30)
        world.ios.delay = .fixed(SimTime.minute)
        world.ios.never = 0
        world.user.forceQuitPerDay = 0.5
        world.user.appOpensPerDay = 0.3
        let run = DeviceRun(world, TestWorlds.arm(.chained, .ios))
        let events = run.trace.entries.filter {
            ["app.forceQuit", "app.open", "bg.run", "bg.submit"].contains($0.kind)
        }
        var quit = false, opensAfterQuit = 0
        for (i, event) in events.enumerated() {
            switch event.kind {
            case "app.forceQuit": quit = true
            case "app.open":
                if quit {
                    opensAfterQuit += 1
                    XCTAssertTrue(
                        events[(i + 1)...].first { $0.kind == "bg.submit" }?.time == event.time,
                        "the open at \(event.time) after a force-quit submits a BG request")
                }
                quit = false
            case "bg.run": XCTAssertFalse(quit, "a BG task ran at \(event.time) after a force-quit and before any open")
            default: break
            }
        }
        XCTAssertGreaterThan(opensAfterQuit, 2)
        // Each surviving request's launch, from the submissions alone.
        let fetchTimes = world.calendar.fetchTimes, end = world.calendar.notifyTimes.last!
        var launches: [Millis] = []
        for (i, submit) in events.enumerated() where submit.kind == "bg.submit" {
            let launch = max(fetchTimes[submit.cycle!], submit.time) + SimTime.minute
            let cancelled = events[(i + 1)...].contains {
                ($0.kind == "bg.submit" || $0.kind == "app.forceQuit") && $0.time < launch
            }
            if !cancelled && launch < end { launches.append(launch) }
        }
        let runs = events.filter { $0.kind == "bg.run" }.map(\.time)
        XCTAssertEqual(runs, launches)
        XCTAssertEqual(run.activity[.backgroundRuns], runs.count)
        // Some of them after a force-quit, once the app was opened again.
        let quits = events.filter { $0.kind == "app.forceQuit" }.map(\.time)
        XCTAssertGreaterThan(
            runs.filter { run in quits.contains { $0 < run } }.count, 5, "BG tasks resume after the next open")
    }

    /// Once every JWT has expired, fetches fail with 401 until the next app open.
    func testLapsedTokenTurnsFreshIntoFallback() {
        var world = TestWorlds.world(days: 10)
        world.user.tokenLifetime = 2 * SimTime.day
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        // Setup hands over the pool at day 1 00:00; it lasts through day 2's fetch at 18:25.
        XCTAssertEqual(run.outcomes, [.fresh, .fresh] + Array(repeating: .fallback, count: 8))
        XCTAssertTrue(run.trace.kinds("fetch.fail").allSatisfy { $0.detail.contains("401") })
    }

    func testEmptyFetchSuppressesOrShowsDefault() {
        var world = TestWorlds.world(days: 5)
        world.server.updatesPerDay = 0
        // onNews has no cycles: with no update it has no record at all (OnNewsTests).
        for kind in StrategyKind.allCases where !kind.measuresUpdates {
            for platform in Platform.allCases {
                // An alert push's NSE may leave the notification out only with the filtering entitlement.
                let suppressed: CycleOutcome = kind == .push && platform == .ios ? .fallback : .suppressed
                XCTAssertEqual(
                    DeviceRun(world, TestWorlds.arm(kind, platform)).outcomes, Array(repeating: suppressed, count: 5),
                    "\(kind)/\(platform)")
                let showDefault = DeviceRun(world, TestWorlds.arm(kind, platform) { $0.onEmpty = .showDefault })
                XCTAssertEqual(showDefault.outcomes, Array(repeating: .fallback, count: 5), "\(kind)/\(platform)")
            }
        }
    }

    /// Independent timers on iOS: no code runs at T, so a fetch that never
    /// happens leaves the fallback armed at setup, shown on time every day.
    func testIOSIndependentShowsArmedFallbackWhenNoFetchRuns() {
        var world = TestWorlds.world(days: 7)
        world.ios.never = 1
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertEqual(run.outcomes, Array(repeating: .fallback, count: 7))
        XCTAssertTrue(run.cycles.allSatisfy { $0.lateness == 0 && $0.notifiedBeforeFetch })
    }

    /// Chained without a guard shows the notification whenever the fetch ends.
    func testChainedWithoutGuardShowsLateContent() {
        var world = TestWorlds.world(days: 5)
        world.android.fetchAlarmDelay = .fixed(20 * SimTime.minute)
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android) { $0.guardPolicy = .none })
        XCTAssertEqual(run.outcomes, Array(repeating: .fresh, count: 5))
        XCTAssertTrue(run.cycles.allSatisfy { $0.lateness == 15 * SimTime.minute })
    }

    /// iOS independent: a fetch that completes after T serves the next cycle;
    /// when the next cycle's own fetch replaces it before anyone sees it, its
    /// updates are lost. The count equals what the trace shows was replaced unseen.
    func testLostUpdatesAreCountedExactly() {
        var world = TestWorlds.world(days: 60)
        world.server.updatesPerDay = 3
        world.ios.delay = .mixture([
            MixtureComponent(weight: 1, distribution: .fixed(SimTime.minute)),
            MixtureComponent(weight: 1, distribution: .fixed(10 * SimTime.minute)),
        ])
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        var pending = 0, lost = 0
        for entry in run.trace.entries {
            switch entry.event {
            case .fetchReturned(let updates, _, _):
                lost += pending
                pending = updates
            case .notificationShown(let outcome, _, _) where outcome != .fallback:
                pending = 0
            default: break
            }
        }
        lost += pending
        XCTAssertGreaterThan(run.activity[.lostUpdates], 0)
        XCTAssertEqual(run.activity[.lostUpdates], lost)

        let carried = DeviceRun(world, TestWorlds.arm(.independent, .ios) { $0.carryUnshown = true })
        XCTAssertLessThanOrEqual(
            carried.activity[.lostUpdates], pending, "carryUnshown loses at most the run's last fetch")
        XCTAssertEqual(carried.activity[.acked], run.activity[.acked])
    }

    func testNotificationCopyFollowsTheFetcher() {
        XCTAssertNil(NotificationCopy.aggregated(projectNames: []))
        XCTAssertEqual(
            NotificationCopy.aggregated(projectNames: ["Garden"]),
            NotificationCopy(title: "Starred Project Update", body: "\u{201C}Garden\u{201D} has been updated."))
        XCTAssertEqual(
            NotificationCopy.aggregated(projectNames: ["Garden", "Library"]),
            NotificationCopy(
                title: "Starred Project Updates", body: "\u{201C}Garden\u{201D} + 1 more have been updated."))
        let seven = (1...7).map { "P\($0)" }
        XCTAssertEqual(
            NotificationCopy.aggregated(projectNames: seven),
            NotificationCopy(title: "Starred Project Updates", body: "\u{201C}P1\u{201D} + 6 more have been updated."))
    }

    func testShownNotificationsCarryTheirText() {
        let world = TestWorlds.world(days: 3)
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        let shown = run.trace.kinds("notification.shown")
        XCTAssertEqual(shown.count, 3)
        XCTAssertTrue(
            shown.allSatisfy { $0.title == "Starred Project Updates" && $0.body!.hasSuffix("more have been updated.") })
    }
}
