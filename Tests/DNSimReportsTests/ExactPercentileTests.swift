import DNSimAnalysis
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimReports

/// Percentiles that are exact where the data are (issue 26, item 15): a histogram bucket that holds
/// one value gives that value, not its lower edge, and `check` says the figure's unit.
final class ExactPercentileTests: XCTestCase {
    func testABucketOfOneValueGivesThatValueExactly() {
        var guards = DurationHistogram()
        for _ in 0..<1_000 { guards.add(600_000) }
        // 600,000 ms lies in a bucket 512 ms wide starting at 599,552 ms: the lower edge the report once showed.
        XCTAssertEqual(DurationHistogram.lowerBound(of: DurationHistogram.bucket(of: 600_000)), 599_552)
        XCTAssertEqual(guards.quantile(0.5), 600_000)
        XCTAssertEqual(guards.quantile(0.9), 600_000)
        XCTAssertEqual(guards.quantile(0.99), 600_000)
    }

    func testAMixedBucketKeepsItsLowerEdge() {
        var mixed = DurationHistogram()
        for value in [599_600, 599_700, 599_800, 700_000] as [Int64] { mixed.add(value) }
        XCTAssertEqual(mixed.quantile(0.5), 599_552, "three values share the bucket: its edge, within 0.1%")
        XCTAssertEqual(mixed.quantile(1), 700_000, "the maximum's bucket holds it alone")
        var small = DurationHistogram()
        for value in [3, 5, 5, 9] as [Int64] { small.add(value) }
        XCTAssertEqual(
            [0.25, 0.5, 0.75, 1].map { small.quantile($0) }, [3, 5, 5, 9], "exact below 2,048 ms, as before")
    }

    func testMergingInAnyOrderAndThroughJSONKeepsTheValue() throws {
        var a = DurationHistogram(), b = DurationHistogram(), c = DurationHistogram()
        for _ in 0..<3 { a.add(600_000) }
        for _ in 0..<2 { b.add(600_000) }
        c.add(599_900)
        var ab = a; ab.merge(b)
        XCTAssertEqual(ab.quantile(0.5), 600_000)
        var abc = ab; abc.merge(c)
        var cba = c; cba.merge(b); cba.merge(a)
        XCTAssertEqual(abc, cba, "merge order does not matter")
        XCTAssertEqual(abc.quantile(0.5), 599_552, "599,900 shares the bucket: mixed")
        let decoded = try JSONDecoder().decode(DurationHistogram.self, from: try JSONEncoder().encode(ab))
        XCTAssertEqual(decoded, ab)
        XCTAssertEqual(decoded.quantile(0.9), 600_000)
        let old = try JSONDecoder().decode(
            DurationHistogram.self, from: Data(#"{"buckets":[[10387,5]],"total":5,"maximum":600000}"#.utf8))
        XCTAssertEqual(old.quantile(0.5), 599_552, "a partial written before the values were kept reads as mixed")
        XCTAssertThrowsError(
            try JSONDecoder().decode(
                DurationHistogram.self,
                from: Data(#"{"buckets":[[10387,5,7]],"total":5,"maximum":600000}"#.utf8)))
    }

    func testCheckMessagesSayTheUnit() throws {
        let column = try XCTUnwrap(SummaryColumns.named("lateness_p90_s"))
        XCTAssertEqual(ScenarioCheck.show(599.552, column), "599.6 s")
        XCTAssertEqual(ScenarioCheck.show(300, column), "300 s")
        XCTAssertEqual(ScenarioCheck.show(0.125, try XCTUnwrap(SummaryColumns.named("late_rate"))), "12.50%")
    }
}
