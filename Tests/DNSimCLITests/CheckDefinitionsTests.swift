import DNSimAnalysis
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimRun
@testable import DNSimScenario

/// `check` compares like for like: the candidate is counted under the
/// baseline's metric definitions (recorded in manifest.json), every output
/// says so, a scenario that sets another definition is refused, and the ⚠
/// about notifications on the `lateAfter` line reaches every output.
final class CheckDefinitionsTests: CommandLineTestCase {
    func scenario(_ edit: (String) -> String = { $0 }, name: String) -> String {
        let text = String(
            decoding: FileManager.default.contents(atPath: GoldenFiles.scenarioPath("small.yaml"))!, as: UTF8.self)
        let path = temporary.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(edit(text).utf8))
        return path
    }

    func invoke(_ arguments: [String], environment: [String: String]) -> (code: Int32, out: String, err: String) {
        final class Output: @unchecked Sendable {
            var out = ""
            var err = ""
        }
        let output = Output()
        let console = Console(out: { output.out += $0 }, error: { output.err += $0 }, environment: environment)
        return (DNSimCommand.main(arguments, console: console), output.out, output.err)
    }

    /// The fixture's baseline: fetch 18:25, notify 18:30, so freshWithin defaults to 5 minutes.
    /// Written with `--out baseline`, so the report itself is in `baseline/small/`.
    func writeBaseline() -> String {
        let baseline = temporary.appendingPathComponent("baseline").path
        XCTAssertEqual(invoke([scenario(name: "s.yaml"), "--out", baseline, "--quiet"]).code, 0)
        return baseline
    }

    /// The fetch moved to 18:00: left to its default, freshWithin would become 30 minutes.
    let earlierFetch = { (text: String) in text.replacingOccurrences(of: "\"25 18 * * *\"", with: "\"0 18 * * *\"") }

    func testTheManifestRecordsTheDefinitions() throws {
        let baseline = writeBaseline()
        let manifest = try RunManifest.load("\(baseline)/small/manifest.json")
        XCTAssertEqual(
            manifest.definitions,
            MetricDefinitions(
                freshWithin: 5 * SimTime.minute, lateAfter: SimTime.minute,
                duplicateWindow: 10 * SimTime.minute))
        let text = try String(contentsOfFile: "\(baseline)/small/manifest.json", encoding: .utf8)
        XCTAssertTrue(text.contains("\"freshWithin_ms\" : 300000"), text)
    }

    func testALongerLeadIsMeasuredUnderTheBaselinesFreshWithinInEveryOutput() throws {
        let baseline = writeBaseline()
        let earlier = scenario(earlierFetch, name: "earlier.yaml")
        let summary = temporary.appendingPathComponent("step.md").path
        let junit = temporary.appendingPathComponent("junit.xml").path
        let result = invoke(
            ["check", earlier, "--baseline", baseline, "--quiet", "--junit", junit],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        let sentence =
            "measured under the baseline's definitions (freshWithin 5m, lateAfter 1m, duplicateWindow 10m); "
            + "left to its defaults this scenario would count freshWithin 30m (its lead)"
        XCTAssertTrue(result.out.contains("note small: " + sentence), result.out)
        // Under the baseline's 5 minutes, content fetched 30 minutes ahead is stale: a regression, not an improvement.
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.out.contains("REGRESSION small: chained/android fresh: "), result.out)
        XCTAssertFalse(result.out.contains("improved small: chained/android fresh"), result.out)
        XCTAssertTrue(try String(contentsOfFile: summary, encoding: .utf8).contains(sentence))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("<property name=\"metrics.freshWithin\" value=\"5m\"/>"), xml)
        XCTAssertTrue(xml.contains("<property name=\"definitions\" value=\"baseline\"/>"), xml)

        let json = invoke(["check", earlier, "--baseline", baseline, "--quiet", "--format", "json"], environment: [:])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let check = try XCTUnwrap((object["scenarios"] as? [[String: Any]])?.first)
        let definitions = try XCTUnwrap(check["definitions"] as? [String: Any])
        XCTAssertEqual(definitions["source"] as? String, "baseline")
        XCTAssertEqual(definitions["freshWithin_ms"] as? Int, 300_000)
        XCTAssertEqual((definitions["scenario_defaults_ms"] as? [String: Any])?["freshWithin"] as? Int, 1_800_000)
    }

    func testADefinitionSetOtherwiseThanTheBaselinesIsRefusedNamingBoth() {
        let baseline = writeBaseline()
        let pinned = scenario({ $0 + "metrics: { lateAfter: 2m }\n" }, name: "pinned.yaml")
        let result = invoke(["check", pinned, "--baseline", baseline, "--quiet"], environment: [:])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        XCTAssertTrue(result.err.contains("pinned.yaml:27:"), result.err)
        XCTAssertTrue(
            result.err.contains(
                "error: metrics.lateAfter is 2m here, but the baseline \(baseline)/small was counted with metrics.lateAfter 1m"
            ), result.err)
        XCTAssertFalse(result.out.contains("REGRESSION"))
        // Set to the baseline's own value, it is no conflict.
        let same = scenario({ $0 + "metrics: { freshWithin: 5m }\n" }, name: "same.yaml")
        XCTAssertEqual(invoke(["check", same, "--baseline", baseline, "--quiet"], environment: [:]).code, 0)
    }

    /// `deviceFreshBelow` decides `devices_fresh_below`: a scenario that sets another than its baseline's is
    /// refused at its key (it was once replaced by the baseline's without a word), one left out adopts it.
    func testASpreadThresholdSetOtherwiseThanTheBaselinesIsRefused() {
        let baseline = writeBaseline()
        let spread = scenario({ $0 + "metrics: { deviceFreshBelow: 0.8 }\n" }, name: "spread.yaml")
        let result = invoke(["check", spread, "--baseline", baseline, "--quiet"], environment: [:])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        XCTAssertTrue(result.err.contains("spread.yaml:27:"), result.err)
        XCTAssertTrue(
            result.err.contains(
                "error: metrics.deviceFreshBelow is 0.8 here, but the baseline \(baseline)/small was counted with "
                    + "metrics.deviceFreshBelow 0.5"), result.err)
        let same = scenario({ $0 + "metrics: { deviceFreshBelow: 0.5 }\n" }, name: "same.yaml")
        XCTAssertEqual(invoke(["check", same, "--baseline", baseline, "--quiet"], environment: [:]).code, 0)
    }

    func testABaselineWithoutDefinitionsIsComparedUnderTheScenariosOwnWithAWarning() throws {
        let baseline = writeBaseline()
        let path = "\(baseline)/small/manifest.json"
        var manifest = try RunManifest.load(path)
        manifest.definitions = nil
        try Data(manifest.json.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertFalse(try String(contentsOfFile: path, encoding: .utf8).contains("definitions"))
        let result = invoke(
            ["check", scenario(name: "s.yaml"), "--baseline", baseline, "--quiet"],
            environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(result.code, 0, result.out + result.err)
        XCTAssertTrue(
            result.out.contains(
                "warning small: measured under the scenario's own definitions (freshWithin 5m, lateAfter 1m, "
                    + "duplicateWindow 10m): the baseline \(baseline)/small records none"), result.out)
        XCTAssertTrue(result.out.contains("::warning file="), result.out)
    }

    func testTheThresholdWarningStandsBesideTheLateFigureInEveryOutput() throws {
        let baseline = writeBaseline()
        // Every chained guard now fires at exactly T + 60 s, which counts as on time.
        let onTheLine = scenario(
            { $0.replacingOccurrences(of: "contentTimeout: 300000", with: "contentTimeout: 60000") }, name: "line.yaml")
        let summary = temporary.appendingPathComponent("step.md").path
        let junit = temporary.appendingPathComponent("junit.xml").path
        let result = invoke(
            ["check", onTheLine, "--baseline", baseline, "--quiet", "--junit", junit],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        let line = try XCTUnwrap(
            result.out.split(separator: "\n").first { $0.hasPrefix("improved small: chained/ios late: ") }, result.out)
        XCTAssertTrue(
            line.contains(" → 0.0% ") && line.contains("⚠ ")
                && line.contains("of its shown notifications appear exactly lateAfter (60 s) after T"), String(line))
        XCTAssertTrue(result.out.contains("::warning file=") && result.out.contains("chained/ios late: ⚠ "), result.out)
        XCTAssertTrue(try String(contentsOfFile: summary, encoding: .utf8).contains("- `chained/ios` late: ⚠ "))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(
            xml.contains("name=\"baseline late_rate\" file=\"\(onTheLine)\" line=\"1\">\n      <system-out>⚠ "), xml)

        let json = invoke(
            ["check", onTheLine, "--baseline", baseline, "--quiet", "--format", "json"], environment: [:])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let check = try XCTUnwrap((object["scenarios"] as? [[String: Any]])?.first)
        let warnings = try XCTUnwrap(check["threshold_warnings"] as? [[String: Any]])
        XCTAssertTrue(
            warnings.contains {
                $0["arm"] as? String == "chained/ios" && ($0["share_on_threshold"] as? Double ?? 0) >= 0.1
            })
        let late = try XCTUnwrap(
            (check["comparisons"] as? [[String: Any]])?.first {
                $0["arm"] as? String == "chained/ios" && $0["metric"] as? String == "late_rate"
            })
        XCTAssertTrue((late["threshold_warning"] as? String)?.hasPrefix("⚠ ") == true, "\(late)")
    }
}
