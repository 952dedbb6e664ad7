import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimScenario

/// EVSI in a study (docs/model.md §9, `SampleInformation`): a fitted parameter's `sample`, read
/// from the pasted block or from fit.json; `uncertainty.evsi.sizes`; nonsense refused at its place
/// with exit 2; the figures in `decision.json` (after `failure_boxes`, only when asked) and in
/// `uncertainty.md`, the same for any `--jobs`.
final class StudySampleInformationTests: CommandLineTestCase {
    static let fitted = "- { key: fetch.failure, distribution: { normal: { mean: 0.25, sd: 0.1 } }, sample: 40 }"

    static func text(_ parameter: String = fitted, evsi: String = "  evsi: { sizes: [1000, 10] }") -> String {
        ScenarioTexts.study(samples: 16, extra: evsi)
            .replacingOccurrences(
                of: "- { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } } }", with: parameter)
    }

    func write(_ text: String) -> String {
        let path = temporary.appendingPathComponent("study.yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func testSampleAndSizesAreRead() throws {
        let scenario = try ScenarioLoader.load(bytes: Array(Self.text().utf8), file: "s.yaml")
        let settings = try XCTUnwrap(scenario.uncertainty)
        XCTAssertEqual(settings.evsiSizes, [10, 1000])
        XCTAssertEqual(settings.parameters.map(\.sample), [nil, 40])
        // From a fit.json, the fit's rows; the fit.yaml block pastes with them.
        let folder = temporary.appendingPathComponent("fitted")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("fit").path
        XCTAssertEqual(
            invoke([
                "fit", GoldenFiles.repositoryPath("Scenarios/telemetry/bg-launches.csv"), "--bootstrap", "0", "--out",
                out,
                "--quiet",
            ]).code, 0)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/fit.json")))
                as? [String: Any])
        let rows = try XCTUnwrap(json["rows"] as? Int)
        let byFile =
            ScenarioTexts.minimal
            .replacingOccurrences(
                of: "ios: {}", with: "ios: { fetchTask: { delay: { lognormal: { median: 1h, sigma: 1 } } } }")
            + "\nobjective:\n  weights: { fresh: 1, missed: -2 }\nuncertainty:\n  samples: 2\n  evsi: { sizes: [500] }\n  parameters:\n"
            + "  - { key: platforms.ios.fetchTask.never, distribution: { fit: fit/fit.json } }\n"
        let loaded = try ScenarioLoader.load(
            bytes: Array(byFile.utf8), file: folder.appendingPathComponent("s.yaml").path)
        XCTAssertEqual(loaded.uncertainty?.parameters.first?.sample, rows)
        let yaml = try String(contentsOfFile: "\(out)/fit.yaml", encoding: .utf8)
        let lines = yaml.split(separator: "\n").filter { $0.hasPrefix("    - { key: ") }.map { "  " + $0.dropFirst(4) }
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix(", sample: \(rows) }") }, lines.joined(separator: "\n"))
    }

    func testNonsenseIsRefusedAtItsPlace() {
        let cases: [(String, String)] = [
            (
                Self.text(Self.fitted.replacingOccurrences(of: "sample: 40", with: "sample: 0")),
                ":27:88: error: uncertainty.parameters[2].sample must be between 1 and 1000000000"
            ),
            (
                Self.text("- { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } }, sample: 40 }"),
                ":27:86: error: uncertainty.parameters[2].sample: only a normal, lognormal or fit distribution comes from a telemetry sample"
            ),
            (
                Self.text("- { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } } }"),
                ":28:9: error: uncertainty.evsi: no parameter has a sample"
            ),
            (
                Self.text(evsi: "  evsi: { sizes: [] }"),
                ":28:18: error: uncertainty.evsi.sizes must be a list of 1 to 20 sample sizes"
            ),
            (
                Self.text(evsi: "  evsi: { sizes: [10, 0] }"),
                ":28:23: error: uncertainty.evsi.sizes[2] must be between 1 and 1000000000"
            ),
            (
                Self.text(evsi: "  evsi: { sizes: [10, 10] }"),
                ":28:23: error: uncertainty.evsi.sizes[2]: 10 is already listed"
            ),
            (Self.text(evsi: "  evsi: { sizes: 10 }"), ":28:18: error: uncertainty.evsi.sizes must be a list"),
            (Self.text(evsi: "  evsi: { size: [10] }"), ":28:11: error: "),
            (Self.text(evsi: "  evsi: [10]"), ":28:9: error: "),
        ]
        for (text, expected) in cases {
            let result = invoke(["validate", write(text)])
            XCTAssertEqual(result.code, 2, text)
            XCTAssertTrue(result.err.contains("study.yaml" + expected), "\(expected)\n\(result.err)")
        }
    }

    func testReportedAfterTheSpecKeysAndTheSameForAnyJobs() throws {
        let path = write(Self.text())
        var outputs: [String: String] = [:]
        for jobs in ["1", "2"] {
            let out = temporary.appendingPathComponent("out\(jobs)").path
            let result = invoke([path, "--out", out, "--quiet", "--jobs", jobs])
            XCTAssertEqual(result.code, 0, result.err)
            outputs[jobs] =
                try String(contentsOfFile: "\(out)/study/decision.json", encoding: .utf8)
                + String(contentsOfFile: "\(out)/study/uncertainty.md", encoding: .utf8)
        }
        XCTAssertEqual(outputs["1"], outputs["2"])
        let out = temporary.appendingPathComponent("out1").path
        let text = try String(contentsOfFile: "\(out)/study/decision.json", encoding: .utf8)
        let boxes = try XCTUnwrap(text.range(of: "\"failure_boxes\""))
        let evsiKey = try XCTUnwrap(text.range(of: "\"evsi\": {\"fetch.failure\": [{\"devices\": 10, \"value\": "))
        XCTAssertLessThan(boxes.lowerBound, evsiKey.lowerBound)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let android = try XCTUnwrap((json["platforms"] as? [String: Any])?["android"] as? [String: Any])
        let evppi = try XCTUnwrap((android["evppi"] as? [String: Double])?["fetch.failure"])
        let entries = try XCTUnwrap((android["evsi"] as? [String: [[String: Double]]])?["fetch.failure"])
        XCTAssertEqual(entries.map { $0["devices"] }, [10, 1000])
        for entry in entries { XCTAssertLessThanOrEqual(try XCTUnwrap(entry["value"]), evppi) }
        XCTAssertEqual(Set((android["evsi"] as? [String: Any])?.keys ?? [:].keys), ["fetch.failure"])
        let md = try String(contentsOfFile: "\(out)/study/uncertainty.md", encoding: .utf8)
        XCTAssertTrue(md.contains("## What a telemetry sample is worth"), md)
        XCTAssertTrue(md.contains("| `fetch.failure` |          40 |       1000 |"), md)
        // Without `evsi`, no key and no section: a study keeps its bytes.
        let plain = temporary.appendingPathComponent("plain").path
        XCTAssertEqual(invoke([write(Self.text(evsi: "")), "--out", plain, "--quiet"]).code, 0)
        XCTAssertFalse(try String(contentsOfFile: "\(plain)/study/decision.json", encoding: .utf8).contains("evsi"))
        XCTAssertFalse(
            try String(contentsOfFile: "\(plain)/study/uncertainty.md", encoding: .utf8).contains("telemetry sample"))
    }
}
