import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports

/// summary.md and sweep.md warn about notifications on the `lateAfter` line with one rule and one sentence.
final class ThresholdShareTests: XCTestCase {
    /// The on-threshold warning's rule: a tenth or more of the shown notifications, counted
    /// exactly (3 of 30 is a tenth, though 0.1 × 30 > 3 in floating point).
    func testTheThresholdWarningIsDueFromATenthExactly() {
        func share(_ onThreshold: Int, of shown: Int) -> ThresholdShare {
            var statistics = ArmStatistics()
            for _ in 0..<shown { statistics.lateness.add(SimTime.minute) }
            statistics.latenessAtThreshold = Int64(onThreshold)
            return ThresholdShare(statistics)
        }
        XCTAssertNotNil(share(3, of: 30).warning("a", lateAfter: SimTime.minute))
        XCTAssertNil(share(2, of: 30).warning("a", lateAfter: SimTime.minute))
        XCTAssertNil(share(0, of: 0).warning("a", lateAfter: SimTime.minute))
        XCTAssertEqual(
            share(3, of: 30).warning("Point 2, chained/ios", lateAfter: SimTime.minute),
            "⚠ Point 2, chained/ios: 10.0% of its notifications appear exactly `lateAfter` (60 s) after T and count as on time; "
                + "a setting (such as `contentTimeout`) sits on the threshold.")
    }
}
