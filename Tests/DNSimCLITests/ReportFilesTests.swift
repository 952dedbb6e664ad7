import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimRun
@testable import DNSimScenario

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The files of a report folder agree with each other: the charts draw
/// summary.csv's numbers, summary.json holds the same numbers, and cycles.csv
/// adds up to summary.csv's counts, whatever `--jobs`.
final class ReportFilesTests: CommandLineTestCase {
    // MARK: Helpers

    func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
        let result = invoke(arguments)
        XCTAssertEqual(
            result.code, 0, "dnsim-events \(arguments.joined(separator: " ")): \(result.out + result.err)", file: file,
            line: line)
    }

    /// Runs the small fixture scenario with `--out` a fresh folder and returns the report's
    /// folder in it, the one the run writes: `<folder>/small@devices=8/` (40 devices, the file's, give `<folder>/small/`).
    func report(_ name: String, _ extra: [String], devices: Int = 8) -> String {
        let out = temporary.appendingPathComponent(name).path
        let path = GoldenFiles.scenarioPath("small.yaml")
        run([path, "--devices", String(devices), "--out", out, "--quiet"] + extra)
        guard let scenario = try? ScenarioLoader.load(path: path) else {
            XCTFail("cannot load \(path)")
            return "\(out)/small"
        }
        return ReportFolders.folder(scenario, RunOverrides(devices: devices), out: out)
    }

    func text(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            XCTFail("missing \(path)", file: file, line: line)
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// RFC 4180 fields of one line (quotes double inside quoted fields).
    static func fields(_ line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var iterator = line.makeIterator()
        while let c = iterator.next() {
            if quoted {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" {
                            current.append("\"")
                        } else {
                            quoted = false
                            if next == "," { fields.append(current); current = "" } else { current.append(next) }
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        fields.append(current)
        return fields
    }

    /// summary.csv as (header, one column → value map per arm, keyed by arm).
    static func summary(_ csv: String) -> (header: [String], rows: [String: [String: String]], order: [String]) {
        let lines = csv.split(separator: "\n")
        let header = fields(lines[0])
        var rows: [String: [String: String]] = [:]
        var order: [String] = []
        for line in lines.dropFirst() {
            let values = fields(line)
            precondition(
                values.count == header.count, "summary.csv row with \(values.count) fields for \(header.count) columns")
            let row = Dictionary(uniqueKeysWithValues: zip(header, values))
            rows[row["arm"]!] = row
            order.append(row["arm"]!)
        }
        return (header, rows, order)
    }

    /// The elements of an SVG, with their attributes and their own text or `<title>` text.
    final class SVGElements: NSObject, XMLParserDelegate {
        struct Element {
            var name: String
            var attributes: [String: String]
            var text = ""
        }

        var elements: [Element] = []
        private var open: [Element] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            open.append(Element(name: elementName, attributes: attributeDict))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !open.isEmpty else { return }
            open[open.count - 1].text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            guard let element = open.popLast() else { return }
            // A <title> names its parent: hand its text up.
            if element.name == "title", !open.isEmpty {
                open[open.count - 1].text = element.text
            } else {
                elements.append(element)
            }
        }

        static func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> [Element] {
            let delegate = SVGElements()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = delegate
            XCTAssertTrue(
                parser.parse(), "SVG is not well-formed: \(parser.parserError.map { "\($0)" } ?? "")", file: file,
                line: line)
            return delegate.elements
        }
    }

    static func number(_ element: SVGElements.Element, _ attribute: String) -> Double {
        Double(element.attributes[attribute] ?? "") ?? .nan
    }

    // MARK: Charts

    /// Every bar segment of outcome-mix.svg is its arm's outcome rate times the
    /// bar width, within the chart's one-decimal rounding (±0.05 px) and the
    /// CSV's six-decimal rounding; segments follow each other without gaps and
    /// only outcomes that occurred are drawn.
    func testOutcomeMixBarWidthsAreTheSummaryRates() throws {
        let out = report("mix", [])
        let summary = Self.summary(text("\(out)/summary.csv"))
        let elements = SVGElements.parse(text("\(out)/outcome-mix.svg"))
        // The first axis line spans the full bar: x1 = left edge, x2 = left edge + bar width.
        let axis = try XCTUnwrap(elements.first { $0.name == "line" && $0.attributes["class"] == "axis" })
        let left = Self.number(axis, "x1")
        let barWidth = Self.number(axis, "x2") - left
        XCTAssertGreaterThan(barWidth, 100)
        let bars = elements.filter { $0.name == "rect" && !$0.text.isEmpty }
        XCTAssertFalse(bars.isEmpty)
        let outcomes = CycleOutcome.allCases.map(\.name)
        var segments: [String: [(outcome: String, x: Double, width: Double)]] = [:]
        for bar in bars {
            // "<arm> <outcome>: <percent>%"
            let parts = bar.text.components(separatedBy: ": ")
            XCTAssertEqual(parts.count, 2, bar.text)
            let words = parts[0].split(separator: " ")
            let outcome = String(words.last!), arm = words.dropLast().joined(separator: " ")
            XCTAssertTrue(outcomes.contains(outcome), bar.text)
            let row = try XCTUnwrap(summary.rows[arm], "bar for unknown arm \(arm)")
            let rate = try XCTUnwrap(Double(row["\(outcome)_rate"] ?? ""))
            let width = Self.number(bar, "width")
            XCTAssertEqual(width / barWidth, rate, accuracy: 0.05 / barWidth + 5e-7, "\(bar.text): width \(width)")
            let percent = try XCTUnwrap(Double(parts[1].dropLast()))
            XCTAssertEqual(percent / 100, rate, accuracy: 0.005 / 100 + 5e-7, bar.text)
            segments[arm, default: []].append((outcome, Self.number(bar, "x"), width))
        }
        XCTAssertEqual(Set(segments.keys), Set(summary.order), "one bar per arm")
        for arm in summary.order {
            let row = summary.rows[arm]!
            // Drawn outcomes are exactly those with a non-zero count, in docs/model.md §4's order.
            let occurred = outcomes.filter { Int(row[$0]!)! > 0 }
            XCTAssertEqual(segments[arm]!.map(\.outcome), occurred, arm)
            // The five outcomes partition the cycles, so the segments fill the bar.
            XCTAssertEqual(outcomes.map { Int(row[$0]!)! }.reduce(0, +), Int(row["cycles"]!)!, arm)
            // Each segment starts where the rates before it end: left + barWidth × Σ earlier
            // rates, within the x's own rounding (±0.05 px) and the CSV's (±5·10⁻⁷ per rate).
            var cumulative = 0.0
            for (k, segment) in segments[arm]!.enumerated() {
                XCTAssertEqual(
                    segment.x, left + barWidth * cumulative, accuracy: 0.05 + barWidth * 5e-7 * Double(k) + 1e-9,
                    "\(arm) \(segment.outcome) starts where the earlier outcomes end")
                cumulative += Double(row["\(segment.outcome)_rate"]!)!
            }
            XCTAssertEqual(cumulative, 1, accuracy: 5e-7 * Double(occurred.count), "\(arm): the segments fill the bar")
        }
    }

    /// lateness-cdf.svg: each arm's curve is a CDF (non-decreasing, ending at
    /// 100%) and, at 60 s (metrics.lateAfter in the fixture), passes through the
    /// share of shown notifications that were not late, 1 − late / (fresh +
    /// stale + fallback), from summary.csv. The curve is sampled at log-spaced
    /// points, so 60 s falls between two samples: the CSV value must lie between
    /// their heights, within the one-decimal rounding of y (±0.05 px).
    func testLatenessCDFPassesThroughTheOnTimeShareAt60Seconds() throws {
        let out = report("cdf", [])
        let summary = Self.summary(text("\(out)/summary.csv"))
        let elements = SVGElements.parse(text("\(out)/lateness-cdf.svg"))
        let axes = elements.filter { $0.name == "line" && $0.attributes["class"] == "axis" }
        XCTAssertEqual(axes.count, 2)
        // The 0% and 100% ticks sit 4 px below their grid lines, inside the frame: curves keep off the axes.
        let zero = try XCTUnwrap(elements.first { $0.name == "text" && $0.text == "0%" }),
            full = try XCTUnwrap(elements.first { $0.name == "text" && $0.text == "100%" })
        let bottom = Self.number(zero, "y") - 4, top = Self.number(full, "y") - 4
        XCTAssertLessThan(bottom, Self.number(axes[0], "y1"), "0% lies above the x axis")
        XCTAssertGreaterThan(top, Self.number(axes[1], "y1"), "100% lies below the frame's top")
        func fraction(_ y: Double) -> Double { (bottom - y) / (bottom - top) }
        let yTolerance = 0.05 / (bottom - top)
        let minute = try XCTUnwrap(elements.first { $0.name == "text" && $0.text == "1 min" }, "a 1 min tick")
        let x60 = Self.number(minute, "x")
        let curves = elements.filter { $0.name == "polyline" }
        XCTAssertEqual(curves.map(\.text), summary.order, "one curve per arm, in arm order")
        for curve in curves {
            let row = summary.rows[curve.text]!
            let points = try (curve.attributes["points"] ?? "").split(separator: " ").map { pair in
                let xy = pair.split(separator: ",").compactMap { Double($0) }
                XCTAssertEqual(xy.count, 2)
                return (x: try XCTUnwrap(xy.first), f: fraction(try XCTUnwrap(xy.last)))
            }
            XCTAssertGreaterThan(points.count, 2)
            for (a, b) in zip(points, points.dropFirst()) {
                XCTAssertGreaterThan(b.x, a.x, curve.text)
                XCTAssertGreaterThanOrEqual(b.f, a.f - 1e-12, "\(curve.text): a CDF never decreases")
            }
            XCTAssertEqual(points.last!.f, 1, accuracy: 1e-12, "\(curve.text) ends at 100%")
            let shown = ["fresh", "stale", "fallback"].map { Int(row[$0]!)! }.reduce(0, +)
            let onTime = 1 - Double(Int(row["late"]!)!) / Double(shown)
            let after = try XCTUnwrap(points.firstIndex { $0.x >= x60 })
            XCTAssertGreaterThan(after, 0)
            let below = points[after - 1], above = points[after]
            XCTAssertLessThanOrEqual(below.f - yTolerance, onTime, "\(curve.text): CDF just before 60 s")
            XCTAssertGreaterThanOrEqual(above.f + yTolerance, onTime, "\(curve.text): CDF just after 60 s")
        }
        // The fixture has arms with late notifications, so the check above is not vacuous.
        XCTAssertTrue(summary.order.contains { Int(summary.rows[$0]!["late"]!)! > 0 })
        // lateAfter is marked, the y axis named, and each arm says how many cycles were missed, and
        // apart from them how many suppressed (nothing new: not a failure to show).
        let texts = elements.filter { $0.name == "text" }.map(\.text)
        XCTAssertTrue(texts.contains("lateAfter 60 s"), "\(texts)")
        XCTAssertTrue(texts.contains("share of shown notifications"))
        for arm in summary.order {
            let row = summary.rows[arm]!
            let cycles = Int(row["cycles"]!)!, missed = Int(row["missed"]!)!, suppressed = Int(row["suppressed"]!)!
            XCTAssertTrue(
                texts.contains {
                    $0.hasPrefix("\(arm): \(missed) of \(cycles) cycles missed (")
                        && $0.contains("), \(suppressed) suppressed (")
                },
                "\(arm): \(texts)")
        }
    }

    /// update-delay-cdf.svg is over every server update: each curve levels off at 1 − lost_updates_rate, labelled.
    func testUpdateDelayCDFLevelsOffAtTheShareOfUpdatesShown() throws {
        let out = report("cdf", [])
        let summary = Self.summary(text("\(out)/summary.csv"))
        let elements = SVGElements.parse(text("\(out)/update-delay-cdf.svg"))
        let zero = try XCTUnwrap(elements.first { $0.name == "text" && $0.text == "0%" }),
            full = try XCTUnwrap(elements.first { $0.name == "text" && $0.text == "100%" })
        let bottom = Self.number(zero, "y") - 4, top = Self.number(full, "y") - 4
        let texts = elements.filter { $0.name == "text" }.map(\.text)
        XCTAssertTrue(texts.contains("share of server updates"))
        var lossy = 0, reached = 0
        for curve in elements.filter({ $0.name == "polyline" }) {
            let lost = try XCTUnwrap(Double(summary.rows[curve.text]!["lost_updates_rate"]!))
            let last = try XCTUnwrap(
                (curve.attributes["points"] ?? "").split(separator: " ").last?.split(separator: ",").last.flatMap {
                    Double($0)
                })
            // One decimal of y is ±0.05 px. A curve never rises above the share shown, and reaches it unless
            // some delays run past the axis's end (1 wk).
            let tolerance = 0.06 / (bottom - top) + 1e-6
            let end = (bottom - last) / (bottom - top)
            XCTAssertLessThanOrEqual(end, 1 - lost + tolerance, curve.text)
            if abs(end - (1 - lost)) <= tolerance { reached += 1 }
            XCTAssertTrue(
                texts.contains { $0.hasPrefix("\(curve.text): \(String(format: "%.1f", lost * 100))% lost") },
                curve.text)
            if lost > 0.01 {
                lossy += 1
                XCTAssertTrue(
                    texts.contains("\(String(format: "%.1f", lost * 100))% lost"),
                    "the plateau is labelled: \(curve.text)")
            }
        }
        XCTAssertGreaterThan(lossy, 0, "the fixture loses updates, so the check is not vacuous")
        XCTAssertGreaterThan(reached, 0, "curves level off at the share of updates shown")
    }

    // MARK: summary.json

    /// summary.json holds summary.csv's numbers: for every arm and every
    /// column, the same value (the same text at the CSV's decimals), null where
    /// the CSV field is empty.
    func testSummaryJSONEqualsSummaryCSV() throws {
        let out = report("json", ["--format", "csv,json"])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: "\(out)/summary.md"), "--format csv,json writes no summary.md")
        let summary = Self.summary(text("\(out)/summary.csv"))
        XCTAssertEqual(summary.header, SummaryCSV.header)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(text("\(out)/summary.json").utf8)) as? [String: Any])
        XCTAssertEqual(json["devices"] as? Int, 8)
        XCTAssertEqual(json["days"] as? Int, 30)
        XCTAssertEqual(json["seed"] as? String, "3")
        XCTAssertEqual(json["scenario"] as? String, "small")
        let arms = try XCTUnwrap(json["arms"] as? [[String: Any]])
        XCTAssertEqual(arms.compactMap { $0["arm"] as? String }, summary.order)
        var compared = 0
        for object in arms {
            let row = summary.rows[object["arm"] as! String]!
            for column in summary.header {
                let csv = row[column]!
                // ci_method is not in summary.json (it is implied by devices: t when > 1, Wilson for 1).
                if column == "ci_method" { continue }
                let value = try XCTUnwrap(object[column], "summary.json lacks \(column)")
                if ["arm", "strategy", "platform", "fingerprint"].contains(column) {
                    XCTAssertEqual(value as? String, csv, column)
                } else if csv.isEmpty {
                    XCTAssertTrue(value is NSNull, "\(column) is empty in the CSV, so null in JSON")
                } else {
                    let number = try XCTUnwrap(value as? NSNumber, "\(column) is a number")
                    if let dot = csv.firstIndex(of: ".") {
                        let decimals = csv.distance(from: dot, to: csv.endIndex) - 1
                        XCTAssertEqual(
                            String(format: "%.\(decimals)f", number.doubleValue), csv, "\(row["arm"]!) \(column)")
                    } else {
                        XCTAssertEqual(String(number.int64Value), csv, "\(row["arm"]!) \(column)")
                    }
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, summary.order.count * (summary.header.count - 1))
        // One paired difference per same-platform pair of arms: 4 arms per platform give 6 pairs each.
        let pairs = try XCTUnwrap(json["paired_differences"] as? [[String: Any]])
        XCTAssertEqual(pairs.count, 12)
        for pair in pairs {
            for metric in RateMetric.allCases {
                let entry = try XCTUnwrap(pair[metric.name] as? [String: Any], metric.name)
                let low = try XCTUnwrap(entry["ci_low"] as? NSNumber).doubleValue
                let difference = try XCTUnwrap(entry["difference"] as? NSNumber).doubleValue
                let high = try XCTUnwrap(entry["ci_high"] as? NSNumber).doubleValue
                XCTAssertTrue(
                    low <= difference && difference <= high && -1 <= low && high <= 1, "\(metric.name): \(entry)")
            }
        }
    }

    // MARK: cycles.csv

    /// cycles.csv has one row per device × cycle × arm, in device, arm, cycle
    /// order, the same bytes for one worker or three (40 devices make three
    /// chunks of 16), and its rows add up
    /// to summary.csv's counts of every outcome, of late notifications
    /// (lateness above 60 s) and of notified-before-fetch.
    func testCyclesCSVRowsMatchTheSummaryWhateverTheJobs() throws {
        let devices = 40
        let one = report("jobs1", ["--cycles", "--jobs", "1"], devices: devices)
        let three = report("jobs3", ["--cycles", "--jobs", "3"], devices: devices)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(one)/cycles.csv"))
        XCTAssertEqual(
            bytes, FileManager.default.contents(atPath: "\(three)/cycles.csv"),
            "cycles.csv differs between --jobs 1 and 3")
        XCTAssertEqual(text("\(one)/summary.csv"), text("\(three)/summary.csv"))
        // Chunk and staging folders are made beside the report, so in the --out folders.
        for folder in [
            temporary.path, (one as NSString).deletingLastPathComponent, (three as NSString).deletingLastPathComponent,
        ] {
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
            XCTAssertEqual(leftovers, [], "chunk and staging folders are removed from \(folder)")
        }

        let summary = Self.summary(text("\(one)/summary.csv"))
        let cyclesPerDevice = Int(summary.rows[summary.order[0]]!["cycles"]!)! / devices
        XCTAssertEqual(cyclesPerDevice, 30, "one cycle a day for the fixture's 30 days")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "the file ends with a newline")
        XCTAssertEqual(String(lines[0]) + "\n", CycleLog.header)
        let rows = lines.dropFirst().dropLast()
        XCTAssertEqual(rows.count, devices * cyclesPerDevice * summary.order.count)

        let header = CycleLog.header.dropLast().split(separator: ",").map(String.init)
        var counts: [String: [String: Int]] = [:]
        for (index, line) in rows.enumerated() {
            let row = Dictionary(uniqueKeysWithValues: zip(header, Self.fields(line)))
            XCTAssertEqual(row.count, header.count, String(line))
            let arm = row["arm"]!
            // Ordered by device, then arm in summary.csv's order, then cycle: row i is one known triple.
            let expected = (
                device: index / (summary.order.count * cyclesPerDevice) + 1,
                arm: summary.order[(index / cyclesPerDevice) % summary.order.count],
                cycle: index % cyclesPerDevice + 1
            )
            XCTAssertEqual(Int(row["device"]!), expected.device, "row \(index + 1): \(line)")
            XCTAssertEqual(arm, expected.arm, "row \(index + 1): \(line)")
            XCTAssertEqual(Int(row["cycle"]!), expected.cycle, "row \(index + 1): \(line)")
            counts[arm, default: [:]][row["outcome"]!, default: 0] += 1
            let shown = ["fresh", "stale", "fallback"].contains(row["outcome"]!)
            XCTAssertEqual(!row["lateness_s"]!.isEmpty, shown, "lateness only for shown notifications: \(line)")
            XCTAssertEqual(
                !row["content_age_s"]!.isEmpty, ["fresh", "stale"].contains(row["outcome"]!),
                "content age only for fetched content shown: \(line)")
            if let lateness = Double(row["lateness_s"]!), lateness > 60 {
                counts[arm, default: [:]]["late", default: 0] += 1
            }
            // Where the cycle sits and what was shown when, consistent with the columns before them.
            XCTAssertEqual(row["segment"], "", "no fleet, no segment: \(line)")
            let notify = Int64(row["notify_utc_ms"]!)!, windowStart = Int64(row["window_start_utc_ms"]!)!
            XCTAssertEqual(notify - windowStart, 5 * 60_000, "the window opens at F, 5 min before T: \(line)")
            XCTAssertEqual(
                row["window_end_utc_ms"]!.isEmpty, Int(row["cycle"]!)! == cyclesPerDevice,
                "only the last window is open-ended: \(line)")
            XCTAssertEqual(!row["shown_utc_ms"]!.isEmpty, shown, line.description)
            if let shownAt = Int64(row["shown_utc_ms"]!), let lateness = Double(row["lateness_s"]!) {
                XCTAssertEqual(Double(max(0, shownAt - notify)) / 1_000, lateness, accuracy: 0.0005, line.description)
            }
            XCTAssertEqual(row["content_fetched_utc_ms"]!.isEmpty, row["content_age_s"]!.isEmpty, line.description)
            if let fetchedAt = Int64(row["content_fetched_utc_ms"]!), let windowEnd = Int64(row["window_end_utc_ms"]!) {
                XCTAssertLessThan(fetchedAt, windowEnd, "no content of a later cycle's window: \(line)")
            }
            if row["notified_before_fetch"] == "1" {
                counts[arm, default: [:]]["notified_before_fetch", default: 0] += 1
            }
        }
        XCTAssertEqual(Set(counts.keys), Set(summary.order))
        for arm in summary.order {
            for column in CycleOutcome.allCases.map(\.name) + ["late", "notified_before_fetch"] {
                XCTAssertEqual(counts[arm]![column, default: 0], Int(summary.rows[arm]![column]!)!, "\(arm) \(column)")
            }
        }
    }
}
