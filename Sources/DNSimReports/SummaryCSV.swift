import DNSimCore
import DNSimText
import Foundation

/// `summary.csv`: one row per arm, the header documented in docs/report-format.md.
/// It writes a `SummaryTable` and reads one back (a baseline for `check`).
public enum SummaryCSV {
    /// The catalog columns that came before `ci_method` and `fingerprint`
    /// when those were added; later columns follow them, so no column ever moves.
    static var leadingCount: Int { SummaryColumns.all.firstIndex { $0.name == "lateness_p95_s" } ?? SummaryColumns.all.count }

    public static var header: [String] {
        let names = SummaryColumns.names
        return ["arm", "strategy", "platform"] + names[..<leadingCount] + ["ci_method", "fingerprint"] + names[leadingCount...]
    }

    public static func render(_ context: ReportContext) -> String {
        render(context.summary)
    }

    public static func render(_ table: SummaryTable) -> String {
        var lines = [header.joined(separator: ",")]
        for row in table.rows { lines.append(fields(of: row).map(escape).joined(separator: ",")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row's CSV fields, in header order.
    static func fields(of row: SummaryTable.Row) -> [String] {
        [row.arm, row.strategy, row.platform] + row.fields[..<leadingCount] + [row.ciMethod, row.fingerprint]
            + row.fields[leadingCount...]
    }

    /// Why a file is not a summary this version can read.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a `summary.csv`, matching columns by name: a baseline written by
    /// an older version, with fewer columns, still reads (missing ones are absent).
    /// Fields are read as RFC 4180 says (`CSVRecordReader`, spaces kept), so a
    /// quoted field may hold a comma, a quote or a line break, and CRLF files read.
    public static func parse(_ text: String, file: String) throws(ReadError) -> SummaryTable {
        var text = text
        // `withUTF8` rethrows untyped errors, so the problem comes out as a value.
        let read = text.withUTF8 { buffer -> Result<[(line: Int, fields: [String])], ReadError> in
            var reader = CSVRecordReader(buffer, trimsBlanks: false)
            var fields: [CSVRecordReader.Field] = []
            var lines: [(line: Int, fields: [String])] = []
            while true {
                switch reader.next(into: &fields) {
                case .end: return .success(lines)
                case .fields(let line): lines.append((line, fields.map { reader.text($0) }))
                case .problem(let line, let message, _): return .failure(ReadError(description: "\(file):\(line): \(message)"))
                }
            }
        }
        let lines = try read.get()
        guard let header = lines.first?.fields, header.first == "arm", header.contains("platform") else {
            throw ReadError(description: "\(file) is not a dnsim-events summary.csv (its header does not start with 'arm')")
        }
        let position = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func field(_ name: String, _ line: [String]) -> String { position[name].map { $0 < line.count ? line[$0] : "" } ?? "" }
        var rows: [SummaryTable.Row] = []
        for (number, line) in lines.dropFirst() {
            guard line.count == header.count else {
                throw ReadError(description: "\(file):\(number): has \(line.count) fields where the header has \(header.count)")
            }
            rows.append(SummaryTable.Row(arm: line[0], strategy: field("strategy", line), platform: field("platform", line),
                                         ciMethod: field("ci_method", line), fingerprint: field("fingerprint", line),
                                         fields: SummaryColumns.names.map { field($0, line) }))
        }
        return SummaryTable(rows: rows)
    }

    /// A field quoted when it holds a comma, a quote or a line break. Scalars, not
    /// `Character`s: "\r\n" is one `Character`, equal to neither "\r" nor "\n".
    static func escape(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
