import DNSimDecision
import DNSimTestSupport
import Foundation
import XCTest

/// docs/model.md §9, "Noise is not advice", against known answers. Arm a's utility is θ − ½ plus noise,
/// arm b's the noise alone, so the best arm flips from b to a at θ = ½ exactly; φ is read by
/// nothing (its EVPPI is 0), and ψ cannot act on these arms at all. W = 512 independent worlds,
/// each arm's noise normal with sd 0.3 (a world's device noise).
///
/// At each seed: ψ's EVPPI is exactly 0 and it never flips; φ's is "not distinguishable from 0"
/// (below two bootstrap standard errors) and φ never flips; the flip along θ is reported once,
/// b → a, and its 95% interval holds ½. Each of the last three is a 95%-level statement, so over
/// 20 seeds at least 19 must hold (long mode; by default 4 seeds, all of which must).
final class HonestAdviceTests: XCTestCase {
    static let worlds = 512

    static func input(seed: UInt64) -> DecisionInput {
        var random = SplitMix(seed: seed)
        func normal() -> Double {
            let u = max(random.uniform(), 1e-300), v = random.uniform()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        var utilities: [[Double]] = [], parameters: [[Double]] = []
        for _ in 0..<worlds {
            let theta = random.uniform(), phi = random.uniform(), psi = random.uniform()
            utilities.append([theta - 0.5 + 0.3 * normal(), 0.3 * normal()])
            parameters.append([theta, phi, psi])
        }
        var input = DecisionInput(utilities: utilities, parameters: parameters, seed: seed)
        input.acting = [true, true, false]
        input.informationResamples = DecisionInput.reportResamples
        return input
    }

    func testNoiseIsNotAdviceAndARealFlipIsReported() {
        let seeds: [UInt64] = TestMode.long ? Array(1...20) : [1, 2, 3, 4]
        var quiet = 0, unflipped = 0, covered = 0
        var notes: [String] = []
        for seed in seeds {
            let summary = DecisionAnalysis.analyse(Self.input(seed: seed))
            XCTAssertEqual(summary.evppi[2], 0, "ψ cannot act: exactly 0")
            XCTAssertEqual(summary.evppiErrors[2], 0)
            XCTAssertFalse(summary.flips.contains { $0.parameter == 2 })
            XCTAssertFalse(summary.isDistinguishable(2))
            XCTAssertTrue(summary.isDistinguishable(0), "θ decides: \(summary.evppi[0]) ± \(summary.evppiErrors[0])")
            if !summary.isDistinguishable(1) { quiet += 1 }
            if !summary.flips.contains(where: { $0.parameter == 1 }) { unflipped += 1 }
            let along = summary.flips.filter { $0.parameter == 0 }
            if along.count == 1, along[0].from == 1, along[0].to == 0, along[0].low <= 0.5, 0.5 <= along[0].high {
                covered += 1
            }
            notes.append(
                String(
                    format: "seed %d: EVPPI φ %.5f ± %.5f, θ flips %@", seed, summary.evppi[1], summary.evppiErrors[1],
                    along.map { String(format: "%.3f [%.3f, %.3f]", $0.at, $0.low, $0.high) }.description))
        }
        let needed = seeds.count >= 20 ? 19 : seeds.count
        print(notes.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(quiet, needed, "φ not distinguishable from 0\n" + notes.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(unflipped, needed, "no flip along φ\n" + notes.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(
            covered, needed, "the flip at ½ inside its interval\n" + notes.joined(separator: "\n"))
    }

    /// The standard errors and flip intervals are keyed: the same seed gives the same figures.
    func testKeyedStandardErrors() {
        let a = DecisionAnalysis.analyse(Self.input(seed: 9)), b = DecisionAnalysis.analyse(Self.input(seed: 9))
        XCTAssertEqual(a.evppiErrors, b.evppiErrors)
        XCTAssertEqual(a.flips, b.flips)
        XCTAssertGreaterThan(a.evppiErrors[0], 0)
    }
}
