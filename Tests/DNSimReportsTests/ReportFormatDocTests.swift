import DNSimAnalysis
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// Keeps docs/report-format.md honest: every column the code writes to
/// summary.csv and cycles.csv is documented, the column tables list them in
/// the file's order with the catalog's units, and summary.csv starts with the
/// columns docs/model.md §8 makes mandatory, in docs/model.md §8's order.
final class ReportFormatDocTests: XCTestCase {
    static let docPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/report-format.md").path

    static func doc(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let data = try XCTUnwrap(
            FileManager.default.contents(atPath: docPath), "missing \(docPath)", file: file, line: line)
        return String(decoding: data, as: UTF8.self)
    }

    static var cycleColumns: [String] {
        CycleLog.header.trimmingCharacters(in: .newlines).split(separator: ",").map(String.init)
    }

    /// docs/model.md §8: arm, strategy, platform, devices, cycles; count, rate and
    /// interval of fresh, stale, fallback, suppressed, missed and late; then
    /// the lateness percentiles.
    static let specColumns: [String] =
        ["arm", "strategy", "platform", "devices", "cycles"]
        + ["fresh", "stale", "fallback", "suppressed", "missed", "blocked", "late"].flatMap {
            [$0, "\($0)_rate", "\($0)_ci_low", "\($0)_ci_high"]
        }
        + ["lateness_p50_s", "lateness_p90_s", "lateness_p99_s", "lateness_max_s"]

    /// The rows of the first Markdown table after `heading`, as trimmed cells.
    static func table(after heading: String, in doc: String) -> [[String]] {
        let lines = doc.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        var rows: [[String]] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            if line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
            } else if !rows.isEmpty {
                break
            }
        }
        // Drop the header row and the |---| separator.
        return Array(rows.dropFirst(2))
    }

    /// The backticked name in a table's first column (the `#`-numbered tables
    /// keep the name in the second).
    static func name(_ cell: String) -> String {
        cell.hasPrefix("`") && cell.hasSuffix("`") ? String(cell.dropFirst().dropLast()) : cell
    }

    func testEverySummaryColumnIsDocumentedInBackticks() throws {
        let doc = try Self.doc()
        for column in SummaryCSV.header {
            XCTAssertTrue(doc.contains("`\(column)`"), "docs/report-format.md does not mention `\(column)`")
        }
    }

    func testEveryCyclesColumnIsDocumentedInBackticks() throws {
        let doc = try Self.doc()
        XCTAssertEqual(Self.cycleColumns.count, 13)
        for column in Self.cycleColumns {
            XCTAssertTrue(doc.contains("`\(column)`"), "docs/report-format.md does not mention `\(column)`")
        }
    }

    /// The summary.csv table: one row per column, in the header's order, each
    /// numeric column with the catalog's unit.
    func testSummaryColumnTableFollowsTheHeader() throws {
        let rows = Self.table(after: "### Columns of `summary.csv`", in: try Self.doc())
        XCTAssertEqual(rows.map { Self.name($0[1]) }, SummaryCSV.header, "the table lists every column in file order")
        XCTAssertEqual(
            rows.map { $0[0] }, SummaryCSV.header.indices.map { String($0 + 1) }, "columns are numbered from 1")
        for column in SummaryColumns.all {
            guard let row = rows.first(where: { Self.name($0[1]) == column.name }) else { continue }
            XCTAssertEqual(row[2], column.unit, "unit of \(column.name)")
            if let bounds = column.intervalColumns {
                // A rate's row names its bounds, and each bound's row names its rate.
                XCTAssertTrue(
                    row.last!.contains("`\(bounds.low)`") && row.last!.contains("`\(bounds.high)`"),
                    "\(column.name) should name \(bounds.low) and \(bounds.high)")
                for bound in [bounds.low, bounds.high] {
                    let boundRow = try XCTUnwrap(rows.first { Self.name($0[1]) == bound })
                    XCTAssertTrue(boundRow.last!.contains("`\(column.name)`"), "\(bound) should name \(column.name)")
                }
            }
        }
    }

    /// The cycles.csv table lists its columns in file order.
    func testCyclesColumnTableFollowsTheHeader() throws {
        let rows = Self.table(after: "### Columns of `cycles.csv`", in: try Self.doc())
        XCTAssertEqual(rows.map { Self.name($0[1]) }, Self.cycleColumns)
    }

    /// docs/model.md §8's mandatory columns open summary.csv, in docs/model.md §8's order;
    /// everything else comes after them.
    func testSpecColumnsComeFirstInSpecOrder() {
        XCTAssertEqual(Self.specColumns.count, 37)
        XCTAssertEqual(Array(SummaryCSV.header.prefix(Self.specColumns.count)), Self.specColumns)
        XCTAssertEqual(Set(SummaryCSV.header).count, SummaryCSV.header.count, "column names are unique")
        XCTAssertEqual(
            SummaryColumns.rates.map(\.name), ["fresh", "stale", "fallback", "suppressed", "missed", "blocked", "late"])
    }

    /// Every key summary.json and manifest.json use, besides the summary.csv
    /// column names, is documented; read from files the code renders.
    func testSummaryJSONAndManifestKeysAreDocumented() throws {
        let doc = try Self.doc()
        let scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("small.yaml"))
        let plan = try scenario.plan(devices: 2, days: 2).get()
        let context = ReportContext(
            scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 1),
            days: 2, reproduceCommand: "x")
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(SummaryJSON.render(context).utf8)) as? [String: Any])
        var keys = Set(json.keys)
        let arms = try XCTUnwrap(json["arms"] as? [[String: Any]])
        let pairs = try XCTUnwrap(json["paired_differences"] as? [[String: Any]])
        XCTAssertFalse(arms.isEmpty)
        XCTAssertFalse(pairs.isEmpty)
        for arm in arms { keys.formUnion(arm.keys) }
        for pair in pairs {
            keys.formUnion(pair.keys)
            for case let nested as [String: Any] in pair.values { keys.formUnion(nested.keys) }
        }
        let manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(RunManifest(context).json.utf8)) as? [String: Any])
        keys.formUnion(manifest.keys)
        XCTAssertTrue(
            keys.isSuperset(of: ["tool_version", "paired_differences", "label", "minuend", "difference", "toolVersion"])
        )
        for key in keys.subtracting(SummaryCSV.header).sorted() {
            XCTAssertTrue(doc.contains("`\(key)`"), "docs/report-format.md does not mention the JSON key `\(key)`")
        }
    }

    /// segments.csv is `segment` then summary.csv's columns, and a fleet's summary.json keys are documented.
    func testSegmentsFileAndKeysAreDocumented() throws {
        let doc = try Self.doc()
        let rows = Self.table(after: "## Fleets: `segments.csv`", in: doc)
        XCTAssertEqual(rows.first.map { Self.name($0[0]) }, "segment")
        XCTAssertEqual(SegmentsCSV.header, ["segment"] + SummaryCSV.header)
        let scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("fleet.yaml"))
        let plan = try scenario.plan(devices: 8, days: 2).get()
        let context = ReportContext(
            scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 1),
            days: 2, reproduceCommand: "x")
        XCTAssertTrue(SegmentsCSV.render(context).hasPrefix(SegmentsCSV.header.joined(separator: ",") + "\n"))
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(SummaryJSON.render(context).utf8)) as? [String: Any])
        let segments = try XCTUnwrap(json["segments"] as? [[String: Any]])
        XCTAssertEqual(segments.count, 3)
        var keys = Set(json.keys)
        for segment in segments {
            keys.formUnion(segment.keys)
            for arm in try XCTUnwrap(segment["arms"] as? [[String: Any]]) { keys.formUnion(arm.keys) }
        }
        for key in keys.subtracting(SummaryCSV.header).sorted() {
            XCTAssertTrue(doc.contains("`\(key)`"), "docs/report-format.md does not mention the JSON key `\(key)`")
        }
    }
}
