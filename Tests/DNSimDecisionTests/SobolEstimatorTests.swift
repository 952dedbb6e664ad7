import DNSimDecision
import Foundation
import XCTest

/// `SobolEstimator` (docs/model.md §9, "Decisions under uncertainty — estimators") against the
/// closed-form Sobol indices of the Ishigami function and of a linear additive model, on the
/// Saltelli design the simulator runs.
///
/// Tolerance: 4 bootstrap standard errors from the same run (the bootstrap treats the scrambled
/// Sobol rows as independent, which overstates their error, so 4 is generous), and every 95%
/// percentile interval must cover the exact value.
final class SobolEstimatorTests: XCTestCase {
    private static let a = 7.0, b = 0.1

    private static func ishigami(_ x: [Double]) -> Double {
        sin(x[0]) + a * pow(sin(x[1]), 2) + b * pow(x[2], 4) * sin(x[0])
    }

    /// Ishigami & Homma (1990) over uniform(−π, π)³: V1 = ½(1 + bπ⁴/5)², V2 = a²/8, V3 = 0,
    /// V13 = 8b²π⁸/225, and V = V1 + V2 + V13 (= a²/8 + bπ⁴/5 + b²π⁸/18 + ½).
    func testIshigamiIndicesMatchTheirClosedForms() {
        let (a, b) = (Self.a, Self.b)
        let v1 = 0.5 * pow(1 + b * pow(Double.pi, 4) / 5, 2), v2 = a * a / 8, v13 = 8 * b * b * pow(Double.pi, 8) / 225
        let variance = v1 + v2 + v13
        XCTAssertEqual(
            variance, a * a / 8 + b * pow(Double.pi, 4) / 5 + b * b * pow(Double.pi, 8) / 18 + 0.5, accuracy: 1e-12)
        let first = [v1 / variance, v2 / variance, 0]
        let total = [(v1 + v13) / variance, v2 / variance, v13 / variance]

        let worlds = ExperimentDesign.worlds(.sobol, samples: 4096, parameterKeys: ["x1", "x2", "x3"], seed: 2027)
        let range = ParameterDistribution.uniform(min: -Double.pi, max: Double.pi)
        let outputs = worlds.map { Self.ishigami($0.unit.map(range.quantile)) }
        let indices = SobolEstimator.indices(outputs: outputs, worlds: worlds, parameters: 3, seed: 11, target: 0)
        assertMatches(indices, first: first, total: total)
    }

    /// y = Σ c_i x_i, x_i ~ U(0, 1) independent: V_i = c_i²/12, no interactions, so S_i = ST_i = c_i²/Σc².
    func testLinearAdditiveModelHasItsShareOfVariance() {
        let c = [1.0, 2.0, 3.0, 0.0]
        let exact = c.map { $0 * $0 / c.reduce(0) { $0 + $1 * $1 } }
        let worlds = ExperimentDesign.worlds(.sobol, samples: 2048, parameterKeys: ["c1", "c2", "c3", "c4"], seed: 5)
        let outputs = worlds.map { world in zip(c, world.unit).reduce(0) { $0 + $1.0 * $1.1 } }
        let indices = SobolEstimator.indices(outputs: outputs, worlds: worlds, parameters: 4, seed: 11, target: 3)
        assertMatches(indices, first: exact, total: exact)
    }

    private func assertMatches(
        _ indices: [SensitivityIndex], first: [Double], total: [Double],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(indices.count, first.count, file: file, line: line)
        for (i, index) in indices.enumerated() {
            guard let s = index.firstOrder, let sLow = index.firstOrderLow, let sHigh = index.firstOrderHigh,
                let sError = index.firstOrderStandardError, let t = index.total, let tLow = index.totalLow,
                let tHigh = index.totalHigh, let tError = index.totalStandardError
            else { return XCTFail("parameter \(i + 1): an index is missing", file: file, line: line) }
            print(
                String(
                    format:
                        "Sobol x%d: S %.4f (exact %.4f, se %.4f, [%.4f, %.4f]); ST %.4f (exact %.4f, se %.4f, [%.4f, %.4f])",
                    i + 1, s, first[i], sError, sLow, sHigh, t, total[i], tError, tLow, tHigh))
            XCTAssertEqual(s, first[i], accuracy: 4 * sError, "S\(i + 1)", file: file, line: line)
            XCTAssertEqual(t, total[i], accuracy: 4 * tError, "ST\(i + 1)", file: file, line: line)
            XCTAssertTrue(
                sLow <= first[i] && first[i] <= sHigh, "S\(i + 1)'s interval covers it", file: file, line: line)
            XCTAssertTrue(
                tLow <= total[i] && total[i] <= tHigh, "ST\(i + 1)'s interval covers it", file: file, line: line)
            // A standard error of the order 1/√N, not a degenerate interval hiding a bad estimate
            // (zero only for a parameter the output ignores: f(AB_i) = f(A) in every sample).
            XCTAssertTrue(sError < 0.05 && tError < 0.05, file: file, line: line)
            XCTAssertEqual(sError == 0, first[i] == 0 && total[i] == 0 && s == 0, file: file, line: line)
        }
    }

    /// Grouped by sample and block, so the order of the worlds does not matter, and a sample with a
    /// world missing counts as though it were not there at all.
    func testWorldOrderAndIncompleteSamples() {
        let worlds = ExperimentDesign.worlds(.sobol, samples: 64, parameterKeys: ["x1", "x2", "x3"], seed: 9)
        let range = ParameterDistribution.uniform(min: -Double.pi, max: Double.pi)
        let outputs = worlds.map { Self.ishigami($0.unit.map(range.quantile)) }
        let reference = SobolEstimator.indices(
            outputs: outputs, worlds: worlds, parameters: 3, seed: 1, target: 2, resamples: 200)
        XCTAssertEqual(
            SobolEstimator.indices(
                outputs: outputs.reversed(), worlds: worlds.reversed(), parameters: 3, seed: 1,
                target: 2, resamples: 200), reference)
        // Sample 64 (the last) without its AB_2 world, against sample 64 left out: the same.
        let partial = zip(worlds, outputs).filter { !($0.0.sample == 64 && $0.0.block == .ab(2)) }
        let dropped = zip(worlds, outputs).filter { $0.0.sample != 64 }
        let withHole = SobolEstimator.indices(
            outputs: partial.map(\.1), worlds: partial.map(\.0), parameters: 3, seed: 1,
            target: 2, resamples: 200)
        XCTAssertEqual(
            withHole,
            SobolEstimator.indices(
                outputs: dropped.map(\.1), worlds: dropped.map(\.0), parameters: 3,
                seed: 1, target: 2, resamples: 200))
        XCTAssertNotEqual(withHole, reference)
    }

    /// The bootstrap is keyed by the target: another target keeps the estimates and moves only the
    /// intervals; the same target repeats them exactly.
    func testBootstrapIsKeyedByTheTarget() {
        let worlds = ExperimentDesign.worlds(.sobol, samples: 128, parameterKeys: ["x1", "x2"], seed: 3)
        let outputs = worlds.map { $0.unit[0] + 2 * $0.unit[1] * $0.unit[0] }
        let one = SobolEstimator.indices(
            outputs: outputs, worlds: worlds, parameters: 2, seed: 8, target: 1, resamples: 300)
        let again = SobolEstimator.indices(
            outputs: outputs, worlds: worlds, parameters: 2, seed: 8, target: 1, resamples: 300)
        let other = SobolEstimator.indices(
            outputs: outputs, worlds: worlds, parameters: 2, seed: 8, target: 2, resamples: 300)
        XCTAssertEqual(one, again)
        XCTAssertEqual(one.map(\.firstOrder), other.map(\.firstOrder))
        XCTAssertEqual(one.map(\.total), other.map(\.total))
        XCTAssertNotEqual(one.map(\.firstOrderLow), other.map(\.firstOrderLow))
        // No resamples: estimates without intervals.
        let bare = SobolEstimator.indices(
            outputs: outputs, worlds: worlds, parameters: 2, seed: 8, target: 1, resamples: 0)
        XCTAssertEqual(bare.map(\.firstOrder), one.map(\.firstOrder))
        XCTAssertEqual(bare.map(\.firstOrderLow), [nil, nil])
    }

    /// Zero output variance, or a Latin hypercube (no B rows), leaves every index undefined.
    func testUndefinedIndicesAreNil() {
        let worlds = ExperimentDesign.worlds(.sobol, samples: 32, parameterKeys: ["x1", "x2"], seed: 3)
        let constant = SobolEstimator.indices(
            outputs: worlds.map { _ in 0.25 }, worlds: worlds, parameters: 2, seed: 1, target: 0)
        XCTAssertEqual(constant, [SensitivityIndex(), SensitivityIndex()])
        let hypercube = ExperimentDesign.worlds(.lhs, samples: 32, parameterKeys: ["x1", "x2"], seed: 3)
        let lhs = SobolEstimator.indices(
            outputs: hypercube.map { $0.unit[0] }, worlds: hypercube, parameters: 2, seed: 1, target: 0)
        XCTAssertEqual(lhs, [SensitivityIndex(), SensitivityIndex()])
    }
}
