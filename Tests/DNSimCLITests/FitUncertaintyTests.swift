import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimScenario

/// From telemetry to uncertainty (docs/model.md §9): the block `fit` writes pastes into a scenario's
/// `uncertainty:` and loads, and `distribution: { fit: path/fit.json }` reads the same sampling
/// distribution from fit.json (seconds there, milliseconds in the scenario).
final class FitUncertaintyTests: CommandLineTestCase {
    func study(_ parameters: String) -> String {
        ScenarioTexts.minimal + """

            objective:
              weights: { fresh: 1, missed: -2 }
            uncertainty:
              samples: 2
              parameters:
            \(parameters)
            """
    }

    func fitted() throws -> (folder: URL, json: [String: Any], yaml: String) {
        let folder = temporary.appendingPathComponent("study")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("fit").path
        XCTAssertEqual(
            invoke([
                "fit", GoldenFiles.repositoryPath("Scenarios/telemetry/bg-launches.csv"), "--bootstrap", "0", "--out",
                out, "--quiet",
            ]).code, 0)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/fit.json")))
                as? [String: Any])
        return (folder, json, try String(contentsOfFile: "\(out)/fit.yaml", encoding: .utf8))
    }

    func testThePastedBlockAndTheFitFileGiveTheSameDistributions() throws {
        let (folder, json, yaml) = try fitted()
        let entries = try XCTUnwrap((json["uncertainty"] as? [String: Any])?["parameters"] as? [[String: Any]])
        // The pasted lines load as they are.
        let lines = yaml.split(separator: "\n").filter { $0.hasPrefix("    - { key: ") }.map { "  " + $0.dropFirst(4) }
        let pasted = try ScenarioLoader.load(
            bytes: Array(study(lines.joined(separator: "\n")).utf8), file: folder.appendingPathComponent("p.yaml").path)
        XCTAssertEqual(pasted.uncertainty?.parameters.count, entries.count)
        // `fit:` reads each entry from fit.json, at full precision.
        let byFile = entries.map { "  - { key: \($0["key"] as! String), distribution: { fit: fit/fit.json } }" }.joined(
            separator: "\n")
        let loaded = try ScenarioLoader.load(
            bytes: Array(study(byFile).utf8), file: folder.appendingPathComponent("s.yaml").path)
        let parameters = try XCTUnwrap(loaded.uncertainty?.parameters)
        for (parameter, entry) in zip(parameters, entries) {
            let distribution = try XCTUnwrap(entry["distribution"] as? [String: [String: Double]])
            let scale = entry["unit"] as? String == "s" ? 1_000.0 : 1
            if let lognormal = distribution["lognormal"] {
                guard case .lognormal(let median, let sigma, _, _) = parameter.distribution else {
                    return XCTFail("\(parameter.key): \(parameter.distribution)")
                }
                XCTAssertEqual(median, lognormal["median"]! * scale, accuracy: 1e-9 * median, parameter.key)
                XCTAssertEqual(sigma, lognormal["sigma"]!, parameter.key)
                XCTAssertEqual(parameter.unit == .duration, scale == 1_000, parameter.key)
            } else {
                let normal = try XCTUnwrap(distribution["normal"])
                guard case .normal(let mean, let sd, let low, let high) = parameter.distribution else {
                    return XCTFail("\(parameter.key): \(parameter.distribution)")
                }
                XCTAssertEqual(mean, normal["mean"]!, parameter.key)
                XCTAssertEqual(sd, normal["sd"]!, parameter.key)
                // A share is truncated to the key's range.
                XCTAssertEqual([low, high], [0, 1], parameter.key)
            }
        }
    }

    func testAFitFileWithoutTheKeyOrNoFileIsAnErrorAtTheDistribution() throws {
        let (folder, _, _) = try fitted()
        let file = folder.appendingPathComponent("s.yaml").path
        let cases: [(String, String)] = [
            (
                "  - { key: fetch.failure, distribution: { fit: fit/fit.json } }",
                "has no sampling distribution for 'fetch.failure'; it has platforms.ios.fetchTask.delay.lognormal.median"
            ),
            ("  - { key: fetch.failure, distribution: { fit: nofit/fit.json } }", "no file 'nofit/fit.json'"),
        ]
        for (line, expected) in cases {
            XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(study(line).utf8), file: file)) { error in
                let message = (error as! DiagnosticList).description
                XCTAssertTrue(
                    message.contains(":17:48: error: uncertainty.parameters[1].distribution.fit: ")
                        && message.contains(expected), message)
            }
        }
    }
    /// Issue 44, item 12's variant of item 2: the `fit:` path is named by the scenario, not on the
    /// command line, so whatever file it names (a key, a password line, a JSON file with other
    /// keys) is reported by its path, place and what is wrong, never quoted.
    func testAFitPathNamingAForeignFileNeverQuotesIt() throws {
        let folder = temporary.appendingPathComponent("study")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("s.yaml").path
        let foreign: [(name: String, text: String, expected: String)] = [
            (
                "password.txt", "hunter2SECRET\n",
                "'password.txt' is not JSON at line 1, column 1, so not a fit.json that dnsim-events fit wrote"
            ),
            ("key.pem", "-----BEGIN PRIVATE KEY-----\nMIIESECRET\n", "'key.pem' is not JSON at line 1, column 1"),
            ("config.json", "{\"token\": \"SECRET\", \"token\": 1}", "'config.json' is not JSON at line 1, column 21"),
            (
                "creds.json", "{\"uncertainty\": {\"parameters\": [{\"key\": \"aws_SECRET_key\"}]}}",
                "'creds.json' has no sampling distribution for 'fetch.failure'; it has none"
            ),
        ]
        for (name, text, expected) in foreign + [("/dev/null", "", "'/dev/null' is not a regular file; a fit.json is")]
        {
            if !name.hasPrefix("/") { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
            let line = "  - { key: fetch.failure, distribution: { fit: \(name) } }"
            XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(study(line).utf8), file: file), name) { error in
                let message = (error as! DiagnosticList).description
                XCTAssertTrue(
                    message.contains(":17:48: error: uncertainty.parameters[1].distribution.fit: \(expected)"), message)
                XCTAssertFalse(
                    message.contains("SECRET") || message.contains("BEGIN") || message.contains("token"), message)
            }
        }
    }
}
