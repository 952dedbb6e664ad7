import CGSL
import XCTest

@testable import DNSimDecision

/// Worlds drawn together (a Sobol sample's k + 2 worlds) are one draw: the recommendation's paired
/// difference and the knife edge's standard error count the units, not the worlds.
final class ClusteredDecisionTests: XCTestCase {
    /// 30 units of 4 identical worlds: the interval is the t-interval over the 30 unit values, about
    /// twice as wide as the one that took the 120 worlds for independent draws: exactly
    /// 2 · (t₂₉ / t₁₁₉) · √(119 / 116), the worlds' variance being 4 · 29 / 119 of the units'.
    func testTheDifferenceCountsUnitsNotWorlds() throws {
        let unitValues = (0..<30).map { 0.02 + 0.01 * sin(Double($0) * 1.7) }
        var utilities: [[Double]] = [], units: [Int] = []
        for (unit, value) in unitValues.enumerated() {
            for _ in 0..<4 {
                utilities.append([0.5 + value, 0.5])
                units.append(unit)
            }
        }
        let parameters = utilities.indices.map { [Double($0)] }
        let clustered = DecisionAnalysis.analyse(
            DecisionInput(utilities: utilities, parameters: parameters, units: units, resamples: 10))
        let difference = try XCTUnwrap(clustered.difference)
        let mean = unitValues.reduce(0, +) / 30
        let sd = (unitValues.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 29).squareRoot()
        let half = gsl_cdf_tdist_Pinv(0.975, 29) * sd / 30.0.squareRoot()
        XCTAssertEqual(difference.mean, mean, accuracy: 1e-12)
        XCTAssertEqual(difference.high - difference.mean, half, accuracy: 1e-12)
        let independent = try XCTUnwrap(
            DecisionAnalysis.analyse(
                DecisionInput(
                    utilities: utilities, parameters: parameters,
                    resamples: 10)
            ).difference)
        let expected = 2 * gsl_cdf_tdist_Pinv(0.975, 29) / gsl_cdf_tdist_Pinv(0.975, 119) * (119.0 / 116).squareRoot()
        XCTAssertEqual(
            (difference.high - difference.low) / (independent.high - independent.low), expected, accuracy: 1e-9)
    }

    /// A feasible share of 75% against a required 90%: 5 of 20 units of 4 worlds infeasible. The units'
    /// standard error, √(60 / (20 · 19)) / 4 = 0.099, puts it within two of them (a knife edge); the 80
    /// worlds taken for independent draws give √(0.75 · 0.25 / 80) = 0.048, and it would not be.
    func testTheKnifeEdgeCountsUnits() {
        var utilities: [[Double]] = [], feasible: [[Bool]] = [], units: [Int] = []
        for unit in 0..<20 {
            for _ in 0..<4 {
                utilities.append([1, 0])
                feasible.append([unit >= 5, true])
                units.append(unit)
            }
        }
        let parameters = utilities.indices.map { [Double($0)] }
        let clustered = DecisionAnalysis.analyse(
            DecisionInput(
                utilities: utilities, feasible: feasible, parameters: parameters,
                units: units, resamples: 10))
        XCTAssertEqual(clustered.knifeEdge, [0])
        XCTAssertEqual(clustered.feasibleShareErrors[0], (60.0 / (20 * 19)).squareRoot() / 4, accuracy: 1e-12)
        let independent = DecisionAnalysis.analyse(
            DecisionInput(
                utilities: utilities, feasible: feasible, parameters: parameters,
                resamples: 10))
        XCTAssertEqual(independent.knifeEdge, [])
    }
}
