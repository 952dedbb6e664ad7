import Foundation
import XCTest
@testable import DNSimCLI
@testable import DNSimRun
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// Issue 16's polish: `trace --day` with dates and ranges checked against the
/// scenario, `--out` checked first, `summary.csv` always written, a shell-safe
/// Reproduce line, durations as bounds on time columns.
final class CommandLinePolishTests: CommandLineTestCase {
    let small = GoldenFiles.scenarioPath("small.yaml")  // 30 days from 2027-03-01, America/New_York

    func trace(_ day: String, json: Bool = false) -> (code: Int32, out: String, err: String) {
        invoke(["trace", small, "--device", "2", "--arm", "chained/android", "--day", day] + (json ? ["--json"] : []))
    }

    /// The `day` of every JSON line.
    func days(_ output: String) -> Set<Int> {
        Set(output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["day"] as? Int
        })
    }

    /// A lifecycle run's terminal summary shows the lifecycle figures, and its sweep table the
    /// counts a sweep over the app's defects changes (no outcome rate moves with them).
    func testLifecycleFiguresReachTheTerminal() throws {
        let out = temporary.appendingPathComponent("lc").path
        let run = invoke([GoldenFiles.repositoryPath("Scenarios/lifecycle.yaml"), "--devices", "4", "--days", "30", "--out", out])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.out.contains("Lifecycle (orphans, unwanted reminders and duplicates per 1,000 device-days):"), run.out)
        XCTAssertTrue(run.out.contains("setup latency p50 / p90"), run.out)
        let sweepHeader = try XCTUnwrap(run.out.split(separator: "\n").first { $0.hasPrefix("point") })
        XCTAssertTrue(sweepHeader.hasSuffix("orphans  unwanted reminders  duplicates  front"), String(sweepHeader))
    }

    func testDaySelectionParses() throws {
        XCTAssertEqual(try DaySelection.parse("7"), DaySelection(from: .day(7), to: .day(7), text: "7"))
        XCTAssertEqual(try DaySelection.parse("2-3"), DaySelection(from: .day(2), to: .day(3), text: "2-3"))
        XCTAssertEqual(try DaySelection.parse("2..3"), DaySelection(from: .day(2), to: .day(3), text: "2..3"))
        XCTAssertEqual(try DaySelection.parse("2027-03-28"),
                       DaySelection(from: .date(year: 2027, month: 3, day: 28), to: .date(year: 2027, month: 3, day: 28), text: "2027-03-28"))
        XCTAssertEqual(try DaySelection.parse("2027-03-28..2027-04-02").to, .date(year: 2027, month: 4, day: 2))
        for bad in ["", "0", "-1", "3-", "1-2-3", "2027-02-29", "2027-13-01", "2027-3-1", "2027-03-28-2027-04-02", "..", "5..", "x", "1e3",
                    "99999999999"] {
            XCTAssertThrowsError(try DaySelection.parse(bad), bad)
        }
        XCTAssertNoThrow(try DaySelection.parse("2028-02-29"), "a leap day")
    }

    func testTraceTakesDatesAndRanges() {
        let byNumber = trace("2-3", json: true)
        XCTAssertEqual(byNumber.code, 0, byNumber.err)
        XCTAssertEqual(days(byNumber.out), [2, 3])
        let byDates = trace("2027-03-02..2027-03-03", json: true)
        XCTAssertEqual(byDates.out, byNumber.out, "dates and numbers name the same days")
        XCTAssertEqual(days(trace("2027-03-30", json: true).out), [30], "the last day")
        XCTAssertEqual(days(trace("29..30", json: true).out), [29, 30])
        let table = trace("2027-03-02")
        XCTAssertTrue(table.out.hasPrefix("Trace: small, device 2, arm chained/android, day 2,"), table.out)
    }

    func testADayOutsideTheScenarioIsAnError() {
        for (day, message) in [
            ("400", "error: --day 400 is beyond the scenario's 30 days (days 1–30, 2027-03-01..2027-03-30)"),
            ("29-31", "error: --day 29-31 is beyond the scenario's 30 days (days 1–30, 2027-03-01..2027-03-30)"),
            ("2027-03-31", "error: --day 2027-03-31 is beyond the scenario's 30 days (days 1–30, 2027-03-01..2027-03-30)"),
            ("2027-02-28..2027-03-02", "error: --day 2027-02-28..2027-03-02 is before the scenario's first day (days 1–30, 2027-03-01..2027-03-30)"),
            ("5-3", "error: --day 5-3 ends before it starts (days 1–30, 2027-03-01..2027-03-30)"),
            ("2027-02-30", "error: --day takes a day D, days FROM-TO, a date YYYY-MM-DD or dates FROM..TO (days are 1-based), not '2027-02-30'"),
        ] {
            let result = trace(day)
            XCTAssertEqual(result.code, 2, day)
            XCTAssertTrue(result.err.hasPrefix(message + "\n"), result.err)
            XCTAssertEqual(result.out, "")
        }
        let shorter = invoke(["trace", small, "--device", "1", "--arm", "chained/ios", "--days", "10", "--day", "2027-03-12"])
        XCTAssertTrue(shorter.err.contains("beyond the scenario's 10 days (days 1–10, 2027-03-01..2027-03-10)"), "--days counts: \(shorter.err)")
    }

    func testTraceHelpSaysJSONLines() {
        let help = invoke(["trace", "--help"]).out
        XCTAssertTrue(help.contains("--json writes JSON Lines: one JSON object per event and line"), help)
        XCTAssertTrue(help.contains("YYYY-MM-DD..YYYY-MM-DD"), help)
    }

    /// A bad --out fails before the scenario is even read, let alone simulated.
    func testABadOutFailsBeforeTheRun() throws {
        let file = temporary.appendingPathComponent("report.txt")
        try Data("keep me".utf8).write(to: file)
        let missing = temporary.appendingPathComponent("missing.yaml").path  // never read: --out fails first
        for (out, message) in [
            (file.path, "error: --out: \(file.path) is a file, not a folder"),
            (file.path + "/sub", "error: --out: \(file.path) is a file, so \(file.path)/sub cannot be a folder"),
            ("/proc/dnsim/report", "error: --out: cannot create files in /proc: "),
        ] {
            for command in [[missing], ["check", missing], ["merge", temporary.path]] {
                let result = invoke(command + ["--out", out])
                XCTAssertEqual(result.code, 2, "\(command) \(out)")
                XCTAssertTrue(result.err.hasPrefix(message), result.err)
            }
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keep me")
        XCTAssertNil(ReportWriter.problem(writingTo: temporary.appendingPathComponent("new/deeper/report").path), "missing folders are created")
        XCTAssertNil(ReportWriter.problem(writingTo: temporary.path))
    }

    /// A dangling or looping symbolic link as --out, or a --junit path that cannot be written, fails
    /// before the run with what is wrong, not after it with a Foundation error (issue 28, item 10).
    func testBrokenLinksAndABadJUnitPathFailBeforeTheRun() throws {
        let dangling = temporary.appendingPathComponent("dangling"), loop = temporary.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: temporary.appendingPathComponent("nowhere").path)
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let missing = temporary.appendingPathComponent("missing.yaml").path  // never read: the option fails first
        for (arguments, message) in [
            (["--out", dangling.path], "error: --out: \(dangling.path) is a symbolic link to \(temporary.path)/nowhere, which does not exist; create it or give another folder"),
            (["--out", dangling.path + "/sub"], "error: --out: \(dangling.path) is a symbolic link to \(temporary.path)/nowhere, which does not exist"),
            (["--out", loop.path], "error: --out: \(loop.path) is a symbolic link that loops (to \(loop.path)); remove it or give another folder"),
        ] {
            for command in [[missing], ["check", missing]] {
                let result = invoke(command + arguments)
                XCTAssertEqual(result.code, 2, "\(command) \(arguments)")
                XCTAssertTrue(result.err.hasPrefix(message), result.err)
            }
        }
        for (junit, message) in [(temporary.path, "error: --junit: \(temporary.path) is a folder, not a file"),
                                 (loop.path + "/x.xml", "error: --junit: \(loop.path) is a symbolic link that loops")] {
            let result = invoke(["check", missing, "--junit", junit])
            XCTAssertEqual(result.code, 2, junit)
            XCTAssertTrue(result.err.hasPrefix(message), result.err)
        }
        XCTAssertNil(ReportWriter.problem(writingFile: temporary.appendingPathComponent("new/junit.xml").path))
    }

    /// `--format json` alone still writes summary.csv, so the folder is a baseline.
    func testEveryReportHasSummaryCSVAndCanBeABaseline() throws {
        let out = temporary.appendingPathComponent("json-only").path
        XCTAssertEqual(invoke([small, "--devices", "6", "--format", "json", "--out", out, "--quiet"]).code, 0)
        // --devices 6 tags the folder: json-only/small@devices=6/.
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: "\(out)/small@devices=6")), ["summary.csv", "summary.json", "manifest.json"])
        let check = invoke(["check", small, "--devices", "6", "--baseline", out, "--strict"])
        XCTAssertEqual(check.code, 0, check.out + check.err)
        XCTAssertTrue(check.out.contains(" against \(out)/small@devices=6)"), check.out)
        XCTAssertTrue(invoke(["run", "--help"]).out.contains("summary.csv and manifest.json are always written"))
    }

    func testTheReproduceLineIsShellSafe() throws {
        XCTAssertEqual(ScenarioRuns.shellQuoted("Scenarios/new-activity.yaml"), "Scenarios/new-activity.yaml")
        XCTAssertEqual(ScenarioRuns.shellQuoted("my scenarios/x.yaml"), "'my scenarios/x.yaml'")
        XCTAssertEqual(ScenarioRuns.shellQuoted("it's.yaml"), #"'it'\''s.yaml'"#)
        XCTAssertEqual(ScenarioRuns.shellQuoted("$HOME/`x`;*.yaml"), "'$HOME/`x`;*.yaml'")
        XCTAssertEqual(ScenarioRuns.shellQuoted(""), "''")

        let folder = temporary.appendingPathComponent("my scenarios")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("it's small.yaml").path
        try FileManager.default.copyItem(atPath: small, toPath: path)
        let out = temporary.appendingPathComponent("report").path
        XCTAssertEqual(invoke([path, "--devices", "2", "--out", out, "--quiet"]).code, 0)
        let markdown = try String(contentsOfFile: "\(out)/small@devices=2/summary.md", encoding: .utf8)
        let quoted = "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        XCTAssertTrue(markdown.contains("```sh\ndnsim-events \(quoted) --seed 3 --devices 2\n```"), markdown)
    }

    /// `max: 12h` on a time column is 43,200 s; on a rate it is an error that says what to write.
    func testDurationsBoundTimeColumns() throws {
        let base = try String(contentsOfFile: small, encoding: .utf8)
            .replacingOccurrences(of: "  - { arm: chained/android, metric: missed, max: 0.02 }",
                                  with: "  - { arm: '*', metric: update_delay_p95_s, max: 12h, min: 90s }\n  - { arm: '*', metric: lateness_max_s, max: 600 }")
        let scenario = try ScenarioLoader.load(bytes: Array(base.utf8), file: "t.yaml")
        XCTAssertEqual(scenario.expectations.map(\.max), [43_200, 600])
        XCTAssertEqual(scenario.expectations.map(\.min), [90, nil])

        let onRate = base.replacingOccurrences(of: "metric: update_delay_p95_s, max: 12h, min: 90s", with: "metric: late, max: 12h")
        XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(onRate.utf8), file: "t.yaml")) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.first?.description,
                           "t.yaml:26:36: error: expect[1].max: '12h' is a duration, but late_rate is a fraction in [0, 1]; write a number such as 0.05 "
                           + "or a percentage such as 5% (a duration bounds a time column in seconds, such as lateness_p50_s or lateness_p90_s)")
        }
        let onCount = base.replacingOccurrences(of: "metric: update_delay_p95_s, max: 12h, min: 90s", with: "metric: cycles, min: 1d")
        XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(onCount.utf8), file: "t.yaml")) { error in
            XCTAssertTrue("\(error)".contains("expect[1].min: '1d' is a duration, but cycles is a count; write a whole number"), "\(error)")
        }
    }

    func testShortFlagsAndHelpTopics() {
        XCTAssertEqual(invoke(["help", "trace"]).out, invoke(["trace", "-h"]).out)
        XCTAssertEqual(invoke(["help", "run"]).out, invoke(["run", "--help"]).out)
        let out = temporary.appendingPathComponent("short").path
        let result = invoke([small, "-j", "1", "-q", "-o", out, "--devices", "2"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(result.out, "", "-q prints nothing")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/small@devices=2/summary.csv"))
    }
}
