import Foundation
import XCTest
@testable import DNSimCLI
@testable import DNSimRun
@testable import DNSimCore
@testable import DNSimScenario

/// What a team new to the tool trips over in its messages (issue 26, item 14): every problem of a
/// mapping at once, suggestions for 12-hour times, arms and files given by mistake, warnings that
/// stop a run printed as errors, and help that describes each subcommand's own options.
final class NewTeamMessageTests: CommandLineTestCase {
    func errors(_ text: String) -> [String] {
        do {
            _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "n.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func write(_ name: String, _ text: String) -> String {
        let path = temporary.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    func testEveryEndOfAChargingWindowIsCheckedAndTwelveHourTimesAreTranslated() {
        let text = BadScenarioTests.appending("user: { charging: { start: \"11:00 PM\", end: \"6:30 AM\" } }")
        XCTAssertEqual(errors(text), [
            "n.yaml:12:28: error: user.charging.start '11:00 PM' must be a local time HH:MM (did you mean \"23:00\"?)",
            "n.yaml:12:45: error: user.charging.end '6:30 AM' must be a local time HH:MM (did you mean \"06:30\"?)",
        ])
    }

    func testTwelveHourAndDottedTimesHaveTheirTwentyFourHourSpelling() {
        for (text, meant) in [("11:00 PM", "23:00"), ("12:00 am", "00:00"), ("12 pm", "12:00"), ("7am", "07:00"), ("6.30", "06:30"),
                              ("7 p.m.", "19:00"), ("23h15", "23:15")] {
            XCTAssertEqual(DailyWindow.suggestion(for: text), meant, text)
        }
        for text in ["13:00 PM", "0 am", "7", "25.00", "6:3 pm", "noon", ""] {
            XCTAssertNil(DailyWindow.suggestion(for: text), text)
        }
    }

    func testWarningsThatStopTheRunArePrintedAsErrors() {
        let path = write("w.yaml", ScenarioWarningTests.base + "user: { tokenLifetime: 3d }\n")
        let strict = invoke(["validate", path, "--warnings-as-errors"])
        XCTAssertEqual(strict.code, 2)
        XCTAssertTrue(strict.err.hasPrefix("\(path):12:24: error: tokenLifetime 3d"), strict.err)
        XCTAssertFalse(strict.err.contains("warning:"), strict.err)
        XCTAssertTrue(invoke(["validate", path]).err.hasPrefix("\(path):12:24: warning: tokenLifetime 3d"))
    }

    func testAStrategyAloneSuggestsItsArms() {
        let small = GoldenFiles.scenarioPath("small.yaml")
        let result = invoke(["trace", small, "--device", "1", "--arm", "chained"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.hasPrefix("error: no arm 'chained'; arms are "), result.err)
        XCTAssertTrue(result.err.contains("(did you mean 'chained/ios' or 'chained/android'?)\n"), result.err)
        XCTAssertTrue(invoke(["trace", small, "--device", "1", "--arm", "chaind/ios"]).err.contains("(did you mean 'chained/ios'?)"))
    }

    func testFitGivenAScenarioSaysItTakesATelemetryCSV() {
        let path = write("digest.yaml", BadScenarioTests.minimal)
        let result = invoke(["fit", path])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.hasPrefix("error: fit takes a telemetry CSV (BG launches, fetch attempts or app opens; docs/telemetry.md), "
                                           + "not a .yaml file: \(path)"), result.err)
    }

    func testHelpDescribesEachSubcommandsOwnOptions() {
        let fit = invoke(["fit", "--help"]).out
        XCTAssertTrue(fit.contains("the fit's folder (default Reports/fit-"), fit)
        XCTAssertTrue(fit.contains("seed of the parametric bootstrap's draws"), fit)
        XCTAssertFalse(fit.contains("scenario's seed"), fit)
        for command in ["fit", "init"] {
            XCTAssertFalse(invoke([command, "--help"]).out.contains("no summary table"), command)
        }
        let run = invoke(["run", "--help"]).out
        XCTAssertTrue(run.contains("[--shard K/N] [--emit-telemetry DIR]"), run)
    }

    /// "Run 'dnsim-events --help' for usage." ends a usage error only: it would not help with bad data.
    func testOnlyUsageErrorsPointAtTheUsage() {
        let notAPartial = write("shard-1-of-2.json", "{}")
        let merge = invoke(["merge", notAPartial])
        XCTAssertEqual(merge.code, 2)
        XCTAssertEqual(merge.err, "error: \(notAPartial) is not a dnsim-events partial result\n")
        let usage = invoke(["merge"])
        XCTAssertTrue(usage.err.hasSuffix("Run 'dnsim-events --help' for usage.\n"), usage.err)
    }
}
