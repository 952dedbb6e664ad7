import DNSimCore
import DNSimText

/// Reads a `summary.csv` back into a `SummaryTable` (a baseline for `check`); `SummaryCSV` writes one.
public enum SummaryCSVReader {
    /// Why a file is not a summary this version can read: the whole message,
    /// `file:line[:col]: error: …` where a position exists.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a `summary.csv`, matching columns by name: a baseline written by
    /// an older version, with fewer columns, still reads (missing ones are absent).
    /// Fields are read as RFC 4180 says (`CSVRecordReader`, spaces kept), so a
    /// quoted field may hold a comma, a quote or a line break, and CRLF files read.
    /// A figure that is not a number, and a file with no rows (truncated), are
    /// errors: a baseline that reads as empty would let `check` pass anything.
    public static func read(_ text: String, file: String) throws(ReadError) -> SummaryTable {
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
                    } else if let bad = texts.indices.first(where: { $0 < header.count && figures.contains(header[$0]) && !isFigure(texts[$0]) }) {
                        let column = column(of: fields[bad], in: buffer)
                        return .failure(ReadError(description: "\(file):\(line):\(column): error: \(header[bad]) is '\(texts[bad])', not a number"))
                    }
                    lines.append((line, texts))
                case .problem(let line, let message, _): return .failure(ReadError(description: "\(file):\(line): error: \(message)"))
                }
            }
        }
        let lines = try read.get()
        guard let first = lines.first, first.fields.first == "arm", first.fields.contains("platform") else {
            throw ReadError(description: "error: \(file) is not a dnsim-events summary.csv (its header does not start with 'arm')")
        }
        let header = first.fields
        guard lines.count > 1 else {
            throw ReadError(description: "\(file):\(first.line): error: the header is followed by no rows (one per arm): "
                            + "the file is truncated or damaged; regenerate it")
        }
        let position = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func field(_ name: String, _ line: [String]) -> String { position[name].map { $0 < line.count ? line[$0] : "" } ?? "" }
        var rows: [SummaryTable.Row] = []
        for (number, line) in lines.dropFirst() {
            guard line.count == header.count else {
                throw ReadError(description: "\(file):\(number): error: has \(line.count) fields where the header has \(header.count)")
            }
            rows.append(SummaryTable.Row(arm: line[0], strategy: field("strategy", line), platform: field("platform", line),
                                         ciMethod: field("ci_method", line), fingerprint: field("fingerprint", line),
                                         values: SummaryColumns.names.map { Double(field($0, line)) }))
        }
        return SummaryTable(rows: rows)
    }

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
