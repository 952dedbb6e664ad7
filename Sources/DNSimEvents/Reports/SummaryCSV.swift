import Foundation

/// `summary.csv`: one row per arm, the header documented in docs/report-format.md.
public enum SummaryCSV {
    public static var header: [String] { ["arm", "strategy", "platform"] + SummaryColumns.names + ["ci_method", "fingerprint"] }

    public static func render(_ context: ReportContext) -> String {
        var lines = [header.joined(separator: ",")]
        for (index, arm) in context.plan.arms.enumerated() {
            let statistics = context.result.arms[index]
            var fields = [arm.name, arm.strategy.kind.rawValue, arm.platform.rawValue]
            fields += SummaryColumns.all.map { $0.formatted(statistics, days: context.days) }
            fields.append(statistics.devices > 1 ? "t_across_devices" : "wilson_over_cycles")
            fields.append(statistics.fingerprintHex)
            lines.append(fields.map(escape).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
