/// Writes telemetry CSV in exactly the formats `fit` reads (docs/telemetry.md),
/// so the simulator's `--emit-telemetry` output can be fitted back. Times are
/// UTC epoch milliseconds in, ISO 8601 UTC out; line ends are LF.
public enum TelemetryWriter {
    /// The header line (no line end). Opens always carry the time_zone column.
    public static func header(_ kind: TelemetryKind) -> String { kind.header }

    /// `2027-01-04T18:25:00Z` or `2027-01-04T18:25:00.250Z`.
    public static func timestamp(_ millis: Int64) -> String { ISOTimestamp.format(millis) }

    /// One BG row (no line end); an empty launched_at means not seen to run.
    public static func line(_ row: BackgroundLaunchRow) -> String {
        var out: [UInt8] = []
        append(row, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func line(_ row: FetchAttemptRow) -> String {
        var out: [UInt8] = []
        append(row, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func line(_ row: AppOpenRow) -> String {
        var out: [UInt8] = []
        append(row, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A whole file: header and rows, each line ended by LF.
    /// BG rows; with the eligibility columns when any row has a device or needs (the simulator's).
    public static func csv(_ rows: [BackgroundLaunchRow]) -> String {
        guard rows.contains(where: { $0.device != nil || $0.needs != nil }) else { return file(.bg, rows, append) }
        return file(TelemetryKind.bg.eligibilityHeader, rows) { row, out in
            append(row, to: &out)
            out.append(0x2C)
            if let device = row.device { field(device, &out) }
            out.append(0x2C)
            if let needs = row.needs {
                out.append(contentsOf: "\(needs.kind),\(needs.requiresPower),\(needs.requiresNetwork)".utf8)
            } else {
                out.append(contentsOf: ",,".utf8)
            }
        }
    }

    /// An eligibility file (`device,state,from,to`): each device's holding periods in the order given.
    public static func csv(_ periods: [EligibilityPeriod]) -> String {
        file(EligibilityPeriods.header, periods) { period, out in
            field(period.device, &out); out.append(0x2C)
            out.append(contentsOf: period.state.rawValue.utf8); out.append(0x2C)
            ISOTimestamp.append(period.from, to: &out); out.append(0x2C)
            ISOTimestamp.append(period.to, to: &out)
        }
    }
    public static func csv(_ rows: [FetchAttemptRow]) -> String { file(.fetch, rows, append) }

    /// WorkManager jobs (work-runs.csv), with the device and constraint columns.
    public static func csv(_ rows: [WorkRunRow]) -> String {
        file(TelemetryKind.work.eligibilityHeader, rows) { row, out in
            field(row.workID, &out); out.append(0x2C)
            ISOTimestamp.append(row.enqueuedAt, to: &out); out.append(0x2C)
            ISOTimestamp.append(row.earliestRun, to: &out); out.append(0x2C)
            if let ran = row.ranAt { ISOTimestamp.append(ran, to: &out) }
            out.append(0x2C)
            ISOTimestamp.append(row.observedUntil, to: &out); out.append(0x2C)
            if let device = row.device { field(device, &out) }
            out.append(contentsOf: ",\(row.requiresCharging),\(row.requiresNetwork)".utf8)
        }
    }
    public static func csv(_ rows: [AppOpenRow]) -> String { file(.opens, rows, append) }

    private static func file<Row>(_ kind: TelemetryKind, _ rows: [Row], _ write: (Row, inout [UInt8]) -> Void) -> String
    {
        file(kind.header, rows, write)
    }

    private static func file<Row>(_ header: String, _ rows: [Row], _ write: (Row, inout [UInt8]) -> Void) -> String {
        var out = Array(header.utf8)
        out.append(0x0A)
        out.reserveCapacity(rows.count * 110)
        for row in rows {
            write(row, &out)
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func append(_ row: BackgroundLaunchRow, to out: inout [UInt8]) {
        field(row.requestID, &out); out.append(0x2C)
        ISOTimestamp.append(row.submittedAt, to: &out); out.append(0x2C)
        ISOTimestamp.append(row.earliestBegin, to: &out); out.append(0x2C)
        if let launched = row.launchedAt { ISOTimestamp.append(launched, to: &out) }
        out.append(0x2C)
        ISOTimestamp.append(row.observedUntil, to: &out)
    }

    static func append(_ row: FetchAttemptRow, to out: inout [UInt8]) {
        ISOTimestamp.append(row.startedAt, to: &out); out.append(0x2C)
        ISOTimestamp.append(row.finishedAt, to: &out); out.append(0x2C)
        out.append(contentsOf: row.outcome.rawValue.utf8)
    }

    static func append(_ row: AppOpenRow, to out: inout [UInt8]) {
        field(row.deviceID, &out); out.append(0x2C)
        ISOTimestamp.append(row.openedAt, to: &out); out.append(0x2C)
        if let zone = row.timeZone { field(zone, &out) }
    }

    /// Quotes a text field when CSV needs it (comma, quote, line break, edge spaces).
    static func field(_ text: String, _ out: inout [UInt8]) {
        let bytes = Array(text.utf8)
        let needsQuotes =
            bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || bytes.first == 0x20 || bytes.last == 0x20 || bytes.first == 0x09 || bytes.last == 0x09
        guard needsQuotes else { out.append(contentsOf: bytes); return }
        out.append(0x22)
        for b in bytes {
            if b == 0x22 { out.append(0x22) }
            out.append(b)
        }
        out.append(0x22)
    }
}
