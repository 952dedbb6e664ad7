import XCTest

@testable import DNSimCore

/// Android alarms of the plugin's kind (docs/model.md §2, "Chained in detail"): the
/// chained notification and its guard are deferred like every plugin alarm,
/// and a deferred alarm shows when it really fires, never earlier.
final class AndroidAlarmTests: XCTestCase {
    func dailyWindows(days: Int, from: Int, to: Int) -> TimeWindows {
        TimeWindows(
            (-1...days).map { day in
                let base = TestWorlds.start + Millis(day) * SimTime.day
                return (base + Millis(from) * SimTime.hour, base + Millis(to) * SimTime.hour)
            })
    }

    /// Idle 00:00–08:00 UTC, maintenance windows at 01:00, 03:00 and 07:00;
    /// fetch 02:55, notify 03:30. The fetch alarm waits for 03:00, fetches and
    /// arms T; that alarm waits for 07:00 and shows then: 3.5 h late, with
    /// content 4 h old (stale for a 35-minute lead), not at T + 5 min.
    func testAChainedAlarmInDozeShowsAtTheNextMaintenanceWindow() {
        var world = WorldConfiguration(
            calendar: TestWorlds.dailyCalendar(days: 10, notifyMinute: 3 * 60 + 30, lead: 35 * SimTime.minute))
        world.server.updatesPerDay = 50
        world.freshWithin = 35 * SimTime.minute
        world.user.idle = dailyWindows(days: 10, from: 0, to: 8)
        world.android.doze = DozeSchedule()
        world.android.alarmKind = .setExact
        // Doze alone: a never-opened app would sink to the restricted bucket (AndroidPowerTests).
        world.android.power.standbyBucket = .active
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        XCTAssertEqual(run.cycles.map(\.lateness), Array(repeating: 3 * SimTime.hour + 30 * SimTime.minute, count: 10))
        XCTAssertEqual(run.outcomes, Array(repeating: .stale, count: 10))
    }

    /// Without the exact-alarm permission the notification alarm armed at a
    /// fetch that ends before T (no Doze) fires within 75% of the time from the
    /// arming to T after T: it shows then, not at T.
    /// (A 12 h lead: the fetch alarm, inexact too, often fires before T.)
    func testWithoutThePermissionItShowsAtTheInexactTime() {
        var world = WorldConfiguration(
            calendar: TestWorlds.dailyCalendar(days: 60, notifyMinute: 15 * 60 + 30, lead: 12 * SimTime.hour))
        world.server.updatesPerDay = 50
        world.android.exactAlarmPermission = false
        world.android.power.standbyBucket = .active
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android) { $0.guardPolicy = .none })
        var armedBeforeT = 0
        for record in run.cycles {
            let notify = world.calendar.notifyTimes[record.cycle]
            guard let armed = run.trace.kinds("notification.armed").last(where: { $0.cycle == record.cycle }),
                armed.time < notify
            else { continue }
            armedBeforeT += 1
            let window = Millis(0.75 * Double(notify - armed.time))
            XCTAssertTrue(
                (0...window).contains(record.lateness ?? -1),
                "cycle \(record.cycle): \(record.lateness ?? -1) ms late, window \(window)")
        }
        XCTAssertGreaterThan(armedBeforeT, 10)
        XCTAssertGreaterThan(run.cycles.filter { ($0.lateness ?? 0) > 0 }.count, armedBeforeT / 2)
    }

    /// A guard armed when an app open runs plugin code is inexact from that
    /// moment: it fires 5 min to 5 min + 0.75 × (trigger − arming) after T,
    /// and every guard firing is an alarm wake-up.
    func testAnInexactGuardCountsFromItsArmingAndWakesTheApp() {
        var world = TestWorlds.world(days: 60)
        world.plugin.fetchEnabled = false
        world.user.appOpensPerDay = 3
        world.android.exactAlarmPermission = false
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        let fires = run.trace.kinds("guard.fire")
        XCTAssertGreaterThan(fires.count, 40)
        XCTAssertEqual(
            run.activity[.alarmWakeups], fires.count, "no fetch or notification alarm here: one wake-up per guard")
        let shown = run.cycles.filter { $0.outcome == .fallback }
        XCTAssertEqual(shown.count, fires.count)
        XCTAssertTrue(shown.allSatisfy { ($0.lateness ?? 0) >= 5 * SimTime.minute })
        XCTAssertGreaterThan(
            shown.filter { ($0.lateness ?? 0) > 10 * SimTime.minute }.count, shown.count / 2,
            "armed hours before, a guard's inexact window is hours long")
        XCTAssertTrue(
            shown.allSatisfy {
                ($0.lateness ?? 0) <= 5 * SimTime.minute + Millis(0.75 * Double(SimTime.day + 5 * SimTime.minute))
            })
    }

    /// A reboot clears the chained alarm armed with fetched content; when
    /// BOOT_COMPLETED re-arms it after T, the content shows at once, late.
    func testReArmingAfterTShowsTheArmedContentAtOnce() {
        var world = TestWorlds.world(days: 200)
        world.user.rebootsPerDay = 12
        world.android.rescheduleOnBoot = true
        world.android.bootCompletedDelay = 10 * SimTime.minute
        world.plugin.contentTimeout = 15 * 60_000
        world.freshWithin = 30 * SimTime.minute
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        let calendar = world.calendar
        var checked = 0
        for boot in run.trace.kinds("boot.completed") {
            // The cycles whose T passed while the phone was rebooting, after their content was armed.
            guard
                let cycle = calendar.notifyTimes.firstIndex(where: {
                    $0 < boot.time && $0 > boot.time - 10 * SimTime.minute
                }),
                let armed = run.trace.kinds("notification.armed").last(where: { $0.cycle == cycle }),
                armed.event == .notificationArmed(fetchedContent: true),
                let reboot = run.trace.kinds("reboot").last(where: { $0.time < calendar.notifyTimes[cycle] }),
                reboot.time > armed.time
            else { continue }
            let record = run.cycles.first { $0.cycle == cycle }!
            XCTAssertEqual(record.outcome, .fresh, "cycle \(cycle)")
            XCTAssertEqual(record.lateness, boot.time - calendar.notifyTimes[cycle])
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3)
    }
}

/// Handler time (docs/model.md §2, "Android as apps ship it"): a fetch run in the alarm's receiver
/// has `receiverBudget`; one handed to work runs to the end.
final class AndroidReceiverBudgetTests: XCTestCase {
    /// Fetch latency uniform on 0–20 s against the receiver's 10 s: about half of the fetch alarms'
    /// fetches are cancelled (P(latency > 10 s) = ½), within binomial tolerance; handed to a worker,
    /// none is.
    func testAReceiverFetchWithLatencyUpToTwentySecondsFailsAboutHalfTheTime() {
        var world = TestWorlds.world(days: 30)
        world.fetch.latency = .uniform(min: 0, max: 20_000)
        world.fetch.failure = 0
        world.android.fetchIn = .receiver
        var starts = 0, expired = 0
        for device in 0..<60 {
            let run = DeviceRun(world, TestWorlds.arm(.independent, .android), device: device)
            starts += run.trace.kinds("fetch.start").count
            expired += run.trace.kinds("fetch.fail").filter { $0.detail.contains("run budget expired") }.count
        }
        XCTAssertGreaterThan(starts, 1_000)
        XCTAssertEqual(Double(expired) / Double(starts), 0.5, accuracy: TestWorlds.tolerance(p: 0.5, n: Int64(starts)))

        world.android.fetchIn = .worker
        let worker = DeviceRun(world, TestWorlds.arm(.independent, .android))
        XCTAssertTrue(worker.trace.kinds("fetch.fail").isEmpty)
    }

    /// The default is the worker: a 60 s fetch completes, as it always has.
    func testTheDefaultHandsTheFetchToAWorker() {
        var world = TestWorlds.world(days: 5)
        world.fetch.latency = .fixed(60_000)
        world.fetch.failure = 0
        XCTAssertEqual(world.android.fetchIn, .worker)
        XCTAssertNil(world.android.fetchBudget)
        XCTAssertTrue(DeviceRun(world, TestWorlds.arm(.independent, .android)).trace.kinds("fetch.fail").isEmpty)
    }
}

/// Force stop (docs/model.md §2, "Android as apps ship it"): Android's stopped state.
final class AndroidForceStopTests: XCTestCase {
    /// Opens at a (flat over the day) and force stops at r per day, both Poisson: the app is
    /// stopped, its T alarm cancelled, a share r/(r + a) of the time (a two-state Markov chain:
    /// running → stopped at rate r, stopped → running at the next open, rate a). Independent timers
    /// show at T only when running, so their missed rate is r/(r + a) = 0.25 for r = 0.5, a = 1.5,
    /// within binomial tolerance over the cycles (devices independent; the chain forgets its start
    /// within a day, a bias below 0.001 over 120 days).
    func testMissedRateMatchesTheTwoStateClosedForm() {
        var world = TestWorlds.world(days: 120)
        world.user.appOpensPerDay = 1.5
        world.user.forceStopPerDay = 0.5
        var missed = 0, cycles = 0
        for device in 0..<80 {
            let run = DeviceRun(world, TestWorlds.arm(.independent, .android), device: device)
            missed += run.outcomes.filter { $0 == .missed }.count
            cycles += run.outcomes.count
        }
        let p = 0.5 / (0.5 + 1.5)
        // A device's daily cycles are correlated through the chain: ρ = e^−(r+a) = 0.135 a day apart,
        // a design effect of 1 + 2ρ/(1 − ρ) = 1.31; the tolerance takes 3 (fewer effective cycles).
        print("force stop: missed", Double(missed) / Double(cycles), "closed form", p)
        XCTAssertEqual(Double(missed) / Double(cycles), p, accuracy: TestWorlds.tolerance(p: p, n: Int64(cycles / 3)))
    }

    /// A force stop makes FCM drop the push arm's messages until the next open: without opens,
    /// every cycle after the first stop is missed, and the trace names FCM's reason.
    func testFCMDropsMessagesToAStoppedApp() {
        var world = TestWorlds.world(days: 30)
        world.user.forceStopPerDay = 0.2
        let run = DeviceRun(world, TestWorlds.arm(.push, .android))
        let stop = run.trace.kinds("app.forceStop").first
        XCTAssertNotNil(stop)
        let discarded = run.trace.kinds("push.discarded")
        XCTAssertFalse(discarded.isEmpty)
        XCTAssertTrue(discarded.allSatisfy { $0.detail.contains("droppedAppForceStopped") })
        XCTAssertTrue(discarded.allSatisfy { $0.time >= stop!.time })
    }

    /// Without force stops nothing changes: the rate's stream draws nothing.
    func testNoForceStopDrawsNothing() {
        let world = TestWorlds.world(days: 20)
        XCTAssertEqual(world.user.forceStopPerDay, 0)
        XCTAssertTrue(DeviceRun(world, TestWorlds.arm(.independent, .android)).trace.kinds("app.forceStop").isEmpty)
    }
}

/// Notification permission denied (docs/model.md §4, `blocked`): what would have shown is blocked.
final class NotificationPermissionTests: XCTestCase {
    /// News every day (50 updates a day): every cycle would be shown, so all are blocked on Android
    /// with `POST_NOTIFICATIONS` denied, and the app's code fetches exactly as often as with it granted.
    func testDeniedBlocksEveryShownCycleWithTheSameFetches() {
        var world = TestWorlds.world(days: 30)
        for arm in [
            TestWorlds.arm(.independent, .android), TestWorlds.arm(.chained, .android),
            TestWorlds.arm(.independent, .ios),
        ] {
            let granted = DeviceRun(world, arm)
            XCTAssertTrue(granted.outcomes.allSatisfy(\.isShown), "\(arm.name)")
            world.android.notificationPermission = false
            world.ios.notificationAuthorization = false
            let denied = DeviceRun(world, arm)
            XCTAssertEqual(denied.outcomes, Array(repeating: .blocked, count: granted.outcomes.count), "\(arm.name)")
            XCTAssertEqual(denied.activity[.serverRequests], granted.activity[.serverRequests], "\(arm.name)")
            XCTAssertTrue(denied.trace.kinds("notification.shown").isEmpty)
            XCTAssertEqual(denied.trace.kinds("notification.blocked").count, granted.outcomes.count)
            world.android.notificationPermission = true
            world.ios.notificationAuthorization = true
        }
    }

    /// iOS does not present an alert push the user denied, so its service extension never fetches;
    /// on Android the FCM handler still runs and fetches.
    func testADeniedAlertPushFetchesOnAndroidOnly() {
        var world = TestWorlds.world(days: 20)
        world.android.notificationPermission = false
        world.ios.notificationAuthorization = false
        let ios = DeviceRun(world, TestWorlds.arm(.push, .ios))
        let android = DeviceRun(world, TestWorlds.arm(.push, .android))
        XCTAssertEqual(ios.activity[.serverRequests], 0)
        XCTAssertGreaterThan(android.activity[.serverRequests], 0)
        XCTAssertTrue(ios.outcomes.allSatisfy { $0 == .blocked || $0 == .missed })
        XCTAssertTrue(android.outcomes.allSatisfy { $0 == .blocked || $0 == .missed })
    }
}
