import CGSL
import DNSimCore
import DNSimDecision
import XCTest

/// `Quantile.of` is Hyndman–Fan type 7, bit for bit GSL's `gsl_stats_quantile_from_sorted_data`.
final class QuantileTests: XCTestCase {
    func testAgreesWithGSLToTheBit() {
        let random = KeyedRandom(seed: 4)
        for (index, n) in [1, 2, 3, 10, 101, 1000].enumerated() {
            random.begin(device: 0, source: .bootstrap, index: index)
            // Some repeated values, so flat steps are covered.
            let sorted = (0..<n).map { _ in (random.uniform() * 20).rounded() / 4 - 1 }.sorted()
            for p in [0, 0.001, 0.025, 0.05, 0.25, 0.5, 0.731, 0.95, 0.975, 0.999, 1] {
                let gsl = sorted.withUnsafeBufferPointer {
                    gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, n, p)
                }
                XCTAssertEqual(Quantile.of(sorted, p), gsl, "n \(n), p \(p)")
            }
        }
    }

    /// h = (n − 1)p: the ends are the extremes, and between order statistics it interpolates.
    func testHandWorkedValues() {
        let data = [1.0, 2, 4, 8]
        XCTAssertEqual(Quantile.of(data, 0), 1)
        XCTAssertEqual(Quantile.of(data, 1), 8)
        XCTAssertEqual(Quantile.of(data, 0.5), 3)  // h = 1.5: halfway from 2 to 4
        XCTAssertEqual(Quantile.of(data, 0.9), 6.8, accuracy: 1e-12)  // h = 2.7: 4 + 0.7·4
        XCTAssertEqual(Quantile.of([5], 0.3), 5)
        XCTAssertTrue(Quantile.of([], 0.5).isNaN)
    }
}
