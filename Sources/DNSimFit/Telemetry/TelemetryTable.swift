import DNSimText

/// A telemetry CSV being read: its header, the current row's fields, and the
/// policy for bad rows (stop at the first with `file:line: error:`, or count
/// and skip it). Kind-specific readers pull typed values through it.
struct TelemetryTable {
    let file: String
    let kind: TelemetryKind
    let columns: [String]
    let ignoredColumns: [String]
    let skipBadRows: Bool
    private(set) var reader: CSVRecordReader
    private(set) var fields: [CSVRecordReader.Field] = []
    private(set) var line = 0
    private(set) var skipped = SkippedRows()

    init(_ buffer: UnsafeBufferPointer<UInt8>, file: String, skipBadRows: Bool) throws(FitError) {
        self.file = file
        self.skipBadRows = skipBadRows
        var reader = CSVRecordReader(buffer, trimsBlanks: true)
        var header: [CSVRecordReader.Field] = []
        let first = reader.next(into: &header)
        self.reader = reader
        switch first {
        case .end:
            throw FitError(
                file: file, line: nil,
                message:
                    "the file is empty; a telemetry file starts with a header line such as \(TelemetryKind.bg.header)")
        case .problem(let line, let message, _):
            throw FitError(file: file, line: line, message: "header: \(message)")
        case .fields(let line):
            try Self.checkText(header, reader, line: line, file: file)
            var names = header.map { reader.text($0).trimmingSpaces.lowercased() }
            // The APNs console names its metrics `Received by APNs`, `Stored - Device Offline`: as columns, snake case.
            let metricNames = header.map { TelemetryKind.columnName(reader.text($0)) }
            if TelemetryKind.detect(names) == nil || TelemetryKind.detect(names) == .apns,
                TelemetryKind.detect(metricNames) == .apns
            {
                names = metricNames
            }
            guard let kind = TelemetryKind.detect(names) else {
                let shown = Self.quote(header.map { reader.text($0) }.joined(separator: ","))
                throw FitError(
                    file: file, line: line,
                    message: "unknown header \(shown); expected a bg file (\(TelemetryKind.bg.header)), "
                        + "a fetch file (\(TelemetryKind.fetch.header)), an opens file (device_id,opened_at and optionally time_zone), "
                        + "a work file (\(TelemetryKind.work.header)) or an APNs delivery-metrics file (date,received_by_apns,…; docs/telemetry.md)"
                )
            }
            var seen = Set<String>()
            for name in names {
                guard seen.insert(name).inserted else {
                    throw FitError(
                        file: file, line: line, message: "column \(Self.quote(name)) appears twice in the header")
                }
            }
            let missing = kind.requiredColumns.filter { !seen.contains($0) }
            // A misspelt metric column would only be ignored, and its column then reported missing: name the typo.
            if kind == .apns, !missing.isEmpty {
                let known = kind.requiredColumns + kind.optionalColumns
                for (i, name) in names.enumerated() where !known.contains(name) {
                    guard let close = WordSuggestion.closest(to: name, in: missing) else { continue }
                    throw FitError(
                        file: file, line: line, column: Self.column(of: header[i], in: reader),
                        message: "column \(Self.quote(name)) is not a delivery metric (did you mean '\(close)'?)")
                }
            }
            if !missing.isEmpty {
                let list = missing.map { "'\($0)'" }.joined(separator: ", ")
                throw FitError(
                    file: file, line: line,
                    message: "missing column\(missing.count > 1 ? "s" : "") \(list); "
                        + "a \(kind.rawValue) file's header is \(kind.header)")
            }
            self.kind = kind
            columns = names
            let known = Set(kind.requiredColumns + kind.optionalColumns + kind.eligibilityColumns)
            ignoredColumns = names.filter { !known.contains($0) }
        }
    }

    func index(_ column: String) -> Int? { columns.firstIndex(of: column) }

    /// Where field `column` of the current row starts on its line (1-based, a column per character).
    func column(_ column: Int) -> Int { Self.column(of: fields[column], in: reader) }

    static func column(of field: CSVRecordReader.Field, in reader: CSVRecordReader) -> Int {
        var start = field.start, characters = 0
        while start > 0, reader.base[start - 1] != 0x0A, reader.base[start - 1] != 0x0D {
            start -= 1
            if reader.base[start] & 0xC0 != 0x80 { characters += 1 }
        }
        return characters + 1
    }

    /// Loads the next usable-looking row (right field count); false at the end.
    mutating func nextRow() throws(FitError) -> Bool {
        while true {
            switch reader.next(into: &fields) {
            case .end:
                return false
            case .problem(let line, let message, let fatal):
                self.line = line
                if fatal { throw FitError(file: file, line: line, message: message) }
                try reject(RowProblem(reason: "malformed quoting", message: message))
            case .fields(let line):
                self.line = line
                try Self.checkText(fields, reader, line: line, file: file)
                guard fields.count == columns.count else {
                    try reject(
                        RowProblem(
                            reason: "wrong number of fields",
                            message: "the row has \(fields.count) field\(fields.count == 1 ? "" : "s") "
                                + "but the header has \(columns.count) columns"))
                    continue
                }
                return true
            }
        }
    }

    /// Binary data in a record's fields is the file's error, never a bad row to skip.
    static func checkText(
        _ fields: [CSVRecordReader.Field], _ reader: CSVRecordReader, line: Int, file: String
    ) throws(FitError) {
        for field in fields {
            if let offset = TextCheck.firstBinary(in: reader.base, field.start..<field.end) {
                throw TextCheck.error(reader.base, at: offset, line: line, file: file)
            }
        }
    }

    /// Throws the row's error, or records it when bad rows are skipped. The error points at `column`,
    /// or else at the column its message names (`column launched_at: …`), as `file:line:col`.
    mutating func reject(_ problem: RowProblem, column: Int? = nil) throws(FitError) {
        guard skipBadRows else {
            let at = column ?? named(in: problem.message)
            throw FitError(file: file, line: line, column: at.map(self.column), message: problem.message)
        }
        skipped.record(problem, line: line)
    }

    /// The column a message begins by naming (`column NAME:` or `column NAME is`), if the row has it.
    func named(in message: String) -> Int? {
        guard message.hasPrefix("column ") else { return nil }
        let name = message.dropFirst("column ".count).prefix { $0 != ":" && $0 != " " }
        guard let index = columns.firstIndex(of: String(name)), index < fields.count else { return nil }
        return index
    }

    func isEmpty(_ column: Int) -> Bool { fields[column].start == fields[column].end }

    func text(_ column: Int) -> String { reader.text(fields[column]) }

    /// A required or optional ISO 8601 time in epoch milliseconds.
    func time(_ column: Int) -> Result<Int64, RowProblem> {
        let name = columns[column]
        guard !isEmpty(column) else {
            return .failure(
                RowProblem(
                    reason: "column \(name): empty",
                    message: "column \(name) is empty; expected an ISO 8601 time such as 2027-01-04T18:25:00Z"))
        }
        let field = fields[column]
        let parsed = field.escaped ? ISOTimestamp.parse(text(column)) : ISOTimestamp.parse(reader.bytes(field))
        switch parsed {
        case .time(let millis) where Self.plausibleTimes.contains(millis):
            return .success(millis)
        case .time:
            // Year 9999 or 0000 is a logger's placeholder, not an instant: one such open spread an
            // opens rate over 2.9 million days.
            return .failure(
                RowProblem(
                    reason: "column \(name): outside 1969–9899",
                    message: "column \(name): \(Self.quote(text(column))) is outside 1969–9899 (a scenario's years), "
                        + "so not an instant a phone logged; fix or drop the row"))
        case .noZone:
            return .failure(
                RowProblem(
                    reason: "column \(name): no time zone",
                    message: "column \(name): \(Self.quote(text(column))) has no time zone; "
                        + "add Z (UTC) or an offset such as +02:00"))
        case .invalid:
            return .failure(
                RowProblem(
                    reason: "column \(name): not an ISO 8601 time",
                    message: "column \(name): \(Self.quote(text(column))) is not an ISO 8601 time; "
                        + "expected e.g. 2027-01-04T18:25:00Z or 2027-01-04T18:25:00.250+02:00"))
        }
    }

    /// 1969-01-01 to 9899-12-31 (UTC), in epoch milliseconds: the years a scenario may run in (it starts
    /// 1970–9000, local time), so `fit` reads whatever `--emit-telemetry` writes, and a logger's
    /// placeholder such as 9999-12-31 or 0000-01-01 is refused.
    static let plausibleTimes: Range<Int64> = -31_536_000_000..<250_246_627_200_000

    /// Quotes text from the file for a message: control and other unprintable
    /// characters become `?` and long text is cut, so binary input stays readable.
    static func quote(_ text: String) -> String {
        var out = ""
        var n = 0
        for scalar in text.unicodeScalars {
            if n == 60 { out += "…"; break }
            out.unicodeScalars.append(
                scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFD ? "?" : scalar)
            n += 1
        }
        return "'\(out)'"
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
