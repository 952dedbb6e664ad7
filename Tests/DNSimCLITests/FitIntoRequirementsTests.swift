import Foundation
import XCTest

/// `fit --into` reads what the target scenario's BG task waits for (issue 56, item 6): a
/// bg-launches.csv without the `kind`, `requires_power` and `requires_network` columns, fitted into a
/// scenario whose processing task requires external power, would be measured from `earliest_begin`
/// and absorb the hours it waits for the charging and idle windows. It is refused before any family
/// is tried, unless eligibility periods measure it or `--assume-eligible` says to take the bias.
final class FitIntoRequirementsTests: CommandLineTestCase {
    /// The processing task's telemetry with only the columns an older logger writes (and `device`).
    func telemetryWithoutRequirementColumns() throws -> (bg: String, eligibility: String, scenario: String) {
        let scenario = temporary.appendingPathComponent("target.yaml").path
        let yaml = EligibilityRoundTripTests.scenario(devices: 30, days: 20, seed: 3)
        XCTAssertTrue(FileManager.default.createFile(atPath: scenario, contents: Data(yaml.utf8)))
        let telemetry = temporary.appendingPathComponent("telemetry").path
        let report = temporary.appendingPathComponent("report").path
        let run = invoke([scenario, "--quiet", "--out", report, "--emit-telemetry", telemetry])
        XCTAssertEqual(run.code, 0, run.err)
        let folder = "\(telemetry)/independent-ios"
        let full = try String(contentsOfFile: "\(folder)/bg-launches.csv", encoding: .utf8)
        let stripped = full.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).prefix(6).joined(separator: ",")
        }
        XCTAssertEqual(stripped.first, "request_id,submitted_at,earliest_begin,launched_at,observed_until,device")
        let bg = temporary.appendingPathComponent("bg-launches.csv").path
        let text = stripped.joined(separator: "\n") + "\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: bg, contents: Data(text.utf8)))
        return (bg, "\(folder)/eligibility.csv", scenario)
    }

    func read(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    func testLaunchesTheScenarioSaysWaitForPowerAreRefusedWithoutEligibility() throws {
        let (bg, eligibility, scenario) = try telemetryWithoutRequirementColumns()
        let before = read(scenario)
        let out = temporary.appendingPathComponent("fit").path
        let fit = [
            "fit", bg, "--families", "lognormal", "--bootstrap", "0", "--out", out, "--into", scenario,
            "--quiet",
        ]

        let refused = invoke(fit)
        XCTAssertEqual(refused.code, 2, refused.err)
        let expected =
            "\(bg):1: error: has no kind, requires_power or requires_network column, but the scenario "
            + "it is fitted into says its BG task waits for idle and charging (\(scenario):11:24: "
            + "platforms.ios.fetchTask kind: processing, requiresExternalPower: true)"
        XCTAssertTrue(refused.err.hasPrefix(expected), refused.err)
        for phrase in ["--eligibility FILE", "--assume-eligible", "biases the delay long"] {
            XCTAssertTrue(refused.err.contains(phrase), "\(phrase): \(refused.err)")
        }
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: out),
            "refused before any family is tried: nothing written")
        XCTAssertEqual(read(scenario), before)

        // The periods measure each delay over the time the request could run: fitted and set.
        let measured = invoke(fit + ["--eligibility", eligibility])
        XCTAssertEqual(measured.code, 0, measured.err)
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/fit.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let use = try XCTUnwrap(json["eligibility"] as? [String: Any])
        XCTAssertEqual(use["method"] as? String, "measured")
        XCTAssertEqual(use["needing"] as? Int, json["rows"] as? Int, "every row takes the scenario's needs")
        XCTAssertNotEqual(read(scenario), before)

        // Told to assume eligibility: fitted, and said on stderr and in fit.md.
        XCTAssertTrue(FileManager.default.createFile(atPath: scenario, contents: Data(before.utf8)))
        let assumed = invoke(fit + ["--assume-eligible", "--accept-poor-fit"])
        XCTAssertEqual(assumed.code, 0, assumed.err)
        let warning =
            "\(bg): warning: fitted \(json["rows"] as? Int ?? -1) requests as always eligible "
            + "(--assume-eligible), though the scenario's BG task waits for idle and charging"
        XCTAssertTrue(assumed.err.contains(warning), assumed.err)
        XCTAssertTrue(assumed.err.contains("biased long"), assumed.err)
        XCTAssertTrue(read("\(out)/fit.md").contains("**assumed** (`--assume-eligible`)"))
    }

    /// A file whose own columns say what each request needs keeps them; an app-refresh scenario asks for nothing.
    func testTheFilesOwnColumnsAndAScenarioThatWaitsForNothing() throws {
        let (bg, _, scenario) = try telemetryWithoutRequirementColumns()
        let refresh = read(scenario)
            .replacingOccurrences(of: "kind: processing, requiresExternalPower: true, ", with: "")
            .replacingOccurrences(of: "  idle: { start: \"02:00\", end: \"07:00\" }\n", with: "")
        XCTAssertTrue(FileManager.default.createFile(atPath: scenario, contents: Data(refresh.utf8)))
        let out = temporary.appendingPathComponent("fit").path
        let plain = invoke([
            "fit", bg, "--families", "lognormal", "--bootstrap", "0", "--out", out, "--into", scenario,
            "--quiet", "--accept-poor-fit",
        ])
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertFalse(read("\(out)/fit.md").contains("ligibility"))
    }
}
