import DNSimAnalysis
import XCTest

/// A weight's break-even values against the closed form. Arms' mean utilities ū and mean terms t̄
/// (the weighted metric), weight ω = −2: moving ω to ω′ moves ū_a by (ω′ − ω)·t̄_a. r = 0 with
/// ū = 0.6, t̄ = 0.05; b = 1 with ū = 0.5, t̄ = 0.01 meets r where 0.6 + δ·0.05 = 0.5 + δ·0.01,
/// δ = −2.5, so the recommendation holds for ω′ ≥ −4.5; c = 2 with ū = 0.4, t̄ = 0.09 catches up
/// at δ = 0.2/0.04 = 5, ω′ = 3; an ineligible d = 3 (ū = 0.55, t̄ = 0.2) does not count.
final class BreakEvenTests: XCTestCase {
    func testWeightRangeIsTheClosedForm() {
        let range = BreakEven.weightRange(
            weight: -2, meanUtility: [0.6, 0.5, 0.4, 0.55], meanTerm: [0.05, 0.01, 0.09, 0.2],
            eligible: [true, true, true, false], recommended: 0)
        XCTAssertEqual(range.low!, -4.5, accuracy: 1e-12)
        XCTAssertEqual(range.high!, 3, accuracy: 1e-12)
    }

    /// Beyond ±10 times the weight's magnitude the search stops: nil.
    func testBeyondTheSearchIsNil() {
        let range = BreakEven.weightRange(
            weight: -0.1, meanUtility: [0.6, 0.5], meanTerm: [0.05, 0.04], eligible: [true, true], recommended: 0)
        // b meets r at δ = 0.1/−0.01 = −10, beyond the reach of 1.
        XCTAssertNil(range.low)
        XCTAssertNil(range.high, "b's term is smaller: raising ω never helps it")
    }
}
