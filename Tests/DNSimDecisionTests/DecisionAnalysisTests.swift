import DNSimDecision
import Foundation
import XCTest

/// `DecisionAnalysis` (docs/model.md §9, "Decisions under uncertainty — estimators") against
/// closed forms.
///
/// The main case: arm a's utility is θ, arm b's 0.5, θ ~ U(0, 1) from a Latin hypercube column of
/// W = 4096 worlds, φ a second column nothing depends on. Exact: P(a best) = 1/2;
/// regret_a = (½ − θ)⁺ and regret_b = (θ − ½)⁺, each of mean ∫₀^½ t dt = 1/8 and variance
/// ∫₀^½ t² dt − 1/64 = 1/24 − 1/64 = 5/192; EVPI = E[max(θ, ½)] − ½ = 1/8; EVPPI(θ) = EVPI (θ is
/// all there is to know); EVPPI(φ) = 0; the best arm flips from b to a at θ = ½; regret_a's 95%
/// quantile q solves P((½ − θ)⁺ ≤ q) = ½ + q = 0.95, q = 0.45.
///
/// Tolerances, as for independent worlds (the hypercube's stratification only tightens them):
/// a share within 3√(p(1 − p)/W); a mean within 4σ/√W; a quantile within 4√(p(1 − p)/W)/density
/// (regret_a's density at 0.45 is 1).
final class DecisionAnalysisTests: XCTestCase {
    private static let worlds = 4096
    private static let design = ExperimentDesign.worlds(.lhs, samples: worlds, parameterKeys: ["theta", "phi"], seed: 27)

    func testUncertainThetaAgainstAConstant() {
        let w = Double(Self.worlds)
        let input = DecisionInput(utilities: Self.design.map { [$0.unit[0], 0.5] }, parameters: Self.design.map(\.unit))
        let summary = DecisionAnalysis.analyse(input)
        let q = Double(summary.bins)
        XCTAssertEqual(summary.bins, 16, "clamp(round(∛4096), 2, 50)")
        let share = 3 * (0.25 / w).squareRoot()
        let mean = 4 * (5.0 / 192 / w).squareRoot()
        let (a, b) = (summary.arms[0], summary.arms[1])
        print(String(format: "θ vs ½: P(best a) %.4f, E[regret] a %.5f b %.5f, q95 a %.4f, EVPI %.5f, EVPPI θ %.5f φ %.5f, flips %@",
                     a.probabilityBest, a.expectedRegret, b.expectedRegret, a.regretQ95, summary.evpi, summary.evppi[0],
                     summary.evppi[1], summary.flips.map { "\($0.parameter):\($0.from)→\($0.to)@\($0.at)" }.description))
        XCTAssertEqual(a.probabilityBest, 0.5, accuracy: share)
        XCTAssertEqual(a.probabilityBest + b.probabilityBest, 1, accuracy: 1e-12)
        XCTAssertEqual(a.expectedRegret, 1.0 / 8, accuracy: mean)
        XCTAssertEqual(b.expectedRegret, 1.0 / 8, accuracy: mean)
        XCTAssertEqual(a.regretQ95, 0.45, accuracy: 4 * (0.95 * 0.05 / w).squareRoot())
        XCTAssertEqual(a.feasibleShare, 1)
        XCTAssertEqual(a.expectedUtility, 0.5, accuracy: 4 * (1.0 / 12 / w).squareRoot())
        XCTAssertEqual(summary.evpi, 1.0 / 8, accuracy: mean)
        // No constraint binds: EVPI is the textbook E[max U] − max E[U].
        let expectedMax = Self.design.reduce(0) { $0 + max($1.unit[0], 0.5) } / w
        XCTAssertEqual(summary.evpi, expectedMax - max(a.expectedUtility, b.expectedUtility), accuracy: 1e-12)
        XCTAssertEqual(summary.recommended, a.expectedRegret < b.expectedRegret ? 0 : 1)
        XCTAssertFalse(summary.decisive, "a and b differ in expected regret by far less than the 0.005 tie")
        // EVPPI(θ): bins of width 1/Q lose at most what is learnt within the bin holding ½,
        // ∫ over it of (θ − ½)⁺ ≤ (1/2Q)²/2 = 1/(8Q²), besides the Monte Carlo error of the mean.
        XCTAssertEqual(summary.evppi[0], 1.0 / 8, accuracy: 1 / (8 * q * q) + mean)
        // EVPPI(φ): only the stated bias, σ_d/√(2π·W/Q) with σ_d = sd(θ − ½) = 1/√12; 3× it.
        let bias = (1.0 / 12).squareRoot() / (2 * Double.pi * w / q).squareRoot()
        XCTAssertLessThanOrEqual(summary.evppi[1], 3 * bias)
        XCTAssertGreaterThanOrEqual(summary.evppi[1], 0)
        // One flip, from b below to a above, within half a bin of ½; none along φ.
        XCTAssertEqual(summary.flips.count, 1)
        let flip = summary.flips[0]
        XCTAssertEqual([flip.parameter, flip.from, flip.to], [0, 1, 0])
        XCTAssertEqual(flip.at, 0.5, accuracy: 0.5 / q)
    }

    /// An arm best everywhere but infeasible in 20% of the worlds is never recommended; the
    /// regret counts from the best feasible arm; with no arm feasible anywhere, nothing is
    /// recommended and EVPI is the least expected regret against the best of all arms.
    func testFeasibility() {
        let w = Double(Self.worlds)
        let utilities = Self.design.map { [$0.unit[0], 0.4, $0.unit[0] + 1] }
        let feasible = Self.design.map { [true, true, $0.unit[1] >= 0.2] }
        let summary = DecisionAnalysis.analyse(DecisionInput(utilities: utilities, feasible: feasible, parameters: Self.design.map(\.unit)))
        XCTAssertEqual(summary.arms[2].feasibleShare, 0.8, accuracy: 1 / w)
        XCTAssertEqual(summary.arms[2].probabilityBest, 1)
        XCTAssertEqual(summary.recommended, 0, "a: E[θ] = ½ beats b's 0.4")
        XCTAssertEqual(summary.runnerUp, 1)
        XCTAssertTrue(summary.decisive)
        let best = zip(utilities, feasible).map { u, f in zip(u, f).filter(\.1).map(\.0).max()! }
        let expected = best.reduce(0, +) / w - summary.arms[0].expectedUtility
        XCTAssertEqual(summary.evpi, expected, accuracy: 1e-12)
        XCTAssertEqual(summary.arms[0].expectedRegret, expected, accuracy: 1e-12)
        // c's regret is negative where it beats the best feasible arm while infeasible itself.
        XCTAssertLessThan(summary.arms[2].expectedRegret, 0)

        let none = DecisionAnalysis.analyse(DecisionInput(utilities: utilities, feasible: utilities.map { _ in [false, false, false] },
                                                          parameters: Self.design.map(\.unit)))
        XCTAssertNil(none.recommended)
        XCTAssertFalse(none.decisive)
        XCTAssertEqual(none.arms[2].expectedRegret, 0)
        XCTAssertEqual(none.evpi, 0, "c is best in every world")
        XCTAssertEqual(none.evppi, [0, 0])
    }

    /// 9 feasible worlds of 10 meet a required share of 0.9; 8 do not.
    func testRequiredShareIsInclusive() {
        let utilities = (0..<10).map { [Double($0), 0] }
        let parameters = (0..<10).map { [Double($0)] }
        let nine = (0..<10).map { [$0 != 3, true] }
        let eight = (0..<10).map { [$0 != 3 && $0 != 4, true] }
        XCTAssertEqual(DecisionAnalysis.analyse(DecisionInput(utilities: utilities, feasible: nine, parameters: parameters)).recommended, 0)
        XCTAssertEqual(DecisionAnalysis.analyse(DecisionInput(utilities: utilities, feasible: eight, parameters: parameters)).recommended, 1)
    }

    /// Exact ties split the world: (1, 1, 0) gives ½, ½, 0; (0, 2, 2) 0, ½, ½; (3, 3, 3) ⅓ each.
    /// Equal arms tie in expected regret too: the lower index is recommended, not decisively.
    func testExactTiesSplit() {
        let input = DecisionInput(utilities: [[1, 1, 0], [0, 2, 2], [3, 3, 3]], parameters: [[0], [1], [2]])
        let summary = DecisionAnalysis.analyse(input)
        let third = 1.0 / 3
        XCTAssertEqual(summary.arms.map(\.probabilityBest)[0], (0.5 + third) / 3, accuracy: 1e-15)
        XCTAssertEqual(summary.arms.map(\.probabilityBest)[1], (0.5 + 0.5 + third) / 3, accuracy: 1e-15)
        XCTAssertEqual(summary.arms.map(\.probabilityBest)[2], (0.5 + third) / 3, accuracy: 1e-15)
        let twins = DecisionAnalysis.analyse(DecisionInput(utilities: Self.design.map { [$0.unit[0], $0.unit[0]] },
                                                           parameters: Self.design.map(\.unit)))
        XCTAssertEqual(twins.arms.map(\.probabilityBest), [0.5, 0.5])
        XCTAssertEqual(twins.recommended, 0)
        XCTAssertEqual(twins.runnerUp, 1)
        XCTAssertFalse(twins.decisive)
        XCTAssertEqual(twins.evpi, 0)
        XCTAssertTrue(twins.flips.isEmpty)
    }

    /// A categorical parameter gets one bin per value and no flips. a's utility is (1, 0, 0) by the
    /// choice c ∈ {0, 1, 2} (equally often), b's 0.4: b is recommended (⅓ < 0.4), and knowing c is
    /// knowing everything: EVPPI(c) = EVPI = (1 + 0.4 + 0.4)/3 − 0.4 = 0.2, exactly.
    func testCategoricalParameter() {
        let choices = (0..<300).map { Double($0 % 3) }
        let input = DecisionInput(utilities: choices.map { [$0 == 0 ? 1 : 0, 0.4] }, parameters: choices.map { [$0] },
                                  categorical: [true])
        let summary = DecisionAnalysis.analyse(input)
        XCTAssertEqual(summary.recommended, 1)
        XCTAssertEqual(summary.evpi, 0.2, accuracy: 1e-12)
        XCTAssertEqual(summary.evppi[0], 0.2, accuracy: 1e-12)
        XCTAssertTrue(summary.flips.isEmpty)
        // The same column as an ordered parameter: ties keep equal values in one bin, so the same
        // EVPPI, and the best arm flips a → b between the bins of c = 0 and c = 1.
        let ordered = DecisionAnalysis.analyse(DecisionInput(utilities: input.utilities, parameters: input.parameters))
        XCTAssertEqual(ordered.evppi[0], 0.2, accuracy: 1e-12)
        XCTAssertEqual(ordered.flips.map { [$0.from, $0.to] }, [[0, 1]])
    }
}
