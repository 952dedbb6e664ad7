import CGSL
import DNSimTestSupport
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// docs/model.md §2 (cycle windows, resubmission, the last cycle) on
/// constructed worlds, with closed forms where they exist.
final class CycleWindowTests: XCTestCase {
    /// A world whose server never updates: every successful fetch is empty.
    func emptyServerWorld(days: Int) -> WorldConfiguration {
        var world = TestWorlds.world(days: days)
        world.server.updatesPerDay = 0
        return world
    }

    /// BG tasks 3 h after F launch after T: each fetch completes before the
    /// next cycle's F, so it is early and, empty, suppresses nothing; with
    /// `earlyFetch: arm` the same fetch suppresses the next day's cycle.
    func testAnEarlyEmptyFetchSuppressesNothing() {
        var world = emptyServerWorld(days: 10)
        world.ios.delay = .fixed(3 * SimTime.hour)
        let cached = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertEqual(
            cached.outcomes, Array(repeating: .fallback, count: 10), "nothing fetched: the armed fallback shows")
        // The last cycle's fetch would land after the run ends.
        XCTAssertEqual(cached.trace.kinds("fetch.early").count, 9)
        XCTAssertTrue(
            cached.trace.kinds("fetch.early").allSatisfy {
                $0.detail == "early fetch: cached for later, decides nothing"
            })
        XCTAssertTrue(cached.trace.kinds("notification.cancelled").isEmpty)

        let armed = DeviceRun(world, TestWorlds.arm(.independent, .ios) { $0.earlyFetch = .arm })
        XCTAssertEqual(
            armed.outcomes, [.fallback] + Array(repeating: .suppressed, count: 9),
            "treated as the next cycle's prefetch, the evening's empty fetch removes its T")
    }

    /// Two notifications after one fetch (07:00; 08:00 and 20:00) share one F and so one window:
    /// the 07:00 fetch serves the 08:00 cycle, the earliest unresolved one, and supersedes nothing.
    func testCyclesThatShareOneFetchShareItsWindow() {
        let days = 10
        let notify = (0..<days).flatMap { day in
            [8, 20].map { TestWorlds.start + Millis(day) * SimTime.day + Millis($0) * SimTime.hour }
        }
        let fetch = notify.map { $0 - ($0 - TestWorlds.start) % SimTime.day + 7 * SimTime.hour }
        let calendar = CycleCalendar(
            start: TestWorlds.start, notifyTimes: notify, fetchTimes: fetch,
            followingNotifyTime: TestWorlds.start + Millis(days) * SimTime.day + 8 * SimTime.hour)
        XCTAssertEqual(calendar.windowCycle(from: 0, holding: fetch[0] + SimTime.minute), 0, "the earlier of the two")
        XCTAssertEqual(
            calendar.windowCycle(from: 1, holding: fetch[0] + SimTime.minute), 1,
            "the later one once the earlier is resolved")
        XCTAssertEqual(calendar.windowCycle(from: 0, holding: fetch[2]), 2)
        XCTAssertEqual(calendar.windowEnd(of: 0), fetch[2], "the next later F")
        XCTAssertNil(calendar.windowEnd(of: 2 * days - 1))

        var world = TestWorlds.world(days: days)
        world = WorldConfiguration(calendar: calendar, plugin: world.plugin, user: world.user)
        world.server.updatesPerDay = 50
        world.server.starredPlans = 5
        world.ios.inactiveAfter = nil
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        XCTAssertEqual(run.cycles.map(\.cycle), Array(0..<(2 * days)))
        XCTAssertEqual(
            stride(from: 0, to: 2 * days, by: 2).map { run.outcomes[$0] }, Array(repeating: .fresh, count: days),
            "each 08:00 cycle shows the 07:00 fetch")
        XCTAssertFalse(run.trace.entries.contains { $0.detail.contains("superseded") }, "no cycle superseded")
    }

    /// A fetch that completes between F and T with no updates removes that cycle's T.
    func testAnInWindowEmptyFetchSuppresses() {
        var world = emptyServerWorld(days: 10)
        world.ios.delay = .fixed(SimTime.minute)
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertEqual(run.outcomes, Array(repeating: .suppressed, count: 10))
        XCTAssertTrue(run.trace.kinds("fetch.early").isEmpty)
        let chained = DeviceRun(world, TestWorlds.arm(.chained, .ios))
        XCTAssertEqual(chained.outcomes, Array(repeating: .suppressed, count: 10))
    }

    /// Chained: a task launching after the deadline fetches early for the
    /// next cycle; its content is cached, not shown, so no cycle is stale.
    func testChainedNeverShowsAnEarlierCyclesContent() {
        var world = TestWorlds.world(days: 30)
        world.ios.delay = .fixed(2 * SimTime.hour)
        let run = DeviceRun(world, TestWorlds.arm(.chained, .ios))
        XCTAssertEqual(run.outcomes, Array(repeating: .fallback, count: 30), "every prefetch lands after its deadline")
        let armed = DeviceRun(world, TestWorlds.arm(.chained, .ios) { $0.earlyFetch = .arm })
        XCTAssertEqual(
            armed.outcomes.dropFirst().filter { $0 == .stale }.count, 29,
            "arming the next day's T with 22 h-old content")
    }

    /// An app open resubmits for the earliest cycle without in-window content:
    /// after a cycle's prefetch succeeded, an open before its T asks for the
    /// next cycle's, instead of fetching the same cycle again.
    func testAppOpenDoesNotRefetchACycleWhosePrefetchSucceeded() {
        var world = TestWorlds.world(days: 60)
        world.ios.delay = .fixed(SimTime.minute)
        world.user.appOpensPerDay = 300  // an open in nearly every 5-minute window
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        let fetchDays = Set(run.trace.kinds("fetch.start").map { ($0.time - TestWorlds.start) / SimTime.day })
        XCTAssertEqual(
            run.trace.kinds("fetch.start").count, fetchDays.count, "one fetch a day, the cycle's own prefetch")
        XCTAssertEqual(run.outcomes.filter { $0 == .fresh }.count, 60)
    }

    /// Android: an open between F and T of the last cycle finds an alarm pending
    /// (for the cycle past the horizon), as on every other day, and refetches nothing.
    func testTheLastCycleBehavesLikeEveryOther() {
        var world = TestWorlds.world(days: 30)
        world.server.updatesPerDay = 20
        world.user.appOpensPerDay = 300
        let result = TestWorlds.run(world, arms: [TestWorlds.arm(.independent, .android)], devices: 40)
        XCTAssertEqual(result.arms[0].sum(.lostUpdates), 0, "no second fetch on the last day whose updates nobody sees")
        XCTAssertEqual(result.arms[0].sum(.fetches), 40 * 30, "one fetch per device-cycle, the last one included")
    }

    /// `fetchOnOpen`: with no BG task ever run, a cycle is fresh exactly when an
    /// open (Poisson, λ a day) falls in [F, T − latency]: 1 − exp(−λ · 298 s / 1 d).
    /// Updates come often enough (1,000 a day) that a second open in the same
    /// window finds nothing new only with probability ≈ 0.08 × 0.2: well inside
    /// the tolerance of 4 binomial standard errors. 100 devices × 40 days in the long mode
    /// (README, "Long tests"), 25 by default, the tolerance following the cycles counted.
    func testFetchOnOpenClosedForm() {
        var world = TestWorlds.world(days: 40)
        world.server.updatesPerDay = 1_000
        world.ios.never = 1
        world.fetch.latency = .fixed(2_000)
        world.user.appOpensPerDay = 24
        world.freshWithin = 5 * SimTime.minute
        let result = TestWorlds.run(
            world,
            arms: [
                TestWorlds.arm(.independent, .ios) { $0.fetchOnOpen = true },
                TestWorlds.arm(.independent, .ios, label: "plain"),
            ], devices: TestMode.long ? 100 : 25)
        let expected = gsl_cdf_exponential_P(298, 86_400 / 24)
        let tolerance = TestWorlds.tolerance(p: expected, n: result.arms[0].cycles)
        XCTAssertEqual(result.arms[0].rate(.fresh), expected, accuracy: tolerance)
        XCTAssertEqual(result.arms[1].count(.fresh), 0, "without it nothing fetches")
    }

    /// Content fetched in the window but older than `freshWithin` at display is stale.
    func testFreshWithinBoundsTheAgeOfFreshContent() {
        var world = TestWorlds.world(days: 20, lead: 2 * SimTime.hour)
        world.ios.delay = .fixed(0)
        world.freshWithin = 5 * SimTime.minute
        XCTAssertEqual(
            DeviceRun(world, TestWorlds.arm(.independent, .ios)).outcomes, Array(repeating: .stale, count: 20))
        world.freshWithin = 2 * SimTime.hour
        XCTAssertEqual(
            DeviceRun(world, TestWorlds.arm(.independent, .ios)).outcomes, Array(repeating: .fresh, count: 20))
    }

    /// A lead sweep keeps the base scenario's freshWithin at every point.
    func testSweepPointsKeepTheBaseFreshWithin() throws {
        let text = """
            name: lead
            devices: 2
            days: 3
            start: 2027-01-01
            plugin:
              contentFetch: { schedule: "25 18 * * *" }
              userNotification: { schedule: "30 18 * * *" }
            platforms: { ios: {} }
            strategies: [independent]
            sweep: [{ key: lead, values: [5m, 2h] }]
            """
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "lead.yaml")
        XCTAssertEqual(try scenario.plan().get().world.freshWithin, 5 * SimTime.minute)
        for point in try scenario.sweepPoints() {
            XCTAssertEqual(try point.scenario.plan().get().world.freshWithin, 5 * SimTime.minute, "\(point.settings)")
        }
    }
}
