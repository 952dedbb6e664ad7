import Foundation
import XCTest

@testable import DNSimCore

/// A team's own rules (docs/model.md §4, issue 56) against their closed forms: staleness as an age
/// (`within_age`), reminders that always show (`onEmpty: show_cached`), a battery manager that stops
/// push (`batteryManager.stopsPush`) and the pushes a server sends under `pushWhen: withNews`.
/// Tolerances are four standard errors for the sample simulated; where a device's cycles are
/// correlated (an age spans days), twice the 95% interval across devices, which sees that correlation.
final class OwnRulesTests: XCTestCase {
    let devices = 200
    let days = 100

    func run(
        _ world: WorldConfiguration, _ arms: [Arm], maxContentAge: Millis? = nil,
        devices: Int? = nil
    ) -> SimulationResult {
        var plan = SimulationPlan(world: world, arms: arms, seed: 7, devices: devices ?? self.devices)
        plan.maxContentAge = maxContentAge
        return ParallelRunner.run(plan: plan, jobs: 2)
    }

    func assertRate(
        _ value: Double, _ expected: Double, n: Int64, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let tolerance = max(TestWorlds.tolerance(p: expected, n: n), 1e-12)
        XCTAssertEqual(
            value, expected, accuracy: tolerance, "\(what): expected \(expected) ± \(tolerance)",
            file: file, line: line)
    }

    // MARK: within_age

    /// One fetch a day, failing with p = 0.3, always news, independent timers: a cycle shows content no
    /// older than 12 h when today's fetch succeeded (0.7), than 36 h when today's or yesterday's did
    /// (1 − 0.3² = 0.91), than 60 h with three chances (1 − 0.3³ = 0.973); `fresh` stays 0.7. The first
    /// days have fewer fetches behind them, so the expectation averages 1 − 0.3^min(k + 1, fetches).
    func testWithinAgeCountsFetchesOfEarlierWindowsByTheirAge() {
        var world = TestWorlds.world(days: days)
        world.fetch.failure = 0.3
        let arm = TestWorlds.arm(.independent, .android)
        for (hours, fetches, steady) in [(12, 1, 0.7), (36, 2, 0.91), (60, 3, 0.973)] {
            let statistics = run(world, [arm], maxContentAge: Millis(hours) * SimTime.hour).arms[0]
            let expected = (0..<days).map { 1 - pow(0.3, Double(min($0 + 1, fetches))) }.reduce(0, +) / Double(days)
            XCTAssertEqual(expected, steady, accuracy: 0.004, "the first days move the mean little")
            let interval = try! XCTUnwrap(statistics.withinAgeInterval)
            let tolerance = max(TestWorlds.tolerance(p: expected, n: statistics.cycles), 2 * interval.halfWidth)
            XCTAssertEqual(try XCTUnwrap(statistics.withinAgeRate), expected, accuracy: tolerance, "\(hours) h")
            assertRate(statistics.rate(.fresh), 0.7, n: statistics.cycles, "fresh at \(hours) h")
        }
    }

    /// `earlyFetch: arm` decides a cycle by a fetch from before its F: a fetch for 18:25 that completes
    /// at 19:05 (a 40-minute alarm delay) arms the next day's 18:30, so every cycle but the first (the
    /// guard's fallback) is `stale` at any `freshWithin`, with content 23 h 25 min old: within a day, not 12 h.
    func testEarlyFetchArmIsStaleByTheWindowAndWithinAgeByTheAge() {
        var world = TestWorlds.world(days: 10)
        world.android.fetchAlarmDelay = .fixed(40 * SimTime.minute)
        world.freshWithin = SimTime.day
        let arm = TestWorlds.arm(.chained, .android) { $0.earlyFetch = .arm }
        for (age, expected) in [(SimTime.day, 0.9), (12 * SimTime.hour, 0.0)] {
            let statistics = run(world, [arm], maxContentAge: age, devices: 10).arms[0]
            XCTAssertEqual(statistics.rate(.stale), 0.9, accuracy: 1e-12)
            XCTAssertEqual(statistics.rate(.fallback), 0.1, accuracy: 1e-12)
            XCTAssertEqual(statistics.withinAgeRate ?? -1, expected, accuracy: 1e-12, "within \(age) ms")
        }
    }

    /// Without `metrics.maxContentAge` nothing is measured: no sums, no column value.
    func testWithinAgeIsAbsentWithoutTheKey() {
        let statistics = run(TestWorlds.world(days: 5), [TestWorlds.arm(.independent, .android)], devices: 3).arms[0]
        XCTAssertNil(statistics.withinAge)
        XCTAssertNil(SummaryColumns.named("within_age_rate")?.value(statistics, days: 5))
        let arm = Arm(strategy: StrategyConfiguration(kind: .independent), platform: .android)
        let row = SummaryTable.Row(arm, statistics, days: 5)
        XCTAssertFalse(row.measuresWithinAge)
        XCTAssertEqual(row.writtenFields.count, SummaryColumns.withinAgeStart)
    }

    /// A shard's `within_age` sums are bounded like the outcome counts: never more than the cycles
    /// shown with API content (a forged or damaged file is refused, not merged).
    func testAShardWithMoreWithinAgeThanShownContentIsRefused() throws {
        var world = TestWorlds.world(days: 10)
        world.fetch.failure = 0.3
        let arm = TestWorlds.arm(.independent, .android)
        var statistics = run(world, [arm], maxContentAge: SimTime.day, devices: 4).arms[0]
        XCTAssertNoThrow(try ShardCheck.arm(statistics, devices: 4, cyclesPerDevice: 10, field: "arms[0]"))
        let shown = statistics.count(.fresh) + statistics.count(.stale)
        statistics.withinAge?.count = shown + 1
        XCTAssertThrowsError(
            try ShardCheck.arm(
                statistics, devices: 4, cyclesPerDevice: 10,
                field: "arms[0]")
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("arms[0].withinAge.count "), "\(error)")
        }
    }

    // MARK: onEmpty

    /// Poisson updates at u = 0.7 a day: a cycle's fetch finds nothing with probability e^−u (the first
    /// window runs from the start, midnight, to the first F at 18:25). `suppress` suppresses those
    /// cycles, `show_default` shows the fallback, `show_cached` shows the confirmed cache, `fresh`: only
    /// the cycles before anything was ever fetched show the default copy.
    func testOnEmptyPoliciesAgainstPoissonUpdates() {
        let u = 0.7
        var world = TestWorlds.world(days: days)
        world.server.updatesPerDay = u
        let firstWindow = Double(18 * 60 + 25) / Double(24 * 60)
        let empty = (exp(-u * firstWindow) + Double(days - 1) * exp(-u)) / Double(days)
        // The cycles before the first non-empty fetch: Σₖ P(the first k windows are empty) / days.
        var nothingCached = 0.0, allEmpty = exp(-u * firstWindow)
        for _ in 0..<days { nothingCached += allEmpty; allEmpty *= exp(-u) }
        nothingCached /= Double(days)
        for kind in [StrategyKind.independent, .chained] {
            let arms = [EmptyFetchPolicy.suppress, .showDefault, .showCached].map { policy in
                TestWorlds.arm(kind, .android, label: "\(kind.rawValue)-\(policy.rawValue)") { $0.onEmpty = policy }
            }
            let result = run(world, arms)
            let (suppress, showDefault, showCached) = (result.arms[0], result.arms[1], result.arms[2])
            assertRate(suppress.rate(.suppressed), empty, n: suppress.cycles, "\(kind) suppress: suppressed")
            assertRate(suppress.rate(.fresh), 1 - empty, n: suppress.cycles, "\(kind) suppress: fresh")
            assertRate(showDefault.rate(.fallback), empty, n: showDefault.cycles, "\(kind) show_default: fallback")
            XCTAssertEqual(showDefault.count(.suppressed), 0)
            assertRate(showCached.rate(.fresh), 1 - nothingCached, n: showCached.cycles, "\(kind) show_cached: fresh")
            XCTAssertEqual(
                showCached.count(.fresh) + showCached.count(.fallback), showCached.cycles,
                "\(kind) show_cached")
            XCTAssertEqual(showCached.count(.suppressed) + showCached.count(.stale), 0)
        }
    }

    /// `show_cached`: the confirmed content's age counts from the confirming fetch, and a cycle with
    /// nothing cached shows the default copy.
    func testShowCachedAgeRunsFromTheConfirmingFetch() {
        var world = TestWorlds.world(days: 30)
        world.server.updatesPerDay = 0.7
        let arm = TestWorlds.arm(.independent, .android) { $0.onEmpty = .showCached }
        let run = DeviceRun(world, arm)
        var cached = false
        for cycle in run.cycles {
            if cycle.outcome == .fallback {
                XCTAssertFalse(cached, "the default copy only before anything was fetched")
            } else {
                cached = true
                XCTAssertEqual(cycle.outcome, .fresh)
                XCTAssertEqual(cycle.contentAge, 5 * SimTime.minute, "fetched at F, shown at T")
            }
        }
        XCTAssertTrue(cached)
    }

    // MARK: Battery manager and push

    /// An alert push arm, nothing dropped, opens at 0.3 a day, a manager that stops the app 3 days
    /// after its last open: with `stopsPush` FCM drops the push of a cycle with no open in the 3 days
    /// before it, e^−0.9 of the cycles after the first three days (setup counts as an open); none without.
    func testABatteryManagerThatStopsPushMissesTheCyclesWithoutARecentOpen() {
        var world = TestWorlds.world(days: days)
        world.android.push.delivery = PushDelivery(delay: .fixed(0), drop: 0)
        world.user.appOpensPerDay = 0.3
        world.android.power.stopsAfterUnused = 3 * SimTime.day
        let arm = TestWorlds.arm(.push, .android)
        let without = run(world, [arm]).arms[0]
        XCTAssertEqual(without.count(.missed), 0, "a manager that leaves push alone misses nothing")
        world.android.power.stopsPush = true
        let with = run(world, [arm]).arms[0]
        let expected = Double(days - 3) / Double(days) * exp(-0.9)
        // Whether a cycle is missed depends on opens over 3 days: neighbouring cycles are correlated.
        let tolerance = max(TestWorlds.tolerance(p: expected, n: with.cycles), 2 * with.interval(.missed).halfWidth)
        XCTAssertEqual(with.rate(.missed), expected, accuracy: tolerance)
        let trace = DeviceRun(world, arm).trace
        XCTAssertFalse(trace.entries.filter { $0.detail.contains("a battery manager stopped the app") }.isEmpty)
    }

    /// The manager's stop while a message is held (`FCMDelivery.managerStop`): stopped more than
    /// the limit after the last open, unless an open comes first; an open during the hold starts the
    /// app again, and a second unused stretch before the release stops it again.
    func testAHeldPushIsDroppedAtTheManagersStopEvenAfterAnOpenDuringTheHold() {
        let day = SimTime.day, limit = 3 * SimTime.day
        func stop(_ arrival: Millis, _ release: Millis, _ opens: [Millis]) -> Millis? {
            FCMDelivery.managerStop(from: arrival, through: release, after: limit, opens: opens, setup: 0)
        }
        // Already stopped when it arrives: dropped at once.
        XCTAssertEqual(stop(4 * day, 5 * day, []), 4 * day)
        // Stopped during the hold, with no open before it.
        XCTAssertEqual(stop(2 * day, 5 * day, []), limit + 1)
        // Released before the stop.
        XCTAssertNil(stop(2 * day, 3 * day, []))
        // An open during the hold before the stop, and released within the limit after it: kept.
        XCTAssertNil(stop(2 * day, 5 * day, [day / 2 * 5]))
        // An open during the hold, then more than the limit unused before the release: dropped at
        // the second stop (the first open's stop alone said kept).
        XCTAssertEqual(stop(2 * day, 10 * day, [day / 2 * 5]), day / 2 * 5 + limit + 1)
        // Opens during the hold keep it running; the last one's stop is after the release: kept.
        XCTAssertNil(stop(2 * day, 10 * day, [day / 2 * 5, 5 * day, 8 * day]))
        // Two opens at one instant count as one.
        XCTAssertEqual(stop(2 * day, 10 * day, [day / 2 * 5, day / 2 * 5]), day / 2 * 5 + limit + 1)
        // An open at the arrival instant is the last open.
        XCTAssertEqual(stop(2 * day, 10 * day, [2 * day]), 2 * day + limit + 1)
        // An open at the very instant the manager would stop the app comes first, as the open also
        // does at the release instant.
        XCTAssertNil(stop(2 * day, 5 * day, [limit + 1]))
        XCTAssertNil(stop(2 * day, limit + 1, [limit + 1]))
        // Setup counts as an open.
        XCTAssertEqual(
            FCMDelivery.managerStop(from: 5 * day, through: 6 * day, after: limit, opens: [], setup: day), 5 * day)
        XCTAssertNil(FCMDelivery.managerStop(from: 2 * day, through: 4 * day, after: limit, opens: [], setup: day))
    }

    /// `pushes` counts the pushes the server sent: with `pushWhen: withNews`, a cycle's push goes
    /// out when its starred projects changed since the last send time, 1 − e^−u of the cycles.
    func testPushesCountWhatTheServerSentUnderWithNews() {
        let u = 0.7
        var world = TestWorlds.world(days: days)
        world.server.updatesPerDay = u
        world.server.pushWhen = .withNews
        world.android.push.delivery = PushDelivery(delay: .fixed(0), drop: 0)
        let statistics = run(world, [TestWorlds.arm(.push, .android)]).arms[0]
        // The first send (T, 18:30) looks back to the start at midnight.
        let firstWindow = Double(18 * 60 + 30) / Double(24 * 60)
        let expected = ((1 - exp(-u * firstWindow)) + Double(days - 1) * (1 - exp(-u))) / Double(days)
        let perDeviceDay = statistics.perDeviceDay(.pushes, days: days)
        assertRate(perDeviceDay, expected, n: statistics.cycles, "pushes per device-day")
        XCTAssertEqual(
            statistics.sum(.pushes), statistics.cycles - statistics.count(.suppressed),
            "a cycle without news sends none")
    }
}
