import CGSL
import Foundation
import XCTest
@testable import DNSimCLI
@testable import DNSimFrontend
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// The reported 95% intervals do what they claim: over many independent runs
/// of a world whose rates have closed forms, they contain the true value about
/// 95% of the time, and paired differences cover a difference known exactly.
///
/// The world (as in ClosedFormTests): Android, independent timers, the fetch
/// alarm fires exactly 4 min after F (lead 5 min), and the fetch takes
/// U(0, 2 min). A cycle is fresh iff the fetch ends before T, i.e. U < 1 min,
/// so P(fresh) = 1/2 on every cycle, independently across cycles and devices
/// (each draw is keyed by device and cycle; no state carries the outcome
/// across days). Latencies are rounded to whole milliseconds, which moves
/// P(fresh) by at most 0.5 ms / 120 s ≈ 4·10⁻⁶, far below any interval width here.
final class IntervalCoverageTests: XCTestCase {
    static let trueFreshRate = 0.5

    static func world(days: Int) -> WorldConfiguration {
        var world = TestWorlds.world(days: days)
        world.android.fetchAlarmDelay = .fixed(4 * SimTime.minute)
        world.fetch.latency = .uniform(min: 0, max: 120_000)
        return world
    }

    /// Runs `replications` independent seeds concurrently (one job each) and
    /// returns each run's arm statistics, in seed order.
    static func replicate(_ world: WorldConfiguration, arms: [Arm], devices: Int, replications: Int,
                          firstSeed: UInt64) -> [SimulationResult] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var byIndex: [Int: SimulationResult] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: replications) { r in
            let plan = SimulationPlan(world: world, arms: arms, seed: firstSeed + UInt64(r), devices: devices)
            let result = ParallelRunner.run(plan: plan, jobs: 1)
            results.lock.lock()
            results.byIndex[r] = result
            results.lock.unlock()
        }
        return (0..<replications).map { results.byIndex[$0]! }
    }

    /// Four binomial standard errors of an observed coverage over R
    /// independent replications, around the nominal coverage p: the observed
    /// fraction falls outside p ± 4·√(p(1−p)/R) with probability below 10⁻⁴.
    static func coverageTolerance(nominal p: Double, replications r: Int) -> Double {
        4 * (p * (1 - p) / Double(r)).squareRoot()
    }

    /// The across-device t-interval of the fresh rate: R = 200 seeds × 20
    /// devices × 20 days. Each run's interval either contains 1/2 or not, so the
    /// count of covering runs is Binomial(R, coverage); the nominal 95% must be
    /// within 4·√(0.95·0.05/R) ≈ 0.062 of the observed fraction.
    func testStudentIntervalOfFreshRateCoversTheTrueRate95PercentOfTheTime() {
        let replications = 200, devices = 20, days = 20
        let results = Self.replicate(Self.world(days: days), arms: [TestWorlds.arm(.independent, .android)],
                                     devices: devices, replications: replications, firstSeed: 10_000)
        var covering = 0
        var rates: [Double] = []
        for result in results {
            let statistics = result.arms[0]
            XCTAssertEqual(statistics.devices, Int64(devices))
            XCTAssertEqual(statistics.cycles, Int64(devices * days))
            let interval = statistics.interval(.fresh)
            XCTAssertEqual(interval.method, .student, "more than one device: a t-interval across devices")
            XCTAssertEqual(interval.estimate, statistics.rate(.fresh), accuracy: 1e-12)
            if interval.contains(Self.trueFreshRate) { covering += 1 }
            rates.append(statistics.rate(.fresh))
        }
        let coverage = Double(covering) / Double(replications)
        let tolerance = Self.coverageTolerance(nominal: 0.95, replications: replications)
        XCTAssertEqual(coverage, 0.95, accuracy: tolerance,
                       "t-interval covered 1/2 in \(covering) of \(replications) runs; expected 95% ± \(tolerance)")
        // The world really is the closed-form one: the mean of the R pooled rates
        // is 1/2 within four standard errors of R·devices·days Bernoulli(1/2) cycles.
        let mean = rates.reduce(0, +) / Double(rates.count)
        XCTAssertEqual(mean, Self.trueFreshRate,
                       accuracy: TestWorlds.tolerance(p: 0.5, n: Int64(replications * devices * days)))
    }

    /// Wilson's score interval, used with a single device: R = 400 seeds × 1
    /// device × 40 days. The count of fresh cycles is Binomial(40, 1/2), so the
    /// interval's exact coverage is Σ P(K = k) over the k whose interval holds
    /// 1/2 (computed here with GSL). The observed coverage must be within
    /// 4·√(c(1−c)/R) of that exact c, and within 4·√(0.95·0.05/R) ≈ 0.044 of 95%.
    func testWilsonIntervalForOneDeviceCoversTheTrueRate95PercentOfTheTime() {
        let replications = 400, days = 40
        let results = Self.replicate(Self.world(days: days), arms: [TestWorlds.arm(.independent, .android)],
                                     devices: 1, replications: replications, firstSeed: 20_000)
        var covering = 0
        for result in results {
            let statistics = result.arms[0]
            XCTAssertEqual(statistics.devices, 1)
            let interval = statistics.interval(.fresh)
            XCTAssertEqual(interval.method, .wilson, "a single device: Wilson over cycles")
            XCTAssertEqual(interval, ConfidenceInterval.wilson(successes: statistics.count(.fresh), trials: Int64(days)))
            if interval.contains(Self.trueFreshRate) { covering += 1 }
        }
        let exact = (0...days).reduce(0.0) { sum, k in
            ConfidenceInterval.wilson(successes: Int64(k), trials: Int64(days)).contains(Self.trueFreshRate)
                ? sum + gsl_ran_binomial_pdf(UInt32(k), 0.5, UInt32(days)) : sum
        }
        let coverage = Double(covering) / Double(replications)
        XCTAssertEqual(coverage, exact, accuracy: Self.coverageTolerance(nominal: exact, replications: replications),
                       "Wilson covered 1/2 in \(covering) of \(replications) runs; its exact coverage at n = \(days) is \(exact)")
        XCTAssertEqual(coverage, 0.95, accuracy: Self.coverageTolerance(nominal: 0.95, replications: replications))
    }

    /// Two Android arms that differ only in `staleContent`. With `show`, a cycle
    /// whose fetch ends after T shows the previous cycle's content (stale),
    /// except on the first cycle, when the cache is still empty and the fallback
    /// copy shows. With `fallback`, every such cycle shows the fallback copy and
    /// none is stale. Same devices and world (common random numbers), so per
    /// device: stale(show) − stale(fallback) = the non-fresh cycles after the
    /// first, whose expectation per cycle is ½·(D−1)/D; fallback differs by the
    /// opposite amount; fresh is identical cycle by cycle.
    func testPairedDifferenceCoversAKnownDifferenceAndExcludesZero() {
        let devices = 60, days = 20
        let show = TestWorlds.arm(.independent, .android, label: "show")
        let fallback = TestWorlds.arm(.independent, .android, label: "fallback") { $0.staleContent = .fallback }
        let result = TestWorlds.run(Self.world(days: days), arms: [show, fallback], devices: devices, seed: 31)
        XCTAssertEqual(result.pairs.count, 1)
        let pair = result.pairs[0]
        XCTAssertEqual(pair.minuend, 0)
        XCTAssertEqual(pair.subtrahend, 1)
        XCTAssertEqual(pair.devices, Int64(devices))
        let trueDifference = 0.5 * Double(days - 1) / Double(days)

        XCTAssertEqual(result.arms[1].count(.stale), 0, "staleContent: fallback never shows stale content")
        let stale = pair.interval(.stale)
        XCTAssertTrue(stale.contains(trueDifference), "stale difference \(stale) should cover \(trueDifference)")
        XCTAssertTrue(stale.excludesZero, "stale difference \(stale) should exclude zero")
        // The paired difference is exactly the show arm's stale rate, and its
        // interval that rate's own t-interval (the fallback arm adds nothing).
        XCTAssertEqual(stale.estimate, result.arms[0].rate(.stale), accuracy: 1e-12)
        XCTAssertEqual(stale.low, result.arms[0].interval(.stale).low, accuracy: 1e-12)
        XCTAssertEqual(stale.high, result.arms[0].interval(.stale).high, accuracy: 1e-12)

        let fallbackDifference = pair.interval(.fallback)
        XCTAssertTrue(fallbackDifference.contains(-trueDifference), "\(fallbackDifference) should cover \(-trueDifference)")
        XCTAssertTrue(fallbackDifference.excludesZero)
        XCTAssertEqual(fallbackDifference.estimate, -stale.estimate, accuracy: 1e-12)

        // Common random numbers: the same cycles are fresh in both arms, so the
        // fresh difference is zero on every device and its interval is [0, 0].
        let fresh = pair.interval(.fresh)
        XCTAssertEqual(fresh.estimate, 0)
        XCTAssertEqual(fresh.low, 0)
        XCTAssertEqual(fresh.high, 0)
        XCTAssertFalse(fresh.excludesZero)
    }

    /// The same paired interval over R = 100 independent seeds × 20 devices ×
    /// 20 days: its coverage of ½·(D−1)/D is 95% within 4·√(0.95·0.05/R) ≈ 0.087.
    func testPairedDifferenceIntervalCoverage() {
        let replications = 100, devices = 20, days = 20
        let show = TestWorlds.arm(.independent, .android, label: "show")
        let fallback = TestWorlds.arm(.independent, .android, label: "fallback") { $0.staleContent = .fallback }
        let results = Self.replicate(Self.world(days: days), arms: [show, fallback], devices: devices,
                                     replications: replications, firstSeed: 30_000)
        let trueDifference = 0.5 * Double(days - 1) / Double(days)
        let covering = results.filter { $0.pairs[0].interval(.stale).contains(trueDifference) }.count
        let coverage = Double(covering) / Double(replications)
        XCTAssertEqual(coverage, 0.95, accuracy: Self.coverageTolerance(nominal: 0.95, replications: replications),
                       "paired interval covered \(trueDifference) in \(covering) of \(replications) runs")
    }
}
