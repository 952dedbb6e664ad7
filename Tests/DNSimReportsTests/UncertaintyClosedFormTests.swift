import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimDecision

/// An uncertainty study whose outcome rates are known functions of its two parameters
/// (docs/model.md §9): Android exact alarms, F = T − 5 min, the fetch alarm `d` late
/// (fixed, uncertain in 7–11 min), each fetch failing with probability `p` (uncertain in 0–0.8),
/// `contentTimeout` 5 min, no retries, 20 updates a day (a fetch finds none with probability below e^−15: nothing is suppressed).
///
/// - `chained` (A): the fetch runs at F + d = T + (d − 5m), after T. For d < 10m it shows its
///   result at once: fresh with probability 1 − p, else the fallback (the failed fetch arms it);
///   late either way (d − 5m ≥ 2m > `lateAfter` 60 s). For d > 10m the guard fires first at
///   T + 5m: the fallback, late.
/// - `independent` with `staleContent: fallback` (B): T shows the cache, fetched before this
///   cycle's F, so always the fallback, on time.
///
/// With weights fresh 1, fallback −0.5, late L: U_B = −0.5 and, with q = 1[d < 10m],
/// D = U_A − U_B = L + 1.5·(1 − p)·q. L = −0.7875 puts the flip along p at 0.3 and makes B the
/// better arm on average (E[D] = −0.1125); along d the best arm flips at 10m, from A to B.
/// Every figure of decision.json and sensitivity.csv is a functional of D, computed here by
/// quadrature.
final class UncertaintyClosedFormTests: XCTestCase {
    static let delayLow = 420.0, delayHigh = 660.0, guardDelay = 600.0  // seconds: 7m, 11m, lead + contentTimeout
    static let failureHigh = 0.8
    static let fresh = 1.0, fallback = -0.5, late = -0.7875
    static let samples = 128, devices = 20, days = 12
    static let keys = ["platforms.android.fetchAlarm.delay.fixed", "fetch.failure"]
    static let seed: UInt64 = 11

    static var text: String {
        """
        name: closed-form
        seed: \(seed)
        devices: \(devices)
        days: \(days)
        start: 2027-01-04
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
          relationship: { contentTimeout: 300000, fallbackBehavior: show_default }
        platforms:
          android:
            fetchAlarm: { delay: { fixed: 8m } }
        fetch:
          latency: { fixed: 0s }
          failure: 0.3
        server:
          updatesPerDay: 20
        strategies:
          - chained
          - { independent: { staleContent: fallback, label: independent-fallback } }
        objective:
          weights: { fresh: \(fresh), fallback: \(fallback), late: \(late) }
        uncertainty:
          design: sobol
          samples: \(samples)
          devices: \(devices)
          parameters:
            - { key: \(keys[0]), distribution: { uniform: { min: 7m, max: 11m } } }
            - { key: \(keys[1]), distribution: { uniform: { min: 0, max: \(failureHigh) } } }
        """
    }

    // MARK: The model's closed form

    /// The utilities (A, B) of a world, given the share `failed` of its fetches that failed
    /// (p in expectation).
    static func utilities(delay: Double, failed: Double) -> [Double] {
        let a = delay < guardDelay ? fresh * (1 - failed) + fallback * failed + late : fallback + late
        return [a, fallback]
    }

    static func difference(_ delay: Double, _ p: Double) -> Double {
        let u = utilities(delay: delay, failed: p)
        return u[0] - u[1]
    }

    /// Exact figures of D by a midpoint rule on a 8 × 4000 grid. D is constant in d on each
    /// side of 10m, which falls on a cell edge (6 of 8 cells below it), and linear in p, so
    /// every integral is exact except at the kink of max(·, 0): an error below the cell's width
    /// squared (4e-8).
    struct Exact {
        var mean = 0.0, variance = 0.0, firstDelay = 0.0, firstFailure = 0.0, totalDelay = 0.0, totalFailure = 0.0
        var bestA = 0.0, regretA = 0.0, regretB = 0.0, evpi = 0.0, evppiDelay = 0.0, evppiFailure = 0.0
        var flipFailure = 0.0, flipDelay = 0.0
        var withinFailureBin = 0.0, withinDelayBin = 0.0, jumpLoss = 0.0, slopeFailure = 0.0

        init() {
            let nd = 8, np = 4000
            let grid = (0..<nd).map { i -> [Double] in
                let d = delayLow + (Double(i) + 0.5) / Double(nd) * (delayHigh - delayLow)
                return (0..<np).map { j in difference(d, (Double(j) + 0.5) / Double(np) * failureHigh) }
            }
            let all = grid.flatMap { $0 }
            func average(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
            func spread(_ values: [Double]) -> Double {
                let m = average(values); return average(values.map { ($0 - m) * ($0 - m) })
            }
            mean = average(all)
            variance = spread(all)
            let byDelay = grid.map(average)  // E[D | d]
            let byFailure = (0..<np).map { j in average(grid.map { $0[j] }) }  // E[D | p]
            // Sobol: S_i = Var(E[D|θ_i])/V, ST_i = E[Var(D|θ_~i)]/V.
            firstDelay = spread(byDelay) / variance
            firstFailure = spread(byFailure) / variance
            totalFailure = average(grid.map(spread)) / variance
            totalDelay = average((0..<np).map { j in spread(grid.map { $0[j] }) }) / variance
            bestA = average(all.map { $0 > 0 ? 1 : 0 })
            regretA = average(all.map { max(-$0, 0) })
            regretB = average(all.map { max($0, 0) })
            evpi = average(all.map { max($0, 0) }) - max(mean, 0)
            evppiDelay = average(byDelay.map { max($0, 0) }) - max(mean, 0)
            evppiFailure = average(byFailure.map { max($0, 0) }) - max(mean, 0)
            // Flips: where E[D | θ] changes sign (bisection on the exact conditional means).
            let q =
                Double(
                    (0..<nd).filter { delayLow + (Double($0) + 0.5) / Double(nd) * (delayHigh - delayLow) < guardDelay }
                        .count) / Double(nd)
            func conditionalOnFailure(_ p: Double) -> Double {
                q * difference(delayLow, p) + (1 - q) * difference(delayHigh, p)
            }
            var low = 0.0, high = failureHigh
            for _ in 0..<60 {
                let mid = (low + high) / 2; if conditionalOnFailure(mid) > 0 { low = mid } else { high = mid }
            }
            flipFailure = low
            flipDelay = guardDelay  // E[D | d] is L + 1.5·E[1 − p] > 0 below 10m and L < 0 above: a step
            slopeFailure = abs(conditionalOnFailure(0) - conditionalOnFailure(failureHigh)) / failureHigh
            // Within-bin standard deviations of D (for the binned EVPPI's positive bias): in a bin of p,
            // D varies with d; in a bin of d, with p. Their largest values over the bins.
            withinFailureBin = (0..<np).map { j in spread(grid.map { $0[j] }).squareRoot() }.max()!
            withinDelayBin = grid.map { spread($0).squareRoot() }.max()!
            let above = byDelay.first { $0 > 0 }!, below = byDelay.last!
            jumpLoss = above * abs(below) / (above + abs(below))
        }
    }

    // MARK: Estimates on model-exact inputs

    struct Figures {
        var bestA = 0.0, regretA = 0.0, regretB = 0.0, evpi = 0.0, evppi = [0.0, 0.0]
        var flips: [Double?] = [nil, nil]
        var first = [0.0, 0.0], total = [0.0, 0.0]

        init(decision: DecisionSummary, sobol: [SensitivityIndex]) {
            bestA = decision.arms[0].probabilityBest
            regretA = decision.arms[0].expectedRegret
            regretB = decision.arms[1].expectedRegret
            evpi = decision.evpi
            evppi = decision.evppi
            for j in 0..<2 { flips[j] = decision.flips.first { $0.parameter == j }?.at }
            first = sobol.map { $0.firstOrder ?? .nan }
            total = sobol.map { $0.total ?? .nan }
        }

        /// The figures `DecisionAnalysis` and `SobolEstimator` give for these worlds' utilities; the
        /// Sobol target is the decision's difference, B − A (its indices do not depend on the sign).
        init(worlds: [DesignWorld], values: [[Double]], utilities: [[Double]]) {
            // As the study does: the conditional means learn from the A and B worlds only.
            let decision = DecisionAnalysis.analyse(
                DecisionInput(
                    utilities: utilities, parameters: values,
                    informative: worlds.map { $0.block == .a || $0.block == .b }))
            let sobol = SobolEstimator.indices(
                outputs: utilities.map { $0[1] - $0[0] }, worlds: worlds, parameters: 2,
                seed: 1, target: 0, resamples: 0)
            self.init(decision: decision, sobol: sobol)
        }

        var vector: [Double] { [bestA, regretA, regretB, evpi] + evppi + first + total + flips.map { $0 ?? .nan } }
    }

    static func values(_ worlds: [DesignWorld]) -> [[Double]] {
        worlds.map { [delayLow + $0.unit[0] * (delayHigh - delayLow), $0.unit[1] * failureHigh] }
    }

    /// The share of M uniforms below p: what a world measures as its failure share.
    static func empirical(_ sorted: [Double], _ p: Double) -> Double {
        var low = 0, high = sorted.count
        while low < high { let mid = (low + high) / 2; if sorted[mid] < p { low = mid + 1 } else { high = mid } }
        return Double(low) / Double(sorted.count)
    }

    static func standardDeviations(_ replicates: [[Double]]) -> [Double] {
        (0..<replicates[0].count).map { i in
            let column = replicates.map { $0[i] }.filter(\.isFinite)
            guard column.count > 1 else { return .infinity }
            let mean = column.reduce(0, +) / Double(column.count)
            return (column.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(column.count - 1)).squareRoot()
        }
    }

    // MARK: The test

    func testTheStudyMatchesItsClosedForm() throws {
        let study = try UncertaintyStudyTests.study(Self.text)
        let worlds = study.designs.count
        XCTAssertEqual(worlds, Self.samples * 4)
        let values = study.reportedValues
        XCTAssertEqual(study.arms.map(\.name), ["chained/android", "independent-fallback/android"])

        // 1. The worlds are the design's points mapped through the uniforms (durations kept to the ms).
        let design = ExperimentDesign.worlds(.sobol, samples: Self.samples, parameterKeys: Self.keys, seed: Self.seed)
        XCTAssertEqual(study.designs, design)
        for (row, world) in zip(values, Self.values(design)) {
            XCTAssertEqual(row[0], world[0], accuracy: 0.0005)
            XCTAssertEqual(row[1], world[1], accuracy: 1e-12)
        }

        // 2. Every world's rates are the closed form. The failures are the M = devices × days keyed
        // uniforms below p (the same uniforms in every world), so the fresh share is 1 − F_M(p), F_M
        // their empirical distribution function; by Dvoretzky–Kiefer–Wolfowitz (Massart's constant),
        // sup_p |F_M(p) − p| ≤ ε = √(ln(2/α)/2M) except with probability α = 10⁻⁴: ε = 0.144 at M = 240.
        let m = Double(Self.devices * Self.days)
        let epsilon = (log(2 / 1e-4) / (2 * m)).squareRoot()
        var deviation = 0.0
        for (index, row) in values.enumerated() {
            let (d, p) = (row[0], row[1])
            let a = study.table.cells[index][0], b = study.table.cells[index][1]
            for metric in [RateMetric.stale, .suppressed, .missed] {
                XCTAssertEqual(a.rate(metric), 0, "world \(index + 1) \(metric)")
                XCTAssertEqual(b.rate(metric), 0, "world \(index + 1) \(metric)")
            }
            XCTAssertEqual(a.rate(.late), 1, "world \(index + 1)")
            XCTAssertEqual(b.rate(.late), 0, "world \(index + 1)")
            XCTAssertEqual(b.rate(.fallback), 1, "world \(index + 1)")
            XCTAssertEqual(a.rate(.fresh) + a.rate(.fallback), 1, accuracy: 1e-12, "world \(index + 1)")
            if d < Self.guardDelay {
                deviation = max(deviation, abs(a.rate(.fresh) - (1 - p)))
            } else {
                XCTAssertEqual(a.rate(.fresh), 0, "world \(index + 1)")
            }
            let exact = Self.utilities(delay: d, failed: d < Self.guardDelay ? 1 - a.rate(.fresh) : 0)
            XCTAssertEqual(study.utilities[index][0], exact[0], accuracy: 1e-9, "world \(index + 1)")
            XCTAssertEqual(study.utilities[index][1], exact[1], accuracy: 1e-12, "world \(index + 1)")
        }
        XCTAssertLessThan(deviation, epsilon)

        // 3. The figures the study reports.
        let files = UncertaintyStudyTests.files(study)
        let measured = try Self.reported(files)

        // 4. Their exact values.
        let exact = Exact()
        let truth: [Double] = [
            exact.bestA, exact.regretA, exact.regretB, exact.evpi, exact.evppiDelay, exact.evppiFailure,
            exact.firstDelay, exact.firstFailure, exact.totalDelay, exact.totalFailure,
            exact.flipDelay, exact.flipFailure,
        ]

        // 5. Tolerances: the study's error is the design's (N samples of a scrambled Sobol sequence)
        // plus the simulation's (F_M in place of p). Each is measured by replicating it on the model:
        // R digital shifts (other seeds) with exact utilities give the design's standard deviation; R
        // draws of M uniforms on this study's own worlds give the simulation's. The tolerance is 4 of
        // their combined standard deviations, plus the stated biases of the binned estimators.
        let replicates = 64
        let byDesign = (1...replicates).map { r -> [Double] in
            let worlds = ExperimentDesign.worlds(
                .sobol, samples: Self.samples, parameterKeys: Self.keys, seed: Self.seed + UInt64(r))
            let values = Self.values(worlds)
            return Figures(
                worlds: worlds, values: values, utilities: values.map { Self.utilities(delay: $0[0], failed: $0[1]) }
            ).vector
        }
        var generator = SplitMix(seed: 20_270_104)
        let bySimulation = (1...replicates).map { _ -> [Double] in
            let uniforms = (0..<Int(m)).map { _ in generator.uniform() }.sorted()
            return Figures(
                worlds: design, values: values,
                utilities: values.map { Self.utilities(delay: $0[0], failed: Self.empirical(uniforms, $0[1])) }
            ).vector
        }
        let sdDesign = Self.standardDeviations(byDesign), sdSimulation = Self.standardDeviations(bySimulation)

        // The regression estimators (docs/model.md §9, estimators): EVPPI's stated tolerance is 0.012
        // (the smoother's fitted maxima keep a little noise and round the step along d); a flip is
        // placed where the smoothed difference crosses zero, which the running line blurs over part
        // of its window: along d (a step of E[D | d]) within 5% of the range, along p (linear)
        // within 2% of it.
        let bias = [
            0, 0, 0, 0, 0.012, 0.012, 0, 0, 0, 0,
            0.05 * (Self.delayHigh - Self.delayLow),
            0.02 * Self.failureHigh,
        ]
        let names = [
            "P(best) chained", "E[regret] chained", "E[regret] independent-fallback", "EVPI", "EVPPI delay",
            "EVPPI failure", "S delay", "S failure", "ST delay", "ST failure", "flip delay (s)", "flip failure",
        ]
        var table = "figure | exact | measured | tolerance (design sd, simulation sd, bias)\n"
        for i in truth.indices {
            let tolerance = 4 * (sdDesign[i] * sdDesign[i] + sdSimulation[i] * sdSimulation[i]).squareRoot() + bias[i]
            table += String(
                format: "%@ | %.4f | %.4f | %.4f (%.4f, %.4f, %.4f)\n", names[i], truth[i], measured[i], tolerance,
                sdDesign[i], sdSimulation[i], bias[i])
            XCTAssertEqual(measured[i], truth[i], accuracy: tolerance, names[i])
            // The estimators are unbiased on the model up to the stated binning biases: the mean over
            // the R shifts is within 4 of its standard errors of the exact value.
            let mean = byDesign.map { $0[i] }.reduce(0, +) / Double(replicates)
            XCTAssertEqual(
                mean, truth[i], accuracy: 4 * sdDesign[i] / Double(replicates).squareRoot() + bias[i],
                "mean of \(names[i])")
        }
        print(table)
        // The recommendation: B, whose expected utility is 0.1125 higher, far beyond the tolerances.
        XCTAssertEqual(try Self.recommended(files), "independent-fallback/android")
    }

    /// The figures in decision.json and sensitivity.csv, in `Figures.vector`'s order.
    static func reported(_ files: [String: String]) throws -> [Double] {
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(XCTUnwrap(files["decision.json"]).utf8)) as? [String: Any])
        let platform = try XCTUnwrap((json["platforms"] as? [String: Any])?["android"] as? [String: Any])
        // Each arm's figures are numbers, beside its `utility` quantiles (an object): keep the numbers.
        let arms = try XCTUnwrap(platform["arms"] as? [String: [String: Any]]).mapValues {
            $0.compactMapValues { $0 as? Double }
        }
        let a = try XCTUnwrap(arms["chained/android"]), b = try XCTUnwrap(arms["independent-fallback/android"])
        let evppi = try XCTUnwrap(platform["evppi"] as? [String: Double])
        let flips = try XCTUnwrap(platform["flips"] as? [[String: Any]])
        func flip(_ key: String) throws -> Double {
            let matching = flips.filter { $0["parameter"] as? String == key }
            XCTAssertEqual(matching.count, 1, "one flip along \(key): \(flips)")
            let only = try XCTUnwrap(matching.first)
            XCTAssertEqual(only["from"] as? String, "chained/android")
            XCTAssertEqual(only["to"] as? String, "independent-fallback/android")
            return try XCTUnwrap(only["at"] as? Double)
        }
        let rows = try XCTUnwrap(files["sensitivity.csv"]).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = rows[0]
        let column = { (name: String) in header.firstIndex(of: name)! }
        func index(_ key: String, _ name: String) throws -> Double {
            let row = try XCTUnwrap(
                rows.first {
                    $0[column("arm")].contains(" − ") && $0[column("metric")] == "utility"
                        && $0[column("parameter")] == key
                })
            return try XCTUnwrap(Double(row[column(name)]))
        }
        return [
            try XCTUnwrap(a["probability_best"]), try XCTUnwrap(a["expected_regret"]),
            try XCTUnwrap(b["expected_regret"]),
            try XCTUnwrap(platform["evpi"] as? Double), try XCTUnwrap(evppi[keys[0]]), try XCTUnwrap(evppi[keys[1]]),
            try index(keys[0], "first_order"), try index(keys[1], "first_order"), try index(keys[0], "total"),
            try index(keys[1], "total"),
            try flip(keys[0]), try flip(keys[1]),
        ]
    }

    static func recommended(_ files: [String: String]) throws -> String? {
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(XCTUnwrap(files["decision.json"]).utf8)) as? [String: Any])
        return ((json["platforms"] as? [String: Any])?["android"] as? [String: Any])?["recommended"] as? String
    }
}
