import DNSimCore
import DNSimScenario
import Foundation

/// `summary.csv`: one row per arm, the header documented in docs/report-format.md.
public enum SummaryCSV {
    /// The catalog columns that came before `ci_method` and `fingerprint`
    /// when those were added; later columns follow them, so no column ever moves.
    static var leadingCount: Int { SummaryColumns.all.firstIndex { $0.name == "lateness_p95_s" } ?? SummaryColumns.all.count }

    public static var header: [String] {
        let names = SummaryColumns.names
        return ["arm", "strategy", "platform"] + names[..<leadingCount] + ["ci_method", "fingerprint"] + names[leadingCount...]
    }

    public static func render(_ context: ReportContext) -> String {
        var lines = [header.joined(separator: ",")]
        for (index, arm) in context.plan.arms.enumerated() {
            let statistics = context.result.arms[index]
            let values = SummaryColumns.all.map { $0.formatted(statistics, days: context.days) }
            var fields = [arm.name, arm.strategy.kind.rawValue, arm.platform.rawValue]
            fields += values[..<leadingCount]
            fields.append(ciMethod(statistics))
            fields.append(statistics.fingerprintHex)
            fields += values[leadingCount...]
            lines.append(fields.map(escape).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func ciMethod(_ statistics: ArmStatistics) -> String {
        statistics.devices > 1 ? "t_across_devices" : "wilson_over_cycles"
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
