import DNSimDecision
import Foundation
import XCTest

/// `PartialRankCorrelation` (Marino et al. 2008; docs/model.md §9, "Decisions under uncertainty —
/// estimators").
final class PartialRankCorrelationTests: XCTestCase {
    /// Five worlds whose ranks are x1 = 1…5, x2 = (2, 1, 4, 3, 5), y = (1, 3, 2, 5, 4), the raw values
    /// monotone transforms of them. Spearman's r = 1 − 6Σd²/(n(n² − 1)) = 1 − Σd²/20:
    /// r12 = 1 − 4/20 = 0.8, r1y = 1 − 4/20 = 0.8, r2y = 1 − 14/20 = 0.3. The first-order partial
    /// correlations: PRCC1 = (r1y − r12·r2y)/√((1 − r12²)(1 − r2y²)) = 0.56/√(0.36·0.91),
    /// PRCC2 = (r2y − r12·r1y)/√((1 − r12²)(1 − r1y²)) = −0.34/0.36 = −17/18.
    func testHandComputedCase() {
        let x1 = [1.0, 2, 3, 4, 5].map { exp($0) }
        let x2 = [2.0, 1, 4, 3, 5].map { $0 * $0 * $0 - 10 }
        let y = [1.0, 3, 2, 5, 4].map { log($0) }
        let coefficients = PartialRankCorrelation.coefficients(inputs: zip(x1, x2).map { [$0, $1] }, output: y)
        XCTAssertEqual(coefficients[0]!, 0.56 / (0.36 * 0.91).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(coefficients[1]!, -17.0 / 18, accuracy: 1e-12)
        // One parameter: the partial rank correlation is Spearman's.
        XCTAssertEqual(
            PartialRankCorrelation.coefficients(inputs: x2.map { [$0] }, output: y)[0]!, 0.3, accuracy: 1e-12)
    }

    func testRanksAverageTies() {
        XCTAssertEqual(PartialRankCorrelation.ranks([3, 1, 3, 2]), [3.5, 1, 3.5, 2])
        XCTAssertEqual(PartialRankCorrelation.ranks([7, 7, 7]), [2, 2, 2])
        XCTAssertEqual(PartialRankCorrelation.ranks([0.5, -1, 2, 0.5, 0.5]), [3, 1, 5, 3, 3])
    }

    /// y = 3·x1 + 2·x2 − x3 + ε/2 on a Latin hypercube of 1000 worlds (ε a fifth column the
    /// estimator does not see, x4 irrelevant). On values the partial correlations would be
    /// c/√(c² + 1/4): 0.986, 0.970, −0.894; ranks keep the order and signs. x4's coefficient is
    /// within 4 null standard errors of zero, 1/√(n − k − 1) for k = 4 parameters.
    func testMonotoneModelOrdersItsParameters() {
        let n = 1000
        let worlds = ExperimentDesign.worlds(
            .lhs, samples: n, parameterKeys: ["x1", "x2", "x3", "x4", "noise"], seed: 21)
        let inputs = worlds.map { Array($0.unit[0..<4]) }
        let output = worlds.map { 3 * $0.unit[0] + 2 * $0.unit[1] - $0.unit[2] + 0.5 * $0.unit[4] }
        let prcc = PartialRankCorrelation.coefficients(inputs: inputs, output: output).map { $0! }
        print("PRCC:", prcc.map { String(format: "%.4f", $0) })
        XCTAssertGreaterThan(prcc[0], prcc[1])
        XCTAssertGreaterThan(prcc[1], -prcc[2])
        XCTAssertGreaterThan(-prcc[2], 0.5)
        XCTAssertLessThan(abs(prcc[3]), 4 / Double(n - 5).squareRoot())
        // Ranks only: monotone transforms of any input or of the output change nothing.
        let transformed = PartialRankCorrelation.coefficients(
            inputs: inputs.map { [exp($0[0]), $0[1] * $0[1], -1 / $0[2], $0[3]] },
            output: output.map { exp($0) })
        XCTAssertEqual(transformed.map { $0! }, prcc)
    }

    /// A constant column has no coefficient and leaves the others as they were without it; a constant
    /// output, a parameter that is a copy of another (a singular system) or too few worlds: all nil.
    func testUndefinedCoefficientsAreNil() {
        let worlds = ExperimentDesign.worlds(.lhs, samples: 50, parameterKeys: ["x1", "x2"], seed: 2)
        let output = worlds.map { $0.unit[0] - 0.3 * $0.unit[1] }
        let without = PartialRankCorrelation.coefficients(inputs: worlds.map { $0.unit }, output: output)
        let with = PartialRankCorrelation.coefficients(
            inputs: worlds.map { [$0.unit[0], 4, $0.unit[1]] }, output: output)
        XCTAssertNil(with[1])
        XCTAssertEqual(with[0]!, without[0]!, accuracy: 1e-14)
        XCTAssertEqual(with[2]!, without[1]!, accuracy: 1e-14)
        XCTAssertEqual(
            PartialRankCorrelation.coefficients(inputs: worlds.map { $0.unit }, output: worlds.map { _ in 1 }),
            [nil, nil])
        XCTAssertEqual(
            PartialRankCorrelation.coefficients(
                inputs: worlds.map { [$0.unit[0], 2 * $0.unit[0], $0.unit[1]] },
                output: output), [nil, nil, nil])
        XCTAssertEqual(
            PartialRankCorrelation.coefficients(inputs: [[1, 2], [2, 1], [3, 3]], output: [1, 2, 3]), [nil, nil])
    }
}
