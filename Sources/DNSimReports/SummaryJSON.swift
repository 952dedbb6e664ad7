import DNSimCore
import DNSimScenario
import Foundation

/// `summary.json`: the same numbers as `summary.csv` and the paired
/// differences, for tools. Keys come in a fixed order and numbers are
/// formatted exactly as in the CSV, so the file is byte-stable.
public enum SummaryJSON {
    public static func render(_ context: ReportContext) -> String {
        var arms: [String] = []
        for (arm, row) in zip(context.plan.arms, context.summary.rows) {
            var fields = ["\"arm\": \(quote(row.arm))", "\"strategy\": \(quote(row.strategy))",
                          "\"label\": \(quote(arm.strategy.label))", "\"platform\": \(quote(row.platform))",
                          "\"fingerprint\": \(quote(row.fingerprint))", "\"ci_method\": \(quote(row.ciMethod))"]
            for (name, text) in zip(SummaryColumns.names, row.fields) {
                fields.append("\(quote(name)): \(text.isEmpty ? "null" : text)")
            }
            arms.append("    {" + fields.joined(separator: ", ") + "}")
        }
        var pairs: [String] = []
        for pair in context.result.pairs {
            let a = context.plan.arms[pair.minuend], b = context.plan.arms[pair.subtrahend]
            var fields = ["\"platform\": \(quote(a.platform.rawValue))", "\"minuend\": \(quote(a.name))", "\"subtrahend\": \(quote(b.name))"]
            for metric in RateMetric.allCases {
                let interval = pair.interval(metric)
                fields.append("\(quote(metric.name)): {\"difference\": \(number(interval.estimate)), \"ci_low\": \(number(interval.low)), \"ci_high\": \(number(interval.high))}")
            }
            pairs.append("    {" + fields.joined(separator: ", ") + "}")
        }
        return """
        {
          "scenario": \(quote(context.scenario.name)),
          "seed": \(quote(String(context.plan.seed))),
          "devices": \(context.plan.devices),
          "days": \(context.days),
          "tool_version": \(quote(ToolVersion.current)),
          "arms": [
        \(arms.joined(separator: ",\n"))
          ],
          "paired_differences": [
        \(pairs.joined(separator: ",\n"))
          ]
        }

        """
    }

    static func number(_ value: Double) -> String { String(format: "%.6f", value == 0 ? 0 : value) }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
