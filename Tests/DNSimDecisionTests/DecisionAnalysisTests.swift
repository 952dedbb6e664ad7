import CGSL
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
    private static let design = ExperimentDesign.worlds(
        .lhs, samples: worlds, parameterKeys: ["theta", "phi"], seed: 27)

    func testUncertainThetaAgainstAConstant() {
        let w = Double(Self.worlds)
        let input = DecisionInput(
            utilities: Self.design.map { [$0.unit[0], 0.5] }, parameters: Self.design.map(\.unit))
        let summary = DecisionAnalysis.analyse(input)
        let share = 3 * (0.25 / w).squareRoot()
        let mean = 4 * (5.0 / 192 / w).squareRoot()
        let (a, b) = (summary.arms[0], summary.arms[1])
        print(
            String(
                format:
                    "θ vs ½: P(best a) %.4f, E[regret] a %.5f b %.5f, q95 a %.4f, EVPI %.5f, EVPPI θ %.5f φ %.5f, flips %@",
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
        // EVPPI(θ): the differences are exactly linear in θ, so the smoother recovers them and
        // EVPPI(θ) is EVPI up to the Monte Carlo error of the mean.
        XCTAssertEqual(summary.evppi[0], 1.0 / 8, accuracy: mean)
        // EVPPI(φ): the fitted maxima's noise only, a small fraction of EVPI.
        XCTAssertLessThanOrEqual(summary.evppi[1], 0.012)
        XCTAssertGreaterThanOrEqual(summary.evppi[1], 0)
        // One flip, from b below to a above, at ½ within the fit's resolution; none along φ.
        XCTAssertEqual(summary.flips.count, 1)
        let flip = summary.flips[0]
        XCTAssertEqual([flip.parameter, flip.from, flip.to], [0, 1, 0])
        XCTAssertEqual(flip.at, 0.5, accuracy: 0.02)
    }

    /// An arm best everywhere but infeasible in 20% of the worlds is never recommended; the
    /// regret counts from the best feasible arm; with no arm feasible anywhere, nothing is
    /// recommended and EVPI is the least expected regret against the best of all arms.
    func testFeasibility() {
        let w = Double(Self.worlds)
        let utilities = Self.design.map { [$0.unit[0], 0.4, $0.unit[0] + 1] }
        let feasible = Self.design.map { [true, true, $0.unit[1] >= 0.2] }
        let summary = DecisionAnalysis.analyse(
            DecisionInput(utilities: utilities, feasible: feasible, parameters: Self.design.map(\.unit)))
        XCTAssertEqual(summary.arms[2].feasibleShare, 0.8, accuracy: 1 / w)
        // P(best) counts a world only where the arm is eligible there (docs/model.md §9): c wins every world
        // on utility, but only its feasible 80% count.
        XCTAssertEqual(summary.arms[2].bestUtilityShare, 1)
        XCTAssertEqual(summary.arms[2].probabilityBest, summary.arms[2].feasibleShare, accuracy: 1e-12)
        XCTAssertEqual(summary.recommended, 0, "a: E[θ] = ½ beats b's 0.4")
        XCTAssertEqual(summary.runnerUp, 1)
        XCTAssertTrue(summary.decisive)
        // The paired difference a − b: E[θ] − 0.4 over the worlds, within its interval.
        let difference = summary.difference!
        XCTAssertEqual(difference.mean, utilities.reduce(0) { $0 + $1[0] - $1[1] } / w, accuracy: 1e-12)
        XCTAssertTrue(difference.low < 0.1 && 0.1 < difference.high, "\(difference)")
        let best = zip(utilities, feasible).map { u, f in zip(u, f).filter(\.1).map(\.0).max()! }
        let expected = best.reduce(0, +) / w - summary.arms[0].expectedUtility
        XCTAssertEqual(summary.evpi, expected, accuracy: 1e-12)
        XCTAssertEqual(summary.arms[0].expectedRegret, expected, accuracy: 1e-12)
        // c's regret is negative where it beats the best feasible arm while infeasible itself.
        XCTAssertLessThan(summary.arms[2].expectedRegret, 0)

        let none = DecisionAnalysis.analyse(
            DecisionInput(
                utilities: utilities, feasible: utilities.map { _ in [false, false, false] },
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
        XCTAssertEqual(
            DecisionAnalysis.analyse(DecisionInput(utilities: utilities, feasible: nine, parameters: parameters))
                .recommended, 0)
        XCTAssertEqual(
            DecisionAnalysis.analyse(DecisionInput(utilities: utilities, feasible: eight, parameters: parameters))
                .recommended, 1)
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
        let twins = DecisionAnalysis.analyse(
            DecisionInput(
                utilities: Self.design.map { [$0.unit[0], $0.unit[0]] },
                parameters: Self.design.map(\.unit)))
        XCTAssertEqual(twins.arms.map(\.probabilityBest), [0.5, 0.5])
        XCTAssertEqual(twins.recommended, 0)
        XCTAssertEqual(twins.runnerUp, 1)
        XCTAssertFalse(twins.decisive)
        XCTAssertEqual(twins.evpi, 0)
        XCTAssertTrue(twins.flips.isEmpty)
    }

    /// One eligibility rule in EVPI and EVPPI (docs/model.md §9). a: utility 0, always feasible;
    /// b: utility 1, feasible only where θ < 0.4, so eligible in 40% of worlds (< 90%): a is
    /// recommended with no runner-up. With perfect information b is chosen where it is feasible:
    /// EVPI = P(θ < 0.4) = 0.4. Knowing θ is knowing where b is feasible: EVPPI(θ) = 0.4. Knowing φ
    /// leaves b feasible in 40% of the worlds with that φ, never eligible: EVPPI(φ) = 0. The
    /// unconstrained estimator would have said 1 − 0 = 1 for both. Tolerance 0.012 (the issue's).
    func testConstraintConsistentValueOfInformation() {
        let w = Double(Self.worlds)
        let utilities = Self.design.map { _ in [0.0, 1.0] }
        let feasible = Self.design.map { [true, $0.unit[0] < 0.4] }
        let summary = DecisionAnalysis.analyse(
            DecisionInput(utilities: utilities, feasible: feasible, parameters: Self.design.map(\.unit)))
        let share = Double(feasible.filter { $0[1] }.count) / w
        print(
            String(
                format: "constraint-consistent: EVPI %.5f (exact %.5f), EVPPI θ %.5f φ %.5f, flips %@", summary.evpi,
                share,
                summary.evppi[0], summary.evppi[1], summary.flips.map { "\($0.from)→\($0.to)@\($0.at)" }.description))
        XCTAssertEqual(summary.recommended, 0)
        XCTAssertNil(summary.runnerUp, "b is not eligible, so it is no runner-up")
        XCTAssertNil(summary.difference)
        XCTAssertEqual(summary.evpi, share, accuracy: 1e-12)
        XCTAssertEqual(share, 0.4, accuracy: 1 / w)
        XCTAssertEqual(summary.evppi[0], 0.4, accuracy: 0.012)
        XCTAssertEqual(summary.evppi[1], 0, accuracy: 0.012)
        // b is chosen below θ = 0.4 and stops being eligible there: one flip, b → a, at 0.4.
        XCTAssertEqual(summary.flips.map { [$0.parameter, $0.from, $0.to] }, [[0, 1, 0]])
        XCTAssertEqual(summary.flips.first?.at ?? 0, 0.4, accuracy: 0.012)
    }

    /// A flip in the last 3% of a range (x = 10·θ s, b − a = 0.1·(x − 9.7) plus noise of sd 0.02
    /// from φ): found within 0.3 of its unit, though it lies within one of the old 16 bins' width.
    func testFlipNearTheEndOfTheRange() {
        let x = Self.design.map { 10 * $0.unit[0] }
        let noise = Self.design.map { 0.02 * 12.0.squareRoot() * ($0.unit[1] - 0.5) }
        let utilities = zip(x, noise).map { [0.0, 0.1 * ($0 - 9.7) + $1] }
        let summary = DecisionAnalysis.analyse(
            DecisionInput(utilities: utilities, parameters: zip(x, Self.design).map { [$0, $1.unit[1]] }))
        print("flip near the end:", summary.flips)
        let along = summary.flips.filter { $0.parameter == 0 }
        XCTAssertEqual(along.map { [$0.from, $0.to] }, [[0, 1]])
        XCTAssertEqual(along.first?.at ?? 0, 9.7, accuracy: 0.3)
        XCTAssertTrue(summary.flips.allSatisfy { $0.parameter == 0 }, "nothing flips along the noise")
    }

    /// A kink at its sharpest, a step: b − a = ½ below θ = 0.47 and −½ above, plus noise of sd 0.1
    /// (from φ). E[b − a] = −0.03, so a is recommended, and EVPPI(θ) = E[(b − a)⁺] = 0.47·½ = 0.235.
    /// The old binned estimator (16 quantile bins for 4,096 worlds) loses what is learnt within the
    /// bin [0.4375, 0.5) holding the step: it picks b there for the bin's mean, +0.02, gaining
    /// 0.0625·0.02 instead of 0.0325·½, about 0.015 low. The running line places the step within
    /// its window, so its error is a fraction of that.
    func testKinkedParameterRegressionBeatsBins() {
        let utilities = Self.design.map { world -> [Double] in
            let noise = 0.1 * 12.0.squareRoot() * (world.unit[1] - 0.5)
            return [0, (world.unit[0] < 0.47 ? 0.5 : -0.5) + noise]
        }
        let parameters = Self.design.map(\.unit)
        let summary = DecisionAnalysis.analyse(DecisionInput(utilities: utilities, parameters: parameters))
        XCTAssertEqual(summary.recommended, 0)
        let binned = Self.binnedEVPPI(values: parameters.map { $0[0] }, utilities: utilities, reference: 0, bins: 16)
        let exact = 0.47 * 0.5
        print(String(format: "step: EVPPI regression %.5f, binned %.5f, exact %.5f", summary.evppi[0], binned, exact))
        XCTAssertEqual(binned, exact - 0.015, accuracy: 0.004, "the binned estimator's stated loss")
        XCTAssertLessThan(abs(summary.evppi[0] - exact), abs(binned - exact) / 2)
        XCTAssertEqual(summary.evppi[0], exact, accuracy: 0.012)
    }

    /// The estimator this replaced, written out here for comparison: equal-count bins of the
    /// parameter, each bin's best mean utility, minus the reference arm's mean.
    static func binnedEVPPI(values: [Double], utilities: [[Double]], reference: Int, bins: Int) -> Double {
        let order = values.indices.sorted { values[$0] < values[$1] }
        let w = Double(values.count)
        var informed = 0.0
        for bin in 0..<bins {
            let members = order[(bin * order.count / bins)..<((bin + 1) * order.count / bins)]
            let means = utilities[0].indices.map { a in
                members.reduce(0) { $0 + utilities[$1][a] } / Double(members.count)
            }
            informed += Double(members.count) / w * means.max()!
        }
        return informed - utilities.reduce(0) { $0 + $1[reference] } / w
    }

    /// A knife edge: b (better) is feasible in 905 of 1,000 worlds against a 90% rule, two
    /// binomial standard errors being 2√(0.905·0.095/1000) = 0.019. The bootstrap keeps b when a
    /// resample holds at least 90% feasible worlds: P(Binomial(1000, 0.905) ≥ 900), from GSL,
    /// within 4 binomial standard errors of 1,000 resamples. Below 95%, the worlds needed follow
    /// from that share; a (always feasible) alone is recommended in every resample.
    func testKnifeEdgeAndStability() {
        let worlds = 1000
        let utilities = (0..<worlds).map { _ in [0.0, 1.0] }
        let feasible = (0..<worlds).map { [true, $0 % 200 >= 19] }
        XCTAssertEqual(feasible.filter { $0[1] }.count, 905)
        let parameters = (0..<worlds).map { [Double($0) / Double(worlds)] }
        let summary = DecisionAnalysis.analyse(
            DecisionInput(utilities: utilities, feasible: feasible, parameters: parameters, seed: 7))
        XCTAssertEqual(summary.recommended, 1)
        XCTAssertEqual(summary.knifeEdge, [1])
        let expected = gsl_cdf_binomial_Q(899, 0.905, UInt32(worlds))
        print(
            String(
                format: "knife edge: stability %.3f (exact %.3f), worlds needed %d", summary.stability, expected,
                summary.worldsNeeded ?? -1))
        XCTAssertEqual(summary.stability, expected, accuracy: 4 * (expected * (1 - expected) / 1000).squareRoot())
        let z = gsl_cdf_ugaussian_Pinv(summary.stability)
        let scale = gsl_cdf_ugaussian_Pinv(0.95) / z
        XCTAssertEqual(summary.worldsNeeded, Int((Double(worlds) * scale * scale).rounded(.up)))

        let sure = DecisionAnalysis.analyse(DecisionInput(utilities: utilities, parameters: parameters, seed: 7))
        XCTAssertEqual(sure.stability, 1)
        XCTAssertNil(sure.worldsNeeded)
        XCTAssertEqual(sure.knifeEdge, [])
    }

    /// Resampling units: a Sobol sample's worlds are drawn together, so with units of ten worlds the
    /// stability differs from the world-by-world bootstrap but is reproducible for a seed.
    func testStabilityIsKeyed() {
        let worlds = 1000
        let utilities = (0..<worlds).map { [0.0, 1.0 + 0.02 * Double($0 % 7)] }
        let feasible = (0..<worlds).map { [true, $0 % 200 >= 19] }
        let parameters = (0..<worlds).map { [Double($0)] }
        let units = (0..<worlds).map { $0 / 10 }
        let one = DecisionAnalysis.analyse(
            DecisionInput(utilities: utilities, feasible: feasible, parameters: parameters, units: units, seed: 3))
        let again = DecisionAnalysis.analyse(
            DecisionInput(utilities: utilities, feasible: feasible, parameters: parameters, units: units, seed: 3))
        XCTAssertEqual(one.stability, again.stability)
        XCTAssertEqual(one.worldsNeeded.map { $0 % 10 }, 0, "whole units of ten worlds")
    }

    /// The robust arm: b = θ + 0.1 has the higher mean (0.6 > 0.5) and is recommended, but over its
    /// worst 5% of worlds it averages about 0.125, below a's constant 0.5.
    func testRobustArm() {
        let summary = DecisionAnalysis.analyse(
            DecisionInput(
                utilities: Self.design.map { [0.5, $0.unit[0] + 0.1] },
                parameters: Self.design.map(\.unit)))
        XCTAssertEqual(summary.recommended, 1)
        XCTAssertEqual(summary.robust, 0)
    }

    /// One infeasible world is no evidence: b (better, feasible everywhere but in one world in the
    /// middle of θ's range) stays the choice along θ, with no flip to a and back.
    func testOneInfeasibleWorldDoesNotFlip() {
        let middle = Self.design.indices.min {
            abs(Self.design[$0].unit[0] - 0.5) < abs(Self.design[$1].unit[0] - 0.5)
        }!
        let utilities = Self.design.map { _ in [0.0, 1.0] }
        let feasible = Self.design.indices.map { [true, $0 != middle] }
        let summary = DecisionAnalysis.analyse(
            DecisionInput(utilities: utilities, feasible: feasible, parameters: Self.design.map(\.unit)))
        XCTAssertEqual(summary.recommended, 1)
        XCTAssertEqual(summary.flips, [])
    }

    /// A categorical parameter gets one bin per value and no flips. a's utility is (1, 0, 0) by the
    /// choice c ∈ {0, 1, 2} (equally often), b's 0.4: b is recommended (⅓ < 0.4), and knowing c is
    /// knowing everything: EVPPI(c) = EVPI = (1 + 0.4 + 0.4)/3 − 0.4 = 0.2, exactly.
    func testCategoricalParameter() {
        let choices = (0..<300).map { Double($0 % 3) }
        let input = DecisionInput(
            utilities: choices.map { [$0 == 0 ? 1 : 0, 0.4] }, parameters: choices.map { [$0] },
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
