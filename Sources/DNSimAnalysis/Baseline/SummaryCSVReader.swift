import DNSimCore
import DNSimText

/// Reads a `summary.csv` back into a `SummaryTable` (a baseline for `check`); `SummaryCSV` writes one.
public enum SummaryCSVReader {
    /// Why a file is not a summary this version can read: the whole message,
    /// `file:line[:col]: error: …` where a position exists.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a `summary.csv`, matching columns by name: one written by an older version, with
    /// fewer columns, still reads (missing ones are absent) unless `everyColumn` asks for all.
    /// Fields are read as RFC 4180 says (`CSVRecordReader`, spaces kept), so a
    /// quoted field may hold a comma, a quote or a line break, and CRLF files read.
    /// A figure that is not a number, and a file with no rows (truncated), are
    /// errors: a baseline that reads as empty would let `check` pass anything.
    /// - Parameter everyColumn: a baseline `check` compares with must have every column this version
    ///   always writes (one left out would go uncompared); an older summary read for itself need not.
    public static func read(_ text: String, file: String, everyColumn: Bool = false) throws(ReadError) -> SummaryTable {
        SummaryTable(rows: try rows(text, file: file, segmented: false, everyColumn: everyColumn).map(\.row))
    }

    /// Reads a `segments.csv` (a `segment` column, then `summary.csv`'s), as `read` does: each
    /// segment's rows, segments in the file's order. A header with no rows is a fleet of none.
    public static func readSegments(_ text: String, file: String, everyColumn: Bool = false) throws(ReadError)
        -> [SegmentSummary]
    {
        var segments: [SegmentSummary] = []
        for (segment, row) in try rows(text, file: file, segmented: true, everyColumn: everyColumn) {
            if let index = segments.firstIndex(where: { $0.name == segment }) {
                segments[index].summary.rows.append(row)
            } else {
                segments.append(SegmentSummary(name: segment, summary: SummaryTable(rows: [row])))
            }
        }
        return segments
    }

    /// The rows of a summary (`segmented`: a segments file), each with its segment's name ("" in a summary).
    static func rows(_ text: String, file: String, segmented: Bool, everyColumn: Bool) throws(ReadError)
        -> [(segment: String, row: SummaryTable.Row)]
    {
        var text = text
        let figures = Set(SummaryColumns.names)
        // `withUTF8` rethrows untyped errors, so the problem comes out as a value.
        let read = text.withUTF8 { buffer -> Result<[(line: Int, fields: [String])], ReadError> in
            var reader = CSVRecordReader(buffer, trimsBlanks: false)
            var fields: [CSVRecordReader.Field] = []
            var lines: [(line: Int, fields: [String])] = []
            var header: [String] = []
            while true {
                switch reader.next(into: &fields) {
                case .end: return .success(lines)
                case .fields(let line):
                    let texts = fields.map { reader.text($0) }
                    if lines.isEmpty {
                        header = texts
                    } else if let bad = texts.indices.first(where: {
                        $0 < header.count && figures.contains(header[$0]) && !isFigure(texts[$0])
                    }) {
                        let column = column(of: fields[bad], in: buffer)
                        return .failure(
                            ReadError(
                                description:
                                    "\(file):\(line):\(column): error: \(header[bad]) is '\(texts[bad])', not a number")
                        )
                    }
                    lines.append((line, texts))
                case .problem(let line, let message, _):
                    return .failure(ReadError(description: "\(file):\(line): error: \(message)"))
                }
            }
        }
        let lines = try read.get()
        let leading = segmented ? ["segment", "arm"] : ["arm"]
        guard let first = lines.first, Array(first.fields.prefix(leading.count)) == leading,
            first.fields.contains("platform")
        else {
            let kind = segmented ? "segments" : "summary"
            throw ReadError(
                description: "error: \(file) is not a dnsim-events \(kind).csv "
                    + "(its header does not start with '\(leading.joined(separator: ","))')")
        }
        let header = first.fields
        guard lines.count > 1 || segmented else {
            throw ReadError(
                description: "\(file):\(first.line): error: the header is followed by no rows (one per arm): "
                    + "the file is truncated or damaged; regenerate it")
        }
        try checkHeader(header, file: file, line: first.line, everyColumn: everyColumn)
        let position = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func field(_ name: String, _ line: [String]) -> String {
            position[name].map { $0 < line.count ? line[$0] : "" } ?? ""
        }
        var rows: [(segment: String, row: SummaryTable.Row)] = []
        for (number, line) in lines.dropFirst() {
            guard line.count == header.count else {
                throw ReadError(
                    description:
                        "\(file):\(number): error: has \(line.count) fields where the header has \(header.count)")
            }
            try checkRanges(line, header: header, file: file, line: number)
            rows.append(
                (
                    field("segment", line),
                    SummaryTable.Row(
                        arm: field("arm", line), strategy: field("strategy", line),
                        platform: field("platform", line),
                        ciMethod: field("ci_method", line), fingerprint: field("fingerprint", line),
                        values: SummaryColumns.names.map { Double(field($0, line)) })
                ))
        }
        return rows
    }

    /// A header this version can compare against: no name twice, and (`everyColumn`) every column this
    /// version always writes (`within_age`'s only with `metrics.maxContentAge`). A column left out would leave its
    /// figure uncompared and `check` passing whatever it became.
    static func checkHeader(_ header: [String], file: String, line: Int, everyColumn: Bool) throws(ReadError) {
        var seen = Set<String>()
        for (index, name) in header.enumerated() where !seen.insert(name).inserted {
            throw ReadError(
                description: "\(file):\(line): error: column \(index + 1), '\(name)', appears twice in the header: "
                    + "the file is damaged; regenerate it")
        }
        let required =
            ["arm", "strategy", "platform", "ci_method", "fingerprint"]
            + SummaryColumns.names.prefix(SummaryColumns.withinAgeStart)
        let missing = required.filter { !seen.contains($0) }
        guard everyColumn, let first = missing.first else { return }
        throw ReadError(
            description: "\(file):\(line): error: the header has no column '\(first)'"
                + (missing.count > 1 ? " (nor \(missing.count - 1) other(s))" : "")
                + ", which every summary of this version has: the file is damaged or from an earlier build; regenerate it"
        )
    }

    /// Each figure within what it can be: a share (a rate, its clamped interval bounds) in 0–1; a
    /// half-width (taken before clamping, so it may pass 1 with few devices), a count, a duration or
    /// a frequency not below 0; a frequency's interval bounds anything finite.
    static func checkRanges(_ fields: [String], header: [String], file: String, line: Int) throws(ReadError) {
        for (index, name) in header.enumerated() where index < fields.count {
            guard let value = Double(fields[index]), let column = columnsByName[name] else { continue }
            let share = column.unit == "fraction" && !name.hasSuffix("_half_width")
            let bound = name.hasSuffix("_ci_low") || name.hasSuffix("_ci_high")
            if share ? (0...1).contains(value) : (bound || value >= 0) { continue }
            throw ReadError(
                description: "\(file):\(line): error: \(name) is \(fields[index]), outside "
                    + (share ? "0–1" : "0 or more") + ": the file is damaged; regenerate it")
        }
    }

    static let columnsByName = Dictionary(
        SummaryColumns.all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// A figure field: empty (undefined) or a finite number.
    static func isFigure(_ text: String) -> Bool {
        text.isEmpty || Double(text)?.isFinite == true
    }

    /// The field's column on its line, counted in characters (UTF-8 lead bytes) from 1.
    static func column(of field: CSVRecordReader.Field, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var start = field.start
        if start > 0, buffer[start - 1] == 0x22 { start -= 1 }
        var column = 1
        var p = start - 1
        while p >= 0, buffer[p] != 0x0A, buffer[p] != 0x0D {
            if buffer[p] & 0xC0 != 0x80 { column += 1 }
            p -= 1
        }
        return column
    }
}
