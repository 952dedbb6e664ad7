import DNSimFit
import XCTest

/// Reading telemetry: the exact messages for bad files, and the CSV and
/// ISO 8601 forms that must be accepted.
final class TelemetryFileTests: XCTestCase {
    static let bgHeader = "request_id,submitted_at,earliest_begin,launched_at,observed_until"

    /// `count` valid BG rows, the i-th launched i minutes after earliest begin (every 5th censored).
    static func bgRows(_ count: Int) -> [String] {
        (0..<count).map { i in
            let launched = i % 5 == 4 ? "" : String(format: "2027-01-05T%02d:%02d:00Z", 8 + i / 60, i % 60)
            return "r\(i),2027-01-05T07:00:00Z,2027-01-05T08:00:00Z,\(launched),2027-01-06T08:00:00Z"
        }
    }

    func parse(_ lines: [String], skipBadRows: Bool = false, lineEnd: String = "\n") throws(FitError) -> TelemetryFile {
        try TelemetryFile.parse(
            Array((lines.joined(separator: lineEnd) + lineEnd).utf8), path: "bad.csv", skipBadRows: skipBadRows)
    }

    func message(_ lines: [String], skipBadRows: Bool = false) -> String {
        do {
            _ = try parse(lines, skipBadRows: skipBadRows)
            return "no error"
        } catch {
            return error.description
        }
    }

    func testMissingColumn() {
        XCTAssertEqual(
            message(["request_id,submitted_at,launched_at,observed_until"] + Self.bgRows(40)),
            "bad.csv:1: error: missing column 'earliest_begin'; a bg file's header is "
                + "request_id,submitted_at,earliest_begin,launched_at,observed_until")
    }

    /// A NUL, another control byte, or bytes that are not UTF-8 anywhere in the file: binary or
    /// damaged, refused at its line and column (a NUL inside a request id was once fitted), with or
    /// without skipping bad rows. Tabs, CRLF and UTF-8 stay text.
    func testBinaryBytesAreRefusedAtTheirLineAndColumn() {
        var rows = Self.bgRows(40)
        rows[1] = "d0\u{0}1" + rows[1].drop { $0 != "," }
        XCTAssertEqual(
            message([Self.bgHeader] + rows),
            "bad.csv:3:3: error: not UTF-8 text (binary data, or another encoding such as Latin-1, at byte \(Self.bgHeader.count + rows[0].count + 4)); export it as UTF-8 CSV"
        )
        XCTAssertEqual(message([Self.bgHeader] + rows, skipBadRows: true).prefix(18), "bad.csv:3:3: error")
        var latin = Array(([Self.bgHeader] + Self.bgRows(40)).joined(separator: "\n").utf8)
        let at = Self.bgHeader.utf8.count + 2
        latin[at] = 0xE9
        XCTAssertThrowsError(try TelemetryFile.parse(latin, path: "latin.csv")) { error in
            XCTAssertEqual(
                (error as? FitError)?.description,
                "latin.csv:2:2: error: not UTF-8 text (binary data, or another encoding such as Latin-1, at byte \(at)); export it as UTF-8 CSV"
            )
        }
        var text = Self.bgRows(40)
        text[0] = text[0].replacingOccurrences(of: "r0", with: "r0é")
        XCTAssertNoThrow(
            try TelemetryFile.parse(Array(([Self.bgHeader] + text).joined(separator: "\r\n").utf8), path: "ok.csv"))
    }

    /// A time a phone cannot have logged (a placeholder year 9999 or 0000) is a bad row: one such open
    /// once spread an opens rate over 2.9 million days. The years a scenario may run in are read.
    func testPlaceholderYearsAreBadRows() {
        for year in ["0000", "1900", "9999"] {
            var rows = Self.bgRows(40)
            rows[1] = rows[1].replacingOccurrences(of: "2027-01-05T07:00:00Z", with: "\(year)-01-05T07:00:00Z")
            XCTAssertEqual(
                message([Self.bgHeader] + rows),
                "bad.csv:3:4: error: column submitted_at: '\(year)-01-05T07:00:00Z' is outside 1969–9899 (a scenario's years), "
                    + "so not an instant a phone logged; fix or drop the row")
        }
    }

    func testUnparsableTime() {
        var rows = Self.bgRows(40)
        rows[1] = "r1,2027-13-05T07:00:00Z,2027-01-05T08:00:00Z,,2027-01-06T08:00:00Z"
        XCTAssertEqual(
            message([Self.bgHeader] + rows),
            "bad.csv:3:4: error: column submitted_at: '2027-13-05T07:00:00Z' is not an ISO 8601 time; "
                + "expected e.g. 2027-01-04T18:25:00Z or 2027-01-04T18:25:00.250+02:00")
        rows[1] = "r1,2027-01-05T07:00:00,2027-01-05T08:00:00Z,,2027-01-06T08:00:00Z"
        XCTAssertEqual(
            message([Self.bgHeader] + rows),
            "bad.csv:3:4: error: column submitted_at: '2027-01-05T07:00:00' has no time zone; add Z (UTC) or an offset such as +02:00"
        )
    }

    func testLaunchedBeforeEarliestBegin() {
        var rows = Self.bgRows(40)
        rows[2] = "r2,2027-01-05T07:00:00Z,2027-01-05T08:00:00Z,2027-01-05T07:30:00Z,2027-01-06T08:00:00Z"
        XCTAssertEqual(
            message([Self.bgHeader] + rows),
            "bad.csv:4:46: error: column launched_at: '2027-01-05T07:30:00Z' is before earliest_begin '2027-01-05T08:00:00Z'; "
                + "the OS never launches a task before its earliest begin date")
    }

    func testDuplicateRequestID() {
        var rows = Self.bgRows(40)
        rows[9] = rows[3].replacingOccurrences(of: "T07:00", with: "T07:05")
        XCTAssertEqual(
            message([Self.bgHeader] + rows),
            "bad.csv:11:1: error: column request_id: 'r3' already appeared on line 5; each submitted request must appear once"
        )
    }

    func testFewerThanThirtyRowsIsRefused() {
        XCTAssertEqual(
            message([Self.bgHeader] + Self.bgRows(29)), "bad.csv: error: only 29 usable rows; a fit needs at least 30")
        var rows = Self.bgRows(31)
        rows[0] = "r0,yesterday,2027-01-05T08:00:00Z,,2027-01-06T08:00:00Z"
        rows[1] = "r1,2027-01-05T07:00:00Z"
        XCTAssertEqual(
            message([Self.bgHeader] + rows, skipBadRows: true),
            "bad.csv: error: only 29 usable rows (2 bad rows skipped); a fit needs at least 30")
    }

    func testUnknownHeaderEmptyFileAndBinaryInputAreErrors() {
        XCTAssertEqual(
            message(["when,what"] + Self.bgRows(30)),
            "bad.csv:1: error: unknown header 'when,what'; expected a bg file (request_id,submitted_at,earliest_begin,launched_at,observed_until), "
                + "a fetch file (started_at,finished_at,outcome), an opens file (device_id,opened_at and optionally time_zone), "
                + "a work file (work_id,enqueued_at,earliest_run,ran_at,observed_until) or an APNs delivery-metrics file (date,received_by_apns,…; docs/telemetry.md)"
        )
        XCTAssertEqual(try? TelemetryFile.parse([], path: "empty.csv").rows, nil)
        do {
            _ = try TelemetryFile.parse([], path: "empty.csv")
        } catch {
            XCTAssertEqual(
                error.description,
                "empty.csv: error: the file is empty; a telemetry file starts with a header line such as "
                    + "request_id,submitted_at,earliest_begin,launched_at,observed_until")
        }
        var garbage: [UInt8] = []
        var state: UInt32 = 12345
        for _ in 0..<100_000 {
            state = state &* 1_103_515_245 &+ 12345
            garbage.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        XCTAssertThrowsError(try TelemetryFile.parse(garbage, path: "binary.bin"))
        XCTAssertThrowsError(try TelemetryFile.parse(garbage, path: "binary.bin", skipBadRows: true))
        var rows = Self.bgRows(40)
        rows[0] = "r0,99999-01-05T07:00:00Z,2027-01-05T08:00:00Z,,2027-01-06T08:00:00Z"
        XCTAssertTrue(
            message([Self.bgHeader] + rows).hasPrefix(
                "bad.csv:2:4: error: column submitted_at: '99999-01-05T07:00:00Z' is not an ISO 8601 time"))
        rows[0] = "\"r0,2027-01-05T07:00:00Z"
        XCTAssertEqual(
            message([Self.bgHeader] + rows), "bad.csv:2: error: a quoted field opened on this line is never closed")
        XCTAssertThrowsError(try TelemetryFile.read(path: "/nonexistent/telemetry.csv"))
    }

    func testSkipBadRowsCountsReasons() throws {
        var rows = Self.bgRows(50)
        rows[5] = "r5,2027-01-05T07:00:00Z,2027-01-05T08:00:00Z,2027-01-05T07:30:00Z,2027-01-06T08:00:00Z"
        rows[7] = "r7,2027-02-30T07:00:00Z,2027-01-05T08:00:00Z,,2027-01-06T08:00:00Z"
        rows[9] = "r9,2027-02-30T07:00:00Z,2027-01-05T08:00:00Z,,2027-01-06T08:00:00Z"
        rows[11] = rows[0]
        let file = try parse([Self.bgHeader] + rows, skipBadRows: true)
        XCTAssertEqual(file.rows, 46)
        XCTAssertEqual(file.skipped.count, 4)
        XCTAssertEqual(
            file.skipped.summary,
            [
                "2 × column submitted_at: not an ISO 8601 time (first on line 9)",
                "1 × launched_at before earliest_begin (first on line 7)",
                "1 × duplicate request_id (first on line 13)",
            ])
    }

    /// A UTF-8 BOM, CRLF line ends, quoted fields (with a comma and a doubled
    /// quote), spaces around fields, offsets and fractions all read the same.
    func testBOMCRLFQuotesAndOffsets() throws {
        var rows = Self.bgRows(40)
        rows[0] =
            "\"r,0\",2027-01-05T09:00:00+02:00,\"2027-01-05T08:00:00.000Z\",2027-01-05T03:30:00.5-05:00,2027-01-06T08:00:00Z"
        rows[1] = " \"r\"\"1\" , 2027-01-05T07:00:00Z ,2027-01-05T08:00:00Z,2027-01-05T08:01:00Z,2027-01-06T08:00:00Z"
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = ([Self.bgHeader] + rows).joined(separator: "\r\n") + "\r\n"
        let file = try TelemetryFile.parse(bom + Array(text.utf8), path: "crlf.csv")
        let plain = try parse([Self.bgHeader] + Self.bgRows(40))
        guard case .backgroundLaunches(let data) = file.content, case .backgroundLaunches(let reference) = plain.content
        else {
            return XCTFail("not bg")
        }
        XCTAssertEqual(data.rows, 40)
        // Row 0 launched 30 min 0.5 s after earliest begin; the reference's row 0 at 0 min (floored at half a millisecond).
        XCTAssertEqual(data.sample.events.count, reference.sample.events.count)
        XCTAssertEqual(data.sample.events.filter { $0 == 1800.5 }.count, 1)
        XCTAssertEqual(data.sample.censored, reference.sample.censored)
    }

    func testWriterOutputReadsBackToTheSameSample() throws {
        let start: Int64 = 1_798_761_600_000
        var rows: [BackgroundLaunchRow] = []
        for i in 0..<40 {
            let submitted: Int64 = start + Int64(i) * 3_600_000
            let earliest: Int64 = submitted + 600_000
            let launched: Int64? = i % 4 == 0 ? nil : earliest + Int64(i) * 61_001
            let id = i == 3 ? "id, with \"quotes\"" : "r\(i)"
            rows.append(
                BackgroundLaunchRow(
                    requestID: id, submittedAt: submitted, earliestBegin: earliest,
                    launchedAt: launched, observedUntil: submitted + 86_400_000))
        }
        let file = try TelemetryFile.parse(Array(TelemetryWriter.csv(rows).utf8), path: "written.csv")
        guard case .backgroundLaunches(let data) = file.content else { return XCTFail("not bg") }
        let direct = BackgroundLaunchData(rows: rows)
        XCTAssertEqual(data.sample.events, direct.sample.events)
        XCTAssertEqual(data.sample.censored, direct.sample.censored)
        XCTAssertEqual(data.sample.followUp, direct.sample.followUp)
        XCTAssertEqual(TelemetryWriter.timestamp(start + 250), "2027-01-01T00:00:00.250Z")
        XCTAssertEqual(
            TelemetryWriter.line(FetchAttemptRow(startedAt: start, finishedAt: start + 812, outcome: .empty)),
            "2027-01-01T00:00:00Z,2027-01-01T00:00:00.812Z,empty")
        XCTAssertEqual(
            TelemetryWriter.line(AppOpenRow(deviceID: "d1", openedAt: start, timeZone: "Europe/Berlin")),
            "d1,2027-01-01T00:00:00Z,Europe/Berlin")
    }

    /// Mangled copies of valid files (bytes flipped, cut, duplicated) must end
    /// in a value or a FitError, never a trap, with or without skipping.
    func testMangledFilesNeverTrap() throws {
        let sources = ["bg-launches", "fetch-attempts", "app-opens"].map {
            FitReportTests.root.appendingPathComponent("Scenarios/telemetry/\($0).csv").path
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let interesting: [UInt8] = Array(",\"\r\n:-+TZ.0 9\u{0}".utf8) + [0xFF, 0xEF, 0xBB, 0xBF]
        var outcomes = 0
        for source in sources {
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
            for round in 0..<60 {
                var bytes = original
                for _ in 0..<(1 + next(12)) {
                    let at = next(bytes.count)
                    switch next(3) {
                    case 0: bytes[at] = interesting[next(interesting.count)]
                    case 1: bytes.removeSubrange(at..<min(bytes.count, at + next(40)))
                    default:
                        bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + next(80))], at: next(bytes.count))
                    }
                    if bytes.isEmpty { break }
                }
                for skip in [false, true] {
                    if let file = try? TelemetryFile.parse(bytes, path: "mangled-\(round).csv", skipBadRows: skip),
                        let fit = try? TelemetryFit.run(file, options: FitOptions(bootstrap: 0))
                    {
                        XCTAssertEqual(FitReport.files(file, fit).count, 4)
                    }
                    outcomes += 1
                }
            }
        }
        XCTAssertEqual(outcomes, 360)
    }
}
