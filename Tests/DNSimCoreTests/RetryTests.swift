import XCTest

/// `contentFetch.timeout`, `retryAttempts` and `retryDelay` (docs/model.md §3).
final class RetryTests: XCTestCase {
    /// BG task at F, 2 s latency, failure p = 0.3 per attempt, many updates:
    /// fresh = 1 − p without a retry and 1 − p² with one that fits in the 30 s budget.
    func testOneRetryInsideTheBudgetRaisesFreshByTheClosedForm() {
        var world = TestWorlds.world(days: 60)
        world.fetch.latency = .fixed(2_000)
        world.fetch.failure = 0.3
        let plain = TestWorlds.run(world, arms: [TestWorlds.arm(.independent, .ios)], devices: 100).arms[0]
        world.plugin.retryAttempts = 1
        world.plugin.retryDelay = 5_000
        let retried = TestWorlds.run(world, arms: [TestWorlds.arm(.independent, .ios)], devices: 100).arms[0]
        XCTAssertEqual(plain.rate(.fresh), 0.7, accuracy: TestWorlds.tolerance(p: 0.7, n: plain.cycles))
        XCTAssertEqual(retried.rate(.fresh), 1 - 0.09, accuracy: TestWorlds.tolerance(p: 0.91, n: retried.cycles))
        XCTAssertGreaterThan(retried.sum(.fetches), plain.sum(.fetches), "a retry is a fetch attempt of its own")
    }

    /// A retry that would start after the budget expires is not made.
    func testARetryPastTheBudgetIsNotMade() {
        var world = TestWorlds.world(days: 10)
        world.fetch.latency = .fixed(2_000)
        world.fetch.failure = 1
        world.plugin.retryAttempts = 3
        world.plugin.retryDelay = 29_000
        let run = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertEqual(run.activity[.fetches], 10, "2 s + 29 s is past the 30 s budget: one attempt a day")
        world.plugin.retryDelay = 5_000
        let retried = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertEqual(retried.activity[.fetches], 40, "attempts at 0, 7, 14 and 21 s all fit")
    }

    /// An attempt longer than `contentFetch.timeout` fails when the timeout passes.
    func testTimeoutEndsALongAttempt() {
        var world = TestWorlds.world(days: 5)
        world.fetch.latency = .fixed(20_000)
        world.plugin.fetchTimeout = 10_000
        let run = DeviceRun(world, TestWorlds.arm(.chained, .ios))
        let failures = run.trace.kinds("fetch.fail")
        XCTAssertEqual(failures.count, 5)
        XCTAssertTrue(failures.allSatisfy { $0.detail.contains("contentFetch.timeout passed") })
        for (start, failure) in zip(run.trace.kinds("fetch.start"), failures) {
            XCTAssertEqual(failure.time - start.time, 10_000)
        }
        XCTAssertEqual(run.outcomes, Array(repeating: .fallback, count: 5))
    }
}
