import XCTest

@testable import DNSimReports

/// Durations in summary.md: the figures of one cell share a unit and a precision, and a lone
/// figure keeps its short form (issue 26, item 16).
final class DurationFormatTests: XCTestCase {
    func testDurationsInOneCellShareUnitAndPrecision() {
        XCTAssertEqual(SummaryMarkdown.seconds([2_000, 5_200, 12_000]), "2.0 s / 5.2 s / 12.0 s")
        XCTAssertEqual(
            SummaryMarkdown.seconds([1_314_000, 30_600_000, 77_400_000]), "21.9 min / 8.5 h / 21.5 h",
            "each value keeps its unit")
        XCTAssertEqual(SummaryMarkdown.seconds(12_000), "12 s", "a lone figure keeps its short form")
        XCTAssertEqual(SummaryMarkdown.seconds([120, 800, 59_000]), "120 ms / 800 ms / 59.0 s")
        XCTAssertEqual(SummaryMarkdown.seconds([nil, nil, nil]), "– / – / –")
        XCTAssertEqual(SummaryMarkdown.seconds([0, 0]), "0.0 s / 0.0 s")
    }
}
