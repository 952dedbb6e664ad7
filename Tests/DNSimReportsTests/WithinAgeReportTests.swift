import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// `metrics.maxContentAge` in the files (docs/report-format.md, "Columns with `metrics.maxContentAge`"):
/// `within_age`'s columns only when the key is set, so no other report changes; `expect:` and
/// `objective:` read it, and name it without the key only with an error.
final class WithinAgeReportTests: XCTestCase {
    static let withKey = ScenarioTexts.appending("metrics: { maxContentAge: 12h }")

    static func context(_ text: String) throws -> ReportContext {
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "t.yaml")
        let plan = try scenario.plan().get()
        return ReportContext(
            scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 1), days: 3,
            reproduceCommand: "x")
    }

    func testTheColumnsAreWrittenOnlyWithTheKey() throws {
        let without = try Self.context(ScenarioTexts.minimal)
        XCTAssertNil(without.plan.maxContentAge)
        XCTAssertFalse(SummaryCSV.render(without).contains("within_age"))
        XCTAssertFalse(SummaryJSON.render(without).contains("within_age"))
        let with = try Self.context(Self.withKey)
        XCTAssertEqual(with.plan.maxContentAge, 12 * SimTime.hour)
        let csv = SummaryCSV.render(with).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        XCTAssertEqual(
            Array(csv[0].suffix(5)),
            [
                "within_age", "within_age_rate", "within_age_ci_low",
                "within_age_ci_high", "within_age_half_width",
            ])
        XCTAssertEqual(csv[0].count, csv[1].count)
        XCTAssertEqual(Array(csv[0].dropLast(5)).map(String.init), SummaryCSV.header, "every other column as before")
        XCTAssertTrue(SummaryJSON.render(with).contains("\"within_age_rate\": "))
        XCTAssertTrue(SummaryMarkdown.render(with).contains(" within 12h |"))
        XCTAssertFalse(SummaryMarkdown.render(without).contains("within "))
        // check reads a baseline's column back.
        let table = try SummaryCSVReader.read(SummaryCSV.render(with), file: "summary.csv")
        XCTAssertEqual(table.rows[0].value("within_age_rate"), with.summary.rows[0].value("within_age_rate"))
        XCTAssertNotNil(table.rows[0].value("within_age_rate"))
    }

    func testExpectAndObjectiveNameItOnlyWithTheKey() throws {
        let expect = "expect:\n  - { arm: \"*\", metric: within_age, min: 0.5 }"
        let loaded = try ScenarioLoader.load(bytes: Array((Self.withKey + "\n" + expect).utf8), file: "t.yaml")
        XCTAssertEqual(loaded.expectations.map(\.metric), ["within_age_rate"])
        let objective = "objective: { weights: { within_age: 1, missed: -2 } }"
        XCTAssertEqual(
            try ScenarioLoader.load(bytes: Array((Self.withKey + "\n" + objective).utf8), file: "t.yaml")
                .objective?.weights.first?.term, .withinAge)
        for text in [ScenarioTexts.appending(expect), ScenarioTexts.appending(objective)] {
            XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(text.utf8), file: "t.yaml")) { error in
                XCTAssertTrue(
                    "\(error)".contains("within_age is measured only when metrics.maxContentAge is set"),
                    "\(error)")
            }
        }
    }

    /// A shard keeps the sums; a shard without them (every other scenario's) reads as before.
    func testTheSumsSurviveAShard() throws {
        let with = try Self.context(Self.withKey)
        let statistics = with.result.arms[0]
        XCTAssertNotNil(statistics.withinAge)
        let decoded = try JSONDecoder().decode(ArmStatistics.self, from: JSONEncoder().encode(statistics))
        XCTAssertEqual(decoded, statistics)
        let without = try Self.context(ScenarioTexts.minimal).result.arms[0]
        XCTAssertFalse(String(decoding: try JSONEncoder().encode(without), as: UTF8.self).contains("withinAge"))
    }

    /// docs/report-format.md documents the five columns, numbered after summary.csv's last.
    func testTheColumnsAreDocumented() throws {
        let doc = try ReportFormatDocTests.doc()
        let rows = ReportFormatDocTests.table(after: "### Columns with `metrics.maxContentAge`", in: doc)
        let header = SummaryCSV.header(withinAge: true)
        XCTAssertEqual(rows.map { ReportFormatDocTests.name($0[1]) }, Array(header.suffix(5)))
        XCTAssertEqual(rows.map { $0[0] }, (SummaryCSV.header.count + 1...header.count).map(String.init))
    }
}
