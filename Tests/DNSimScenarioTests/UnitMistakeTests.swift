import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimScenario

/// A number in the wrong unit (issue 26, item 8): refused with the value it most likely means, or,
/// where the number is valid but implausible, a warning that says what it means as written.
final class UnitMistakeTests: XCTestCase {
    let small = GoldenFiles.scenarioPath("small.yaml")  // 30 days from 2027-03-01, America/New_York

    func load(_ text: String) throws(DiagnosticList) -> Scenario {
        try ScenarioLoader.load(bytes: Array(text.utf8), file: "u.yaml")
    }

    func messages(_ text: String) -> [String] {
        do { return try load(text).warnings.map(\.description) } catch { return error.diagnostics.map(\.description) }
    }

    func plugin(_ relationship: String, fetch: String = "") -> String {
        ScenarioTexts.replacing(
            7, with: "  contentFetch: { schedule: \"25 18 * * *\"\(fetch) }\n  relationship: { \(relationship) }")
    }

    func ios(_ task: String) -> String {
        ScenarioTexts.replacing(10, with: "  ios: { fetchTask: { \(task) } }")
    }

    func testAContentTimeoutInSecondsIsWarnedAboutWithTheMillisecondsMeant() throws {
        XCTAssertEqual(
            messages(plugin("contentTimeout: 600")),
            [
                "u.yaml:8:35: warning: plugin.relationship.contentTimeout 600 is 600 ms (600ms); the guard would show the fallback "
                    + "before almost any fetch could finish (did you mean 600s, which is 600000?)"
            ])
        XCTAssertEqual(
            try load(plugin("contentTimeout: 600")).plugin.contentTimeout, 600, "the value is used as written")
        XCTAssertEqual(messages(plugin("contentTimeout: 5000")), [], "5 s is plausible")
        XCTAssertEqual(messages(plugin("contentTimeout: 0")), [], "0 is a deliberate choice")
    }

    func testAFetchTimeoutWithAUnitGetsItsMilliseconds() {
        XCTAssertEqual(
            messages(plugin("contentTimeout: 300000", fetch: ", timeout: 15s")),
            [
                "u.yaml:7:53: error: plugin.contentFetch.timeout is in milliseconds, as the plugin defines it, not '15s' (did you mean 15000?)"
            ])
        XCTAssertEqual(
            messages(plugin("contentTimeout: 300000", fetch: ", timeout: 15")),
            [
                "u.yaml:7:53: warning: plugin.contentFetch.timeout 15 is 15 ms (15ms); a fetch timeout this short fails almost every request "
                    + "(did you mean 15s, which is 15000?)"
            ])
    }

    func testABudgetOverTenMinutesIsWarnedAbout() {
        XCTAssertEqual(
            messages(ios("budget: 30000s")),
            [
                "u.yaml:10:31: warning: platforms.ios.fetchTask.budget 30000s is 8h20m, over 10m; iOS gives a BGAppRefreshTask about 30 s "
                    + "and a BGProcessingTask minutes (did you mean 30000ms, which is 30s?)"
            ])
        XCTAssertEqual(messages(ios("budget: 10m")), [])
    }

    func testABareNumberSuggestsTheUnitItsMagnitudeSuggests() {
        XCTAssertEqual(
            messages(ios("budget: 30000")),
            [
                "u.yaml:10:31: error: platforms.ios.fetchTask.budget: '30000' has no unit; add one of ms, s, m, h, d (did you mean 30000ms, which is 30s?)"
            ])
        XCTAssertEqual(
            messages(ios("delay: { lognormal: { median: 90, sigma: 1 } }")),
            [
                "u.yaml:10:53: error: platforms.ios.fetchTask.delay.lognormal.median: '90' has no unit; add one of ms, s, m, h, d (did you mean 90s or 90m?)"
            ])
    }

    /// Found by the fuzzer (docs/fuzzing.md): a bare number past Int64's milliseconds crashed the hint that converts it.
    func testABareNumberTooLargeForAnyUnitIsRefusedWithoutCrashing() {
        let huge = String(repeating: "4", count: 40)
        XCTAssertEqual(
            messages(ios("budget: 2m\(huge)$")),
            [
                "u.yaml:10:31: error: platforms.ios.fetchTask.budget: '2m\(huge)$' has no unit; add one of ms, s, m, h, d "
                    + "(in any unit, a number this large is over 100 years)"
            ])
        XCTAssertEqual(messages(ios("budget: 1e300")).count, 1, "one error, no crash")
    }

    func testAPercentageWhereAShareBelongsSuggestsTheFraction() {
        XCTAssertEqual(
            messages(ios("never: 15%")),
            [
                "u.yaml:10:30: error: platforms.ios.fetchTask.never must be a number, not '15%' (did you mean 0.15? shares are fractions from 0 to 1)"
            ])
        XCTAssertEqual(
            messages(ScenarioTexts.replacing(3, with: "devices: 15%")),
            ["u.yaml:3:10: error: devices must be a number, not '15%'"],
            "a count is no share")
    }

    /// `max: 12h` on a time column is 43,200 s; on a rate it is an error that says what to write.
    func testDurationsBoundTimeColumns() throws {
        let base = try String(contentsOfFile: small, encoding: .utf8)
            .replacingOccurrences(
                of: "  - { arm: chained/android, metric: missed, max: 0.02 }",
                with:
                    "  - { arm: '*', metric: update_delay_p95_s, max: 12h, min: 90s }\n  - { arm: '*', metric: lateness_max_s, max: 600 }"
            )
        let scenario = try ScenarioLoader.load(bytes: Array(base.utf8), file: "t.yaml")
        XCTAssertEqual(scenario.expectations.map(\.max), [43_200, 600])
        XCTAssertEqual(scenario.expectations.map(\.min), [90, nil])

        let onRate = base.replacingOccurrences(
            of: "metric: update_delay_p95_s, max: 12h, min: 90s", with: "metric: late, max: 12h")
        XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(onRate.utf8), file: "t.yaml")) { error in
            XCTAssertEqual(
                (error as? DiagnosticList)?.diagnostics.first?.description,
                "t.yaml:26:36: error: expect[1].max: '12h' is a duration, but late_rate is a fraction in [0, 1]; write a number such as 0.05 "
                    + "or a percentage such as 5% (a duration bounds a time column in seconds, such as lateness_p50_s or lateness_p90_s)"
            )
        }
        let onCount = base.replacingOccurrences(
            of: "metric: update_delay_p95_s, max: 12h, min: 90s", with: "metric: cycles, min: 1d")
        XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(onCount.utf8), file: "t.yaml")) { error in
            XCTAssertTrue(
                "\(error)".contains("expect[1].min: '1d' is a duration, but cycles is a count; write a whole number"),
                "\(error)")
        }
    }
}
