import CGSL
import DNSimTestSupport
import Foundation
import TestStatistics
import XCTest

@testable import DNSimCore

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

    /// One replication: its arms' statistics and paired differences.
    struct Replication {
        var arms: [ArmStatistics]
        var pairs: [PairedDifference]
    }

    /// `replications` independent replications, in order. Replication r is
    /// devices r·D..<(r+1)·D of one plan: every draw is keyed by seed and
    /// device, so the slices are independent. Each is folded by the calls
    /// `DeviceRunner.simulate` makes (`ArmAccumulator.add`, then
    /// `PairedDifference.add` with the arms' device counts) into accumulators
    /// of its own, copied from an empty one: a whole run per replication, with
    /// its ~1 MB of empty histograms built and merged, costs more than the
    /// simulation itself in a debug build. Merging is the shard and determinism tests'.
    static func replicate(
        _ world: WorldConfiguration, arms: [Arm], devices: Int, replications: Int,
        seed: UInt64
    ) -> [Replication] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var byIndex: [Int: Replication] = [:]
        }
        let results = Results()
        let plan = SimulationPlan(world: world, arms: arms, seed: seed, devices: devices * replications)
        let empty = ArmAccumulator(lateAfter: plan.lateAfter)
        let workers = 2
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let runner = DeviceRunner(plan: plan)
            for r in stride(from: worker, to: replications, by: workers) {
                let replication = ReplicationObserver(plan: plan, empty: empty)
                runner.simulate(devices: r * devices..<(r + 1) * devices, observers: [replication])
                results.lock.lock()
                results.byIndex[r] = Replication(
                    arms: replication.accumulators.map(\.statistics), pairs: replication.pairs)
                results.lock.unlock()
            }
        }
        return (0..<replications).map { results.byIndex[$0]! }
    }

    /// One replication's sums, kept apart from the runner's own: each device × arm
    /// is added as `DeviceRunner.simulate` adds it.
    final class ReplicationObserver: ChunkObserver {
        let plan: SimulationPlan
        var accumulators: [ArmAccumulator]
        var pairs: [PairedDifference]

        init(plan: SimulationPlan, empty: ArmAccumulator) {
            self.plan = plan
            accumulators = plan.arms.map { _ in empty }
            pairs = plan.pairs.map { PairedDifference(minuend: $0.0, subtrahend: $0.1) }
        }

        func simulated(device: Int, arm: Int, _ log: DeviceLog) {
            accumulators[arm].add(log, device: device)
            guard arm == plan.arms.count - 1 else { return }
            for i in pairs.indices {
                pairs[i].add(
                    accumulators[pairs[i].minuend].deviceCounts,
                    accumulators[pairs[i].subtrahend].deviceCounts, cycles: Int64(log.cycles.count))
            }
        }

        func finish() {}
    }

    /// Coverage tests count, over R replications, the runs whose interval
    /// holds the truth; that count is Binomial(R, c) for the interval's exact
    /// coverage c in this world (`ExactCoverage`, from the intervals'
    /// definitions, not the code), and must fall in `BinomialAcceptance`'s
    /// two-sided region at a false-alarm rate of 10⁻⁴ per test: too few covering
    /// runs (intervals too narrow) and too many (too wide) both fail. The seeds
    /// are fixed, so the outcome is too; 10⁻⁴ is the chance that a correct
    /// interval fails after a change of the random streams.
    ///
    /// The t-interval and paired tests share R replications of D = 10 devices ×
    /// 5 days (two arms). In the long mode (README, "Long tests") R = 2000: at
    /// c ≈ 0.95 they fail with probability ≥ 0.95 when the true coverage is
    /// ≤ 0.92 or ≥ 0.98, and about 0.9 or more when it is 0.976, an interval 20%
    /// too wide (`power(against:)`). By default R = 1000, in half the time: the
    /// same false-alarm rate, and a power of about 0.5 against 0.92 or 0.976 and
    /// 0.85 against 0.98.
    static let replications = TestMode.long ? 2000 : 1000
    static let devices = 10, days = 5

    /// The show and fallback arms of the paired tests, replicated once for
    /// the t-interval and paired tests.
    static let showAndFallback: [Arm] = [
        TestWorlds.arm(.independent, .android, label: "show"),
        TestWorlds.arm(.independent, .android, label: "fallback") { $0.staleContent = .fallback },
    ]
    static let pairedRuns = replicate(
        world(days: days), arms: showAndFallback, devices: devices,
        replications: replications, seed: 10_000)

    /// The across-device t-interval of the fresh rate. Each device's rate is
    /// Binomial(5, 1/2)/5, so the interval's exact coverage of 1/2 is that of a
    /// t-interval over 10 such values (0.950 here).
    func testStudentIntervalOfFreshRateCoversTheTrueRate95PercentOfTheTime() {
        var covering = 0
        var rates: [Double] = []
        for result in Self.pairedRuns {
            let statistics = result.arms[0]
            XCTAssertEqual(statistics.devices, Int64(Self.devices))
            XCTAssertEqual(statistics.cycles, Int64(Self.devices * Self.days))
            let interval = statistics.interval(.fresh)
            XCTAssertEqual(interval.method, .student, "more than one device: a t-interval across devices")
            XCTAssertEqual(interval.estimate, statistics.rate(.fresh), accuracy: 1e-12)
            if interval.contains(Self.trueFreshRate) { covering += 1 }
            rates.append(statistics.rate(.fresh))
        }
        let exact = ExactCoverage.student(values: Self.devices, trials: Self.days)
        XCTAssertEqual(exact, 0.95, accuracy: 0.005, "this world's t-interval is a 95% interval")
        let acceptance = BinomialAcceptance(trials: Self.replications, probability: exact)
        XCTAssertTrue(
            acceptance.contains(covering),
            "the t-interval covered 1/2 in \(covering) runs; a correct one does in \(acceptance)")
        // The world really is the closed-form one: the mean of the R pooled rates
        // is 1/2 within four standard errors of R·devices·days Bernoulli(1/2) cycles.
        let mean = rates.reduce(0, +) / Double(rates.count)
        XCTAssertEqual(
            mean, Self.trueFreshRate,
            accuracy: TestWorlds.tolerance(p: 0.5, n: Int64(Self.replications * Self.devices * Self.days)))
    }

    /// Wilson's score interval, used with a single device. Its formula is
    /// checked for every count first: it holds 1/2 exactly for the counts the
    /// score test accepts. Then 1000 replications × 1 device × 20 days: the
    /// count of fresh cycles is Binomial(20, 1/2), so the exact coverage is the
    /// probability of those counts (0.959); the region fails with probability
    /// ≥ 0.9 when the true coverage is ≤ 0.92 or ≥ 0.99.
    func testWilsonIntervalForOneDeviceCoversTheTrueRate95PercentOfTheTime() {
        let days = 20
        for k in 0...days {
            XCTAssertEqual(
                ConfidenceInterval.wilson(successes: Int64(k), trials: Int64(days)).contains(Self.trueFreshRate),
                ExactCoverage.wilsonCovering(trials: days).contains(k), "Wilson interval of \(k) of \(days)")
        }
        let results = Self.replicate(
            Self.world(days: days), arms: [TestWorlds.arm(.independent, .android)],
            devices: 1, replications: 1000, seed: 20_000)
        var covering = 0
        for result in results {
            let statistics = result.arms[0]
            XCTAssertEqual(statistics.devices, 1)
            let interval = statistics.interval(.fresh)
            XCTAssertEqual(interval.method, .wilson, "a single device: Wilson over cycles")
            XCTAssertEqual(
                interval, ConfidenceInterval.wilson(successes: statistics.count(.fresh), trials: Int64(days)))
            if interval.contains(Self.trueFreshRate) { covering += 1 }
        }
        let exact = ExactCoverage.wilson(trials: days)
        XCTAssertEqual(exact, 0.95, accuracy: 0.02, "Wilson's coverage at n = \(days) is near its nominal 95%")
        let acceptance = BinomialAcceptance(trials: results.count, probability: exact)
        XCTAssertTrue(
            acceptance.contains(covering),
            "Wilson covered 1/2 in \(covering) runs; with exact coverage \(exact) a correct one does in \(acceptance)")
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
        // Whether this one interval covers the truth is luck (5%); its coverage is
        // `testPairedDifferenceIntervalCoverage`'s. Excluding zero is not: the
        // estimate is about 30 standard errors above it.
        XCTAssertEqual(stale.estimate, trueDifference, accuracy: 10 * stale.halfWidth)
        XCTAssertTrue(stale.excludesZero, "stale difference \(stale) should exclude zero")
        // The paired difference is exactly the show arm's stale rate, and its
        // interval that rate's own t-interval (the fallback arm adds nothing).
        XCTAssertEqual(stale.estimate, result.arms[0].rate(.stale), accuracy: 1e-12)
        XCTAssertEqual(stale.low, result.arms[0].interval(.stale).low, accuracy: 1e-12)
        XCTAssertEqual(stale.high, result.arms[0].interval(.stale).high, accuracy: 1e-12)

        // Per device, the fallback difference is minus the stale one, so its interval is the negation.
        let fallbackDifference = pair.interval(.fallback)
        XCTAssertTrue(fallbackDifference.excludesZero)
        XCTAssertEqual(fallbackDifference.estimate, -stale.estimate, accuracy: 1e-12)
        XCTAssertEqual(fallbackDifference.low, -stale.high, accuracy: 1e-12)
        XCTAssertEqual(fallbackDifference.high, -stale.low, accuracy: 1e-12)

        // Common random numbers: the same cycles are fresh in both arms, so the
        // fresh difference is zero on every device and its interval is [0, 0].
        let fresh = pair.interval(.fresh)
        XCTAssertEqual(fresh.estimate, 0)
        XCTAssertEqual(fresh.low, 0)
        XCTAssertEqual(fresh.high, 0)
        XCTAssertFalse(fresh.excludesZero)
    }

    /// The same paired interval over the R replications. Per device, the
    /// stale difference is the non-fresh cycles after the first,
    /// Binomial(4, 1/2)/5, so the interval's exact coverage of ½·(D−1)/D is that
    /// of a t-interval over 10 such values (0.954 here).
    func testPairedDifferenceIntervalCoverage() {
        let trueDifference = 0.5 * Double(Self.days - 1) / Double(Self.days)
        var covering = 0
        for result in Self.pairedRuns {
            let pair = result.pairs[0]
            XCTAssertEqual(pair.devices, Int64(Self.devices))
            let stale = pair.interval(.stale), fallback = pair.interval(.fallback)
            XCTAssertEqual(fallback.low, -stale.high, accuracy: 1e-12)
            XCTAssertEqual(fallback.high, -stale.low, accuracy: 1e-12)
            if stale.contains(trueDifference) { covering += 1 }
        }
        let exact = ExactCoverage.student(values: Self.devices, trials: Self.days - 1)
        XCTAssertEqual(exact, 0.95, accuracy: 0.01, "this world's paired t-interval is a 95% interval")
        let acceptance = BinomialAcceptance(trials: Self.replications, probability: exact)
        XCTAssertTrue(
            acceptance.contains(covering),
            "the paired interval covered \(trueDifference) in \(covering) runs; a correct one does in \(acceptance)")
    }
}
