import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI

/// `trace --day` (issue 16): a day, days, a date or dates, parsed, checked against the scenario's
/// days before anything runs, and said so in `trace --help`.
final class TraceDaySelectionTests: CommandLineTestCase {
    let small = GoldenFiles.scenarioPath("small.yaml")  // 30 days from 2027-03-01, America/New_York

    func trace(_ day: String, json: Bool = false) -> (code: Int32, out: String, err: String) {
        invoke(["trace", small, "--device", "2", "--arm", "chained/android", "--day", day] + (json ? ["--json"] : []))
    }

    /// The `day` of every JSON line.
    func days(_ output: String) -> Set<Int> {
        Set(
            output.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["day"] as? Int
            })
    }

    func testDaySelectionParses() throws {
        XCTAssertEqual(try DaySelection.parse("7"), DaySelection(from: .day(7), to: .day(7), text: "7"))
        XCTAssertEqual(try DaySelection.parse("2-3"), DaySelection(from: .day(2), to: .day(3), text: "2-3"))
        XCTAssertEqual(try DaySelection.parse("2..3"), DaySelection(from: .day(2), to: .day(3), text: "2..3"))
        XCTAssertEqual(
            try DaySelection.parse("2027-03-28"),
            DaySelection(
                from: .date(year: 2027, month: 3, day: 28), to: .date(year: 2027, month: 3, day: 28), text: "2027-03-28"
            ))
        XCTAssertEqual(try DaySelection.parse("2027-03-28..2027-04-02").to, .date(year: 2027, month: 4, day: 2))
        for bad in [
            "", "0", "-1", "3-", "1-2-3", "2027-02-29", "2027-13-01", "2027-3-1", "2027-03-28-2027-04-02", "..", "5..",
            "x", "1e3",
            "99999999999",
        ] {
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
            (
                "2027-03-31",
                "error: --day 2027-03-31 is beyond the scenario's 30 days (days 1–30, 2027-03-01..2027-03-30)"
            ),
            (
                "2027-02-28..2027-03-02",
                "error: --day 2027-02-28..2027-03-02 is before the scenario's first day (days 1–30, 2027-03-01..2027-03-30)"
            ),
            ("5-3", "error: --day 5-3 ends before it starts (days 1–30, 2027-03-01..2027-03-30)"),
            (
                "2027-02-30",
                "error: --day takes a day D, days FROM-TO, a date YYYY-MM-DD or dates FROM..TO (days are 1-based), not '2027-02-30'"
            ),
        ] {
            let result = trace(day)
            XCTAssertEqual(result.code, 2, day)
            XCTAssertTrue(result.err.hasPrefix(message + "\n"), result.err)
            XCTAssertEqual(result.out, "")
        }
        let shorter = invoke([
            "trace", small, "--device", "1", "--arm", "chained/ios", "--days", "10", "--day", "2027-03-12",
        ])
        XCTAssertTrue(
            shorter.err.contains("beyond the scenario's 10 days (days 1–10, 2027-03-01..2027-03-10)"),
            "--days counts: \(shorter.err)")
    }

    func testTraceHelpSaysJSONLines() {
        let help = invoke(["trace", "--help"]).out
        XCTAssertTrue(help.contains("--json writes JSON Lines: one JSON object per event and line"), help)
        XCTAssertTrue(help.contains("YYYY-MM-DD..YYYY-MM-DD"), help)
    }
}
