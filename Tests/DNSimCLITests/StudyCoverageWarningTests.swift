import DNSimTestSupport
import Foundation
import XCTest

/// A study run names an arm it does not assess on stderr, even with `--quiet`, as the scenario's
/// warnings are; and says nothing once the arm's own conditions are uncertain.
final class StudyCoverageWarningTests: CommandLineTestCase {
    func run(_ text: String) -> (code: Int32, out: String, err: String) {
        let path = temporary.appendingPathComponent("study.yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return invoke([path, "--out", temporary.appendingPathComponent("out").path, "--quiet"])
    }

    static func text(_ extra: String = "") -> String {
        ScenarioTexts.study(samples: 4, extra: extra).replacingOccurrences(
            of: "strategies: [independent, chained]",
            with: "strategies: [independent, chained, push]")
    }

    func testAnUnassessedArmIsWarnedOnStderr() {
        let result = run(Self.text())
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(
            result.err.contains(
                "study.yaml: warning: push/android is not assessed: none of its own conditions (platforms.android.push.delay"
            ),
            result.err)
        let assessed = run(
            Self.text(
                "    - { key: platforms.android.push.delay.fixed, distribution: { uniform: { min: 0s, max: 1m } } }"))
        XCTAssertEqual(assessed.code, 0, assessed.err)
        XCTAssertFalse(assessed.err.contains("not assessed"), assessed.err)
    }
}
