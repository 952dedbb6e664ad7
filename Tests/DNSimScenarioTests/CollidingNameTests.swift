import DNSimTestSupport
import XCTest

@testable import DNSimScenario

/// Labels name report files, so two that differ only in case, which would collide on a
/// case-insensitive file system, are refused (issue 28, item 15).
final class CollidingNameTests: XCTestCase {
    func testLabelsThatDifferOnlyInCaseAreRefused() {
        let text = ScenarioTexts.minimal.replacingOccurrences(
            of: "strategies: [independent]",
            with: "strategies: [chained, { chained: { guard: none, label: Chained } }]")
        do {
            _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "c.yaml")
            XCTFail("refused")
        } catch {
            XCTAssertEqual(
                error.diagnostics.map(\.description),
                [
                    "c.yaml:11:23: error: strategy label 'Chained' differs from 'chained' (line 11) only in case; "
                        + "on a case-insensitive file system their files would collide: give it another label"
                ])
        }
    }
}
