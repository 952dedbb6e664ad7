import XCTest

@testable import DNSimCore

/// The push strategies (docs/push.md): closed forms, the push service's
/// store, Doze, what holds a background push, and common random numbers.
final class PushTests: XCTestCase {
    /// Pushes at once, 2 s fetches, many updates: each cycle's outcome is its push's and its fetch's.
    static func pushWorld(days: Int, drop: Double, latency: Millis, failure: Double) -> WorldConfiguration {
        var world = TestWorlds.world(days: days)
        world.ios.push.alert = PushDelivery(delay: .fixed(0), drop: drop)
        world.ios.push.background = PushDelivery(delay: .fixed(0), drop: drop)
        world.android.push.delivery = PushDelivery(delay: .fixed(0), drop: drop)
        world.fetch.latency = .fixed(latency)
        world.fetch.failure = failure
        return world
    }

    static func push(_ platform: Platform, _ kind: PushKind = .alert) -> Arm {
        TestWorlds.arm(.push, platform, label: kind == .alert ? "push" : "silent-push") { $0.pushKind = kind }
    }

    /// drop 0.1, failure 0.05: fresh = 0.9 · 0.95, fallback = 0.9 · 0.05, missed = 0.1, nothing late.
    func testAlertPushClosedForm() {
        let world = Self.pushWorld(days: 60, drop: 0.1, latency: 2_000, failure: 0.05)
        let result = TestWorlds.run(world, arms: [Self.push(.ios), Self.push(.android)], devices: 100)
        for statistics in result.arms {
            for (metric, expected) in [
                (RateMetric.fresh, 0.9 * 0.95), (.fallback, 0.9 * 0.05), (.missed, 0.1), (.late, 0),
            ] {
                XCTAssertEqual(
                    statistics.rate(metric), expected,
                    accuracy: TestWorlds.tolerance(p: expected, n: statistics.cycles) + 1e-12,
                    "\(metric.name)")
            }
            XCTAssertEqual(statistics.lateness.maximum, 2_000, "shown when the 2 s fetch ends")
            XCTAssertEqual(
                statistics.sum(.backgroundRuns) + statistics.sum(.alarmWakeups), 0, "the platform schedules nothing")
            XCTAssertEqual(statistics.sum(.pushes), statistics.cycles, "one push per cycle")
        }
    }

    /// A 40 s fetch outlasts the NSE's 30 s: every delivered push shows the payload at T + 30 s.
    func testAFetchLongerThanTheNSEBudgetShowsThePayloadWhenItExpires() {
        let world = Self.pushWorld(days: 60, drop: 0.1, latency: 40_000, failure: 0.05)
        let statistics = TestWorlds.run(world, arms: [Self.push(.ios)], devices: 100).arms[0]
        XCTAssertEqual(statistics.rate(.fallback), 0.9, accuracy: TestWorlds.tolerance(p: 0.9, n: statistics.cycles))
        XCTAssertEqual(statistics.rate(.fresh), 0)
        XCTAssertEqual(statistics.rate(.missed), 0.1, accuracy: TestWorlds.tolerance(p: 0.1, n: statistics.cycles))
        XCTAssertEqual(statistics.lateness.maximum, 30_000)
        let run = DeviceRun(world, Self.push(.ios))
        let shown = run.cycles.compactMap(\.lateness)
        XCTAssertFalse(shown.isEmpty)
        XCTAssertEqual(shown, Array(repeating: 30_000, count: shown.count), "every display at T + 30 s")
        XCTAssertFalse(run.trace.kinds("push.timeout").isEmpty)
        XCTAssertTrue(
            run.trace.kinds("push.timeout").allSatisfy { $0.detail.contains("serviceExtensionTimeWillExpire") })
    }

    /// Empty fetches: iOS shows the payload unless the app may filter; Android leaves it out.
    func testAnEmptyFetchIsSuppressedOnlyWhereTheHandlerMayShowNothing() {
        var world = Self.pushWorld(days: 30, drop: 0, latency: 1_000, failure: 0)
        world.server.updatesPerDay = 0
        let result = TestWorlds.run(world, arms: [Self.push(.ios), Self.push(.android)], devices: 5)
        XCTAssertEqual(result.arms[0].rate(.fallback), 1, "no filtering entitlement: the payload shows")
        XCTAssertEqual(result.arms[1].rate(.suppressed), 1)
        world.ios.push.filtering = true
        XCTAssertEqual(TestWorlds.run(world, arms: [Self.push(.ios)], devices: 5).arms[0].rate(.suppressed), 1)
    }

    /// A background push at F wakes the chained logic: a dropped push (0.2)
    /// leaves the cycle to its guard at T + contentTimeout (fallback, late).
    /// iOS pre-arms guards for a week; an Android guard is armed by the
    /// previous cycle's code, so two drops in a row miss: 0.2 · 0.2.
    func testBackgroundPushClosedForm() {
        let world = Self.pushWorld(days: 60, drop: 0.2, latency: 2_000, failure: 0)
        let result = TestWorlds.run(
            world, arms: [Self.push(.ios, .background), Self.push(.android, .background)], devices: 100)
        for (statistics, missed) in zip(result.arms, [0, 0.04]) {
            XCTAssertEqual(statistics.rate(.fresh), 0.8, accuracy: TestWorlds.tolerance(p: 0.8, n: statistics.cycles))
            XCTAssertEqual(
                statistics.rate(.fallback), statistics.rate(.late), accuracy: 1e-12, "the guard fires 5 min after T")
            XCTAssertEqual(
                statistics.rate(.fallback), 0.2 - missed,
                accuracy: TestWorlds.tolerance(p: 0.2 - missed, n: statistics.cycles))
            XCTAssertEqual(
                statistics.rate(.missed), missed,
                accuracy: TestWorlds.tolerance(p: missed, n: statistics.cycles) + 1e-12)
        }
    }

    /// One offline period spanning two Ts: the older push is replaced in the
    /// store (its cycle missed); the newer one arrives at reconnect and shows, late.
    func testOfflineStoreKeepsOnlyTheNewestPush() {
        var world = Self.pushWorld(days: 60, drop: 0, latency: 2_000, failure: 0)
        world.user.offlinePerDay = 0.1
        world.user.offlineDuration = .fixed(31 * SimTime.hour)
        // Starts 12:00–13:00, ends 19:00–20:00 the next day.
        world.user.offlineHours = (0..<24).map { $0 == 12 ? 1 : 0 }
        var checked = 0
        for device in 0..<60 {
            let run = DeviceRun(world, Self.push(.ios), device: device)
            let notify = world.calendar.notifyTimes
            for (start, end) in zip(run.user.offline.starts, run.user.offline.ends) {
                let covered = notify.indices.filter { notify[$0] >= start && notify[$0] < end }
                guard covered.count == 2, covered[1] + 1 < notify.count else { continue }
                let (older, newer) = (covered[0], covered[1])
                XCTAssertEqual(run.cycles[older].outcome, .missed, "device \(device)")
                XCTAssertTrue(
                    run.trace.kinds("push.replaced").contains { $0.cycle == older && $0.time == notify[newer] })
                XCTAssertEqual(run.cycles[newer].outcome, .fresh)
                XCTAssertEqual(
                    run.cycles[newer].lateness, end - notify[newer] + 2_000, "shown when the fetch after reconnect ends"
                )
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 5, "the world holds offline periods over two Ts")
    }

    /// A store time shorter than the outage: the push expires and its cycle is missed.
    func testAPushStoredPastStoreForExpires() {
        var world = Self.pushWorld(days: 60, drop: 0, latency: 2_000, failure: 0)
        world.user.offlinePerDay = 0.2
        world.user.offlineDuration = .fixed(3 * SimTime.hour)
        world.ios.push.storeFor = SimTime.hour
        var expired = 0
        for device in 0..<40 {
            let run = DeviceRun(world, Self.push(.ios), device: device)
            for (cycle, record) in run.cycles.enumerated() {
                let notify = world.calendar.notifyTimes[cycle]
                guard let period = run.user.offline.interval(containing: notify) else {
                    XCTAssertEqual(record.outcome, .fresh)
                    continue
                }
                let waits = period.end - notify
                XCTAssertEqual(
                    record.outcome, waits > SimTime.hour ? .missed : .fresh, "device \(device) cycle \(cycle)")
                if waits > SimTime.hour {
                    expired += 1
                    XCTAssertTrue(
                        run.trace.kinds("push.expired").contains {
                            $0.cycle == cycle && $0.time == notify + SimTime.hour
                        })
                }
            }
        }
        XCTAssertGreaterThan(expired, 0)
    }

    /// Held exactly `storeFor` after sending, a push is still delivered; a millisecond more and it expires.
    func testStoreForIsInclusive() {
        var world = Self.pushWorld(days: 60, drop: 0, latency: 1_000, failure: 0)
        world.user.offlinePerDay = 0.3
        world.user.offlineDuration = .exponential(mean: Double(3 * SimTime.hour))
        var device = 0, found: (cycle: Int, wait: Millis)?
        var run = DeviceRun(world, Self.push(.ios), device: device)
        while found == nil, device < 50 {
            run = DeviceRun(world, Self.push(.ios), device: device)
            if let cycle = world.calendar.notifyTimes.indices.first(where: {
                run.user.offline.contains(world.calendar.notifyTimes[$0])
            }) {
                found = (
                    cycle,
                    run.user.offline.interval(containing: world.calendar.notifyTimes[cycle])!.end
                        - world.calendar.notifyTimes[cycle]
                )
            } else {
                device += 1
            }
        }
        guard let (cycle, wait) = found else { return XCTFail("no push held offline") }
        world.ios.push.storeFor = wait
        XCTAssertEqual(DeviceRun(world, Self.push(.ios), device: device).cycles[cycle].outcome, .fresh)
        world.ios.push.storeFor = wait - 1
        let expired = DeviceRun(world, Self.push(.ios), device: device)
        XCTAssertEqual(expired.cycles[cycle].outcome, .missed)
        XCTAssertEqual(
            expired.trace.kinds("push.expired").first { $0.cycle == cycle }?.time,
            world.calendar.notifyTimes[cycle] + wait - 1)
    }

    /// After a reboot with no BOOT_COMPLETED receiver, the code a push wakes re-arms the alarms, so a
    /// background push still shows its cycle (the chained arm waits for the next open).
    func testAPushWakeReArmsAlarmsAfterAReboot() {
        var world = Self.pushWorld(days: 60, drop: 0, latency: 1_000, failure: 0)
        world.user.rebootsPerDay = 0.2
        world.user.appOpensPerDay = 0.1
        let result = TestWorlds.run(
            world,
            arms: [
                TestWorlds.arm(.chained, .android), Self.push(.android, .background),
                Self.push(.android),
            ], devices: 40)
        XCTAssertGreaterThan(result.arms[0].rate(.missed), 0.2, "chained loses its alarms until the next open")
        XCTAssertEqual(result.arms[1].rate(.missed), 0, "the woken code re-arms")
        XCTAssertEqual(result.arms[1].rate(.fresh), 1, accuracy: 1e-12)
        XCTAssertEqual(result.arms[2].rate(.fresh), 1, accuracy: 1e-12)
    }

    /// `priority: normal` waits in Doze for the next maintenance window; `high` does not.
    func testNormalPriorityWaitsForTheNextDozeMaintenanceWindow() {
        var world = Self.pushWorld(days: 10, drop: 0, latency: 2_000, failure: 0)
        world.android.doze = DozeSchedule()
        // Idle 17:00–23:00 UTC: windows at 18:00, 20:00, 00:00 (1 h, then 2 h, …); T is 18:30.
        world.user.idle = TimeWindows(
            (0..<11).map { day in
                let midnight = TestWorlds.start + Millis(day) * SimTime.day
                return (midnight + 17 * SimTime.hour, midnight + 23 * SimTime.hour)
            })
        world.android.push.priority = .normal
        let normal = DeviceRun(world, Self.push(.android))
        XCTAssertEqual(normal.cycles.map(\.lateness), Array(repeating: 90 * SimTime.minute + 2_000, count: 10))
        XCTAssertEqual(normal.trace.kinds("push.held").count, 10)
        XCTAssertTrue(normal.trace.kinds("push.held").allSatisfy { $0.detail.contains("Doze") })
        world.android.push.priority = .high
        XCTAssertEqual(DeviceRun(world, Self.push(.android)).cycles.map(\.lateness), Array(repeating: 2_000, count: 10))
    }

    /// iOS takes an alert push in Low Power Mode and after a force-quit, but
    /// holds a background push until Low Power Mode ends and discards it for a
    /// force-quit app; neither reaches an offline phone.
    func testWhatHoldsABackgroundPushOnIOS() {
        var world = Self.pushWorld(days: 30, drop: 0, latency: 1_000, failure: 0)
        world.user.lowPowerPerDay = 1
        world.user.lowPowerDuration = .fixed(6 * SimTime.hour)
        world.user.offlinePerDay = 0.5
        world.user.offlineDuration = .fixed(2 * SimTime.hour)
        world.user.forceQuitPerDay = 1
        world.user.appOpensPerDay = 1
        world.ios.push.background.delay = .exponential(mean: Double(10 * SimTime.minute))
        var alertInLowPower = 0, silentArrivals = 0
        var heldBy: [String: Int] = [:]
        for device in 0..<30 {
            let alert = DeviceRun(world, Self.push(.ios), device: device)
            for arrival in alert.trace.kinds("push.arrived") {
                XCTAssertFalse(alert.user.offline.contains(arrival.time))
                if alert.user.lowPower.contains(arrival.time) || alert.user.forceQuitEnd(at: arrival.time) != nil {
                    alertInLowPower += 1
                }
            }
            let silent = DeviceRun(world, Self.push(.ios, .background), device: device)
            for arrival in silent.trace.kinds("push.arrived") {
                silentArrivals += 1
                XCTAssertFalse(silent.user.offline.contains(arrival.time), "device \(device)")
                XCTAssertFalse(silent.user.lowPower.contains(arrival.time), "device \(device)")
                XCTAssertNil(silent.user.forceQuitEnd(at: arrival.time), "device \(device)")
            }
            for held in silent.trace.kinds("push.held") {
                for hold in ["offline", "Low Power Mode"] where held.detail.contains(hold) {
                    heldBy[hold, default: 0] += 1
                }
            }
            heldBy["force-quit", default: 0] += silent.trace.kinds("push.discarded").count
        }
        XCTAssertGreaterThan(alertInLowPower, 0, "alert pushes reach phones in Low Power Mode or force-quit")
        XCTAssertGreaterThan(silentArrivals, 100)
        for hold in ["offline", "Low Power Mode", "force-quit"] {
            XCTAssertGreaterThan(heldBy[hold, default: 0], 0, hold)
        }
    }

    /// Adding the push arms changes no figure of the other arms.
    func testPushArmsLeaveTheOtherArmsUnchanged() {
        var world = TestWorlds.world(days: 30)
        world.ios.delay = .exponential(mean: Double(2 * SimTime.hour))
        world.ios.never = 0.2
        world.fetch.latency = .lognormal(median: 800, sigma: 1)
        world.fetch.failure = 0.05
        world.user.appOpensPerDay = 2
        world.user.offlinePerDay = 1
        world.user.offlineDuration = .exponential(mean: Double(3 * SimTime.hour))
        world.ios.push.alert.delay = .lognormal(median: 1_000, sigma: 1)
        let local = Platform.allCases.flatMap { platform in
            [TestWorlds.arm(.independent, platform), TestWorlds.arm(.chained, platform)]
        }
        let all = Platform.allCases.flatMap { platform in
            [
                TestWorlds.arm(.independent, platform), TestWorlds.arm(.chained, platform), Self.push(platform),
                Self.push(platform, .background),
            ]
        }
        let without = TestWorlds.run(world, arms: local, devices: 50)
        let with = TestWorlds.run(world, arms: all, devices: 50)
        for (index, arm) in local.enumerated() {
            XCTAssertEqual(with.arms[all.firstIndex(of: arm)!], without.arms[index], arm.name)
        }
    }
}

/// `server.pushWhen: withNews` (docs/push.md): the server sends a cycle's push only when there is
/// news since its previous send time.
final class PushWhenNewsTests: XCTestCase {
    /// Poisson updates at u = 1 a day and sends a day apart: no news in a gap with probability
    /// e^−u, so that share of alert-push cycles is suppressed (no push sent), on both platforms,
    /// within binomial tolerance (gaps are disjoint: cycles independent). The first cycle's gap
    /// runs from setup and is left out. With `always` the server sends every push.
    func testSuppressedShareIsThePoissonClosedForm() {
        for platform in [Platform.ios, .android] {
            var world = TestWorlds.world(days: 200)
            world.server.updatesPerDay = 1
            world.server.pushWhen = .withNews
            var suppressed = 0, cycles = 0, notSent = 0
            for device in 0..<20 {
                let run = DeviceRun(world, TestWorlds.arm(.push, platform), device: device)
                suppressed += run.outcomes.dropFirst().filter { $0 == .suppressed }.count
                cycles += run.outcomes.count - 1
                notSent += run.trace.kinds("push.notSent").count
            }
            let p = exp(-1.0)
            print("withNews \(platform): suppressed", Double(suppressed) / Double(cycles), "closed form", p)
            XCTAssertEqual(
                Double(suppressed) / Double(cycles), p, accuracy: TestWorlds.tolerance(p: p, n: Int64(cycles)))
            XCTAssertGreaterThan(notSent, 0)
            world.server.pushWhen = .always
            XCTAssertTrue(DeviceRun(world, TestWorlds.arm(.push, platform)).trace.kinds("push.notSent").isEmpty)
        }
    }
}

/// A shard's arms must be their strategies' (issue 44, item 6): `merge` refuses a counter the arm's
/// strategy and platform can never produce, so arms swapped in a shard file are caught.
final class ShardArmInvariantTests: XCTestCase {
    func testSwappedArmsShowImpossibleCounters() {
        var world = TestWorlds.world(days: 10)
        world.ios.delay = .fixed(0)
        let arms = [
            TestWorlds.arm(.chained, .ios), PushTests.push(.ios), TestWorlds.arm(.chained, .android),
            PushTests.push(.android),
        ]
        let plan = SimulationPlan(world: world, arms: arms, seed: 3, devices: 6)
        let result = TestWorlds.run(world, arms: arms, devices: 6, seed: 3)
        XCTAssertNoThrow(try ShardCheck.result(result, plan: plan, devices: 6, prefix: "result"))
        for (a, b, field) in [(0, 1, "result.arms[0].pushes"), (2, 3, "result.arms[2].pushes")] {
            var swapped = result
            swapped.arms.swapAt(a, b)
            XCTAssertThrowsError(try ShardCheck.result(swapped, plan: plan, devices: 6, prefix: "result")) { error in
                XCTAssertTrue("\(error)".hasPrefix(field), "\(error)")
            }
        }
        // A push arm given a chained arm's BG runs (the chained arm's figures copied over it).
        var copied = result
        copied.arms[1] = result.arms[0]
        XCTAssertThrowsError(try ShardCheck.result(copied, plan: plan, devices: 6, prefix: "result")) { error in
            XCTAssertTrue("\(error)".hasPrefix("result.arms[1].backgroundRuns"), "\(error)")
        }
    }
}
