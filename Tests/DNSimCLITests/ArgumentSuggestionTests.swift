import DNSimTestSupport
import Foundation
import XCTest

/// An argument given by mistake gets what was meant (issue 26, item 14): a strategy alone names its
/// arms, and a scenario given to `fit` is told that fit takes a telemetry CSV.
final class ArgumentSuggestionTests: CommandLineTestCase {
    func write(_ name: String, _ text: String) -> String {
        let path = temporary.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    func testAStrategyAloneSuggestsItsArms() {
        let small = GoldenFiles.scenarioPath("small.yaml")
        let result = invoke(["trace", small, "--device", "1", "--arm", "chained"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.hasPrefix("error: no arm 'chained'; arms are "), result.err)
        XCTAssertTrue(result.err.contains("(did you mean 'chained/ios' or 'chained/android'?)\n"), result.err)
        XCTAssertTrue(
            invoke(["trace", small, "--device", "1", "--arm", "chaind/ios"]).err.contains(
                "(did you mean 'chained/ios'?)"))
    }

    func testFitGivenAScenarioSaysItTakesATelemetryCSV() {
        let path = write("digest.yaml", ScenarioTexts.minimal)
        let result = invoke(["fit", path])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.hasPrefix(
                "error: fit takes a telemetry CSV (BG launches, fetch attempts, app opens or APNs delivery metrics) "
                    + "or an FCM Data API response (docs/telemetry.md), not a .yaml file: \(path)"), result.err)
    }
}
