import DNSimTestSupport
import XCTest

@testable import DNSimScenario

/// `!!str 10` is text, as `"10"` is: a number key refuses it (issue 28, item 15).
final class TaggedTextTests: XCTestCase {
    func testAStrTaggedScalarIsNotANumber() {
        let text = ScenarioTexts.minimal.replacingOccurrences(of: "devices: 2", with: "devices: !!str 10")
        do {
            _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "s.yaml")
            XCTFail("refused")
        } catch {
            XCTAssertEqual(
                error.diagnostics.first?.description, "s.yaml:3:10: error: devices must be a number, not quoted text")
        }
    }
}
