import DNSimAnalysis
import Foundation

/// `sensitivity.csv`: one row per target × parameter (docs/report-format.md). Under a Sobol
/// design, Saltelli's first-order and Jansen's total indices with bootstrap 95% intervals; under a
/// Latin hypercube, partial rank correlations in `first_order` and the rest empty.
public enum SensitivityCSV {
    public static let header = [
        "arm", "metric", "parameter", "first_order", "first_order_ci_low", "first_order_ci_high",
        "total", "total_ci_low", "total_ci_high",
    ]

    public static func render(_ analysis: UncertaintyAnalysis) -> String {
        var lines = [header.joined(separator: ",")]
        for row in analysis.sensitivity {
            let i = row.index
            let figures = [i.firstOrder, i.firstOrderLow, i.firstOrderHigh, i.total, i.totalLow, i.totalHigh].map(
                format)
            lines.append(
                ([row.target, row.metric, row.parameter].map(SummaryCSV.escape) + figures).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func format(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return String(format: "%.6f", value == 0 ? 0 : value)
    }
}
