import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimRun
@testable import DNSimScenario

/// `--platform` runs one platform's arms (issue 26, item 13).
final class PlatformSelectionTests: CommandLineTestCase {
    let small = GoldenFiles.scenarioPath("small.yaml")

    func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func testOnePlatformsArmsHaveTheFiguresOfAFullRun() throws {
        let full = temporary.appendingPathComponent("full").path
        let ios = temporary.appendingPathComponent("ios").path
        XCTAssertEqual(invoke([small, "--devices", "12", "--days", "10", "--out", full, "--quiet"]).code, 0)
        let only = invoke([small, "--devices", "12", "--days", "10", "--platform", "ios", "--out", ios, "--quiet"])
        XCTAssertEqual(only.code, 0, only.err)
        // --out DIR writes DIR/small@<overrides>/ as Reports/ would, --platform ios among them.
        let fullRows = try lines("\(full)/small@devices=12,days=10/summary.csv")
        let iosRows = try lines("\(ios)/small@devices=12,days=10,platform=ios/summary.csv")
        XCTAssertEqual(iosRows[0], fullRows[0], "the same columns")
        XCTAssertEqual(
            iosRows.dropFirst().map { $0.split(separator: ",")[0] },
            ["independent/ios", "independent-fallback/ios", "chained/ios", "chained-noguard/ios"])
        XCTAssertEqual(
            Array(iosRows.dropFirst()), fullRows.filter { $0.split(separator: ",")[0].hasSuffix("/ios") },
            "each iOS arm's figures are byte for byte those of the full run")
        let summary = try String(
            contentsOfFile: "\(ios)/small@devices=12,days=10,platform=ios/summary.md", encoding: .utf8)
        XCTAssertTrue(
            summary.contains("--devices 12 --days 10 --platform ios\n"), "the reproduce command names the selection")
    }

    func testCheckComparesOnePlatformsArmsWithTheFullBaseline() throws {
        let baseline = temporary.appendingPathComponent("baseline").path
        let options = ["--devices", "12", "--days", "10"]
        XCTAssertEqual(invoke([small] + options + ["--out", baseline, "--quiet"]).code, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(baseline)/small@devices=12,days=10/summary.csv"))
        let check = invoke(["check", small, "--baseline", baseline, "--platform", "android"] + options)
        XCTAssertEqual(check.code, 0, check.out + check.err)
        // The baseline of every arm, found by the tag of the other overrides (--platform is not in it).
        XCTAssertTrue(check.out.contains(" against \(baseline)/small@devices=12,days=10)"), check.out)
        XCTAssertFalse(check.out.contains("/ios"), "only the Android arms are compared: \(check.out)")
    }

    func testASweepRunsOnlyThePlatformGiven() throws {
        let path = temporary.appendingPathComponent("doc.yaml").path
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: path, contents: Data(try ScenarioFormatDoc.documentedDistributionSweep().utf8)))
        let out = temporary.appendingPathComponent("sweep").path
        let run = invoke([path, "--platform", "ios", "--out", out])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.out.contains("doc-base: 3 sweep point(s) × 2 arm(s)"), run.out)
        let arms = Set(
            try lines("\(out)/doc-base/sweep.csv").dropFirst().compactMap { line in
                line.split(separator: ",").first { $0.contains("/") }
            })
        XCTAssertEqual(arms, ["independent/ios", "chained/ios"])
    }

    func testAPlatformTheScenarioLacksOrMisspeltIsAUsageError() throws {
        let path = temporary.appendingPathComponent("ios-only.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(ScenarioTexts.minimal.utf8)))
        let missing = invoke([path, "--platform", "android", "--out", temporary.appendingPathComponent("x").path])
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(
            missing.err.hasPrefix("error: --platform android: \(path) has no android arms (its platforms: ios)"),
            missing.err)
        // Found before anything runs: a second scenario without the platform costs the first no run (and no note).
        let out = temporary.appendingPathComponent("y").path
        let second = invoke([small, path, "--devices", "2", "--platform", "android", "--out", out])
        XCTAssertEqual(second.code, 2)
        XCTAssertTrue(
            second.err.hasPrefix("error: --platform android: \(path) has no android arms (its platforms: ios)"),
            second.err)
        XCTAssertEqual(second.out, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing ran")
        // Misspelt: the word, the closest platform and the list (issue 45, item 5), exit 2, for each command that takes --platform.
        for (word, expected) in [
            ("andriod", "unknown platform 'andriod' (did you mean 'android'?); the platforms are ios and android"),
            ("ios2", "unknown platform 'ios2' (did you mean 'ios'?); the platforms are ios and android"),
            ("windows", "unknown platform 'windows'; the platforms are ios and android"),
        ] {
            for command in [[small], ["check", small]] {
                let typo = invoke(command + ["--platform", word])
                XCTAssertEqual(typo.code, 2, "\(command) \(word)")
                XCTAssertTrue(typo.err.hasPrefix("error: --platform: \(expected)\n"), typo.err)
                XCTAssertEqual(typo.out, "")
            }
        }
        XCTAssertEqual(
            ReportFolders.defaultFolder(try ScenarioLoader.load(path: small), RunOverrides(platform: .ios)),
            "Reports/small@platform=ios")
    }

    /// --platform sets no value that could differ from the file's: the note says it runs a part of the scenario.
    func testThePlatformNoteSaysWhatRunsNotThatSomethingDiffers() throws {
        let scenario = try ScenarioLoader.load(path: small)
        XCTAssertEqual(
            ReportFolders.note(scenario, RunOverrides(platform: .ios), out: nil),
            "note: small: --platform ios runs only the ios arms of \(scenario.file), "
                + "so this run writes Reports/small@platform=ios/ "
                + "and leaves Reports/small/ (a baseline written without them) as it is")
        XCTAssertEqual(
            ReportFolders.note(scenario, RunOverrides(devices: 5, platform: .android), out: "O"),
            "note: small: --devices differ from \(scenario.file) and --platform android runs only "
                + "the android "
                + "arms of it, so this run writes O/small@devices=5,platform=android/ and leaves O/small/ "
                + "(a baseline written without them) as it is")
    }
}
