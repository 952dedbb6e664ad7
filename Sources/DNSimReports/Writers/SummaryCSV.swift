import DNSimAnalysis
import DNSimCore
import DNSimText
import Foundation

/// `summary.csv`: one row per arm, the header documented in docs/report-format.md.
/// `SummaryCSVReader` reads one back (a baseline for `check`).
public enum SummaryCSV {
    /// The catalog columns that came before `ci_method` and `fingerprint`
    /// when those were added; later columns follow them, so no column ever moves.
    static var leadingCount: Int {
        SummaryColumns.all.firstIndex { $0.name == "lateness_p95_s" } ?? SummaryColumns.all.count
    }

    /// The header of a report without `metrics.maxContentAge`.
    public static var header: [String] { header(withinAge: false) }

    /// The header, with `within_age`'s columns last when the scenario sets `metrics.maxContentAge`.
    public static func header(withinAge: Bool) -> [String] {
        let names = SummaryColumns.names.prefix(SummaryColumns.writtenCount(measuresWithinAge: withinAge))
        return ["arm", "strategy", "platform"] + names[..<leadingCount] + ["ci_method", "fingerprint"]
            + names[leadingCount...]
    }

    public static func render(_ context: ReportContext) -> String {
        render(context.summary)
    }

    public static func render(_ table: SummaryTable) -> String {
        var lines = [header(withinAge: table.measuresWithinAge).joined(separator: ",")]
        for row in table.rows { lines.append(fields(of: row).map(escape).joined(separator: ",")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row's CSV fields, in header order.
    static func fields(of row: SummaryTable.Row) -> [String] {
        let fields = row.writtenFields
        return [row.arm, row.strategy, row.platform] + fields[..<leadingCount] + [row.ciMethod, row.fingerprint]
            + fields[leadingCount...]
    }

    /// A field quoted when it holds a comma, a quote or a line break. Scalars, not
    /// `Character`s: "\r\n" is one `Character`, equal to neither "\r" nor "\n".
    static func escape(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
