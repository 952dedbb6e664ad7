import DNSimRun
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimScenario

/// What fit writes and what --emit-telemetry gives it (issue 26, item 10): fit.yaml names the keys it
/// sets and is used by replacing them (by hand, or with --into: FitIntoTests), fits of two folders'
/// files keep apart, and no header-only file is written.
final class FitOutputTests: CommandLineTestCase {
    let telemetry = GoldenFiles.repositoryPath("Scenarios/telemetry/bg-launches.csv")

    func testFitsOfFilesWithOneNameInTwoFoldersKeepApart() {
        XCTAssertEqual(
            FitRun.defaultFolder("Reports/telemetry/push-ios/bg-launches.csv"), "Reports/fit-push-ios-bg-launches")
        XCTAssertEqual(FitRun.defaultFolder("chained-ios/bg-launches.csv"), "Reports/fit-chained-ios-bg-launches")
        XCTAssertEqual(FitRun.defaultFolder("bg-launches.csv"), "Reports/fit-bg-launches")
        XCTAssertEqual(FitRun.defaultFolder("./bg-launches.csv"), "Reports/fit-bg-launches")
        XCTAssertEqual(
            FitRun.defaultFolder("b"), "Reports/fit-b", "a one-character name (NSString traps on it on Linux)")
    }

    func testFitYAMLNamesItsKeysAndReplacingThemGivesAValidScenario() throws {
        let out = temporary.appendingPathComponent("fit").path
        XCTAssertEqual(invoke(["fit", telemetry, "--bootstrap", "0", "--out", out, "--quiet"]).code, 0)
        let yaml = try String(contentsOfFile: "\(out)/fit.yaml", encoding: .utf8)
        XCTAssertTrue(
            yaml.contains(
                "# Sets platforms.ios.fetchTask.delay and platforms.ios.fetchTask.never. To set them in a scenario,\n"
                    + "# keeping the rest of it: dnsim-events fit FILE --into SCENARIO.yaml. By hand, put the values\n"),
            yaml)
        let fitted = yaml.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let delay = try XCTUnwrap(fitted.first { $0.contains("delay:") }).trimmingCharacters(in: .whitespaces)
        let never = try XCTUnwrap(fitted.first { $0.contains("never:") }).trimmingCharacters(in: .whitespaces)

        let scenario = try String(
            contentsOfFile: GoldenFiles.repositoryPath("Scenarios/new-activity.yaml"), encoding: .utf8)
        let appended = scenario + "\n" + yaml
        XCTAssertThrowsError(
            try ScenarioLoader.load(bytes: Array(appended.utf8), file: "a.yaml"), "as the comment says"
        ) { error in
            XCTAssertTrue((error as! DiagnosticList).description.contains("duplicate key 'platforms'"), "\(error)")
        }
        // In place of the keys it names, the values load, and are the fitted ones.
        let replaced = scenario.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = String(line.prefix { $0 == " " })
            if trimmed.hasPrefix("delay: { lognormal") { return indent + delay }
            if trimmed.hasPrefix("never: ") { return indent + never }
            return String(line)
        }.joined(separator: "\n")
        let loaded = try ScenarioLoader.load(bytes: Array(replaced.utf8), file: "r.yaml")
        XCTAssertEqual(loaded.ios?.never, Double(never.dropFirst("never: ".count)))
        XCTAssertEqual(loaded.ios?.delay, .lognormal(median: 97 * 60_000, sigma: 1.51))
    }

    /// fit.yaml parses whole with the scenario's YAML parser, its `uncertainty.parameters` give each key
    /// a distribution in scenario syntax (durations that DurationSyntax reads), and the parameter lines
    /// also paste under an existing `uncertainty:` with its own design and samples.
    func testFitYAMLUncertaintyBlockParsesAndPastesUnderAnExistingSection() throws {
        for kind in ["bg-launches", "fetch-attempts", "app-opens"] {
            let out = temporary.appendingPathComponent("fit-\(kind)").path
            XCTAssertEqual(
                invoke([
                    "fit", GoldenFiles.repositoryPath("Scenarios/telemetry/\(kind).csv"), "--bootstrap", "0", "--out",
                    out, "--quiet",
                ]).code, 0)
            let yaml = try String(contentsOfFile: "\(out)/fit.yaml", encoding: .utf8)
            let root = try XCTUnwrap(try YAMLParser.parse(yaml, file: "fit.yaml"), kind)
            let parameters = try XCTUnwrap(
                root.value(forKey: "uncertainty")?.value(forKey: "parameters")?.sequence, kind)
            XCTAssertFalse(parameters.isEmpty, kind)
            for entry in parameters {
                let key = try XCTUnwrap(entry.value(forKey: "key")?.scalar, kind)
                let distribution = try XCTUnwrap(entry.value(forKey: "distribution")?.mapping, key)
                XCTAssertEqual(distribution.count, 1, key)
                let family = try XCTUnwrap(distribution.first?.key.scalar)
                let values = try XCTUnwrap(distribution.first?.value, key)
                if family == "lognormal", let median = values.value(forKey: "median")?.scalar,
                    key.hasSuffix(".median") || key.hasSuffix(".scale") || key.hasSuffix(".mean")
                {
                    guard case .success(let millis) = DurationSyntax.parse(median) else {
                        return XCTFail("\(key): \(median) is not a duration")
                    }
                    XCTAssertGreaterThan(millis, 0, key)
                } else {
                    let names = family == "lognormal" ? ["median", "sigma"] : ["mean", "sd"]
                    XCTAssertTrue(["lognormal", "normal"].contains(family), key)
                    for name in names {
                        XCTAssertNotNil(
                            Double(try XCTUnwrap(values.value(forKey: name)?.scalar, key)), "\(key).\(name)")
                    }
                }
            }
            let lines = yaml.split(separator: "\n").filter { $0.hasPrefix("    - { key: ") }
            let existing =
                "uncertainty:\n  design: sobol\n  samples: 8\n  parameters:\n" + lines.joined(separator: "\n") + "\n"
            let pasted = try XCTUnwrap(try YAMLParser.parse(existing, file: "s.yaml")?.value(forKey: "uncertainty"))
            XCTAssertEqual(pasted.value(forKey: "parameters")?.sequence?.count, parameters.count, kind)
            XCTAssertEqual(pasted.value(forKey: "design")?.scalar, "sobol")
        }
    }

    func testEmittedTelemetryHasNoHeaderOnlyFileAndSaysWhy() throws {
        let folder = temporary.appendingPathComponent("telemetry").path
        let run = invoke([
            GoldenFiles.repositoryPath("Scenarios/push-vs-local.yaml"), "--devices", "3", "--days", "5", "--format",
            "csv",
            "--emit-telemetry", folder, "--out", temporary.appendingPathComponent("r").path,
        ])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(
            run.out.contains(
                "  not written, no rows: push-ios/bg-launches.csv: a push arm submits no BG task requests"), run.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/push-ios/bg-launches.csv"))
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: folder)).filter {
            $0.hasSuffix(".csv")
        }
        XCTAssertTrue(files.contains("chained-ios/bg-launches.csv"), "\(files)")
        for file in files {
            let lines = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8).split(separator: "\n")
            XCTAssertGreaterThan(lines.count, 1, "\(file) has rows, so fit can read it")
        }
    }
}
