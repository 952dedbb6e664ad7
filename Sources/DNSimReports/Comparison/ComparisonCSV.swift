import DNSimAnalysis
import DNSimCore
import Foundation

/// `compare.csv`: one row per arm and rate, for tools. A shared arm's row has both rates and
/// B − A with its 95% interval; an arm in one scenario only has that scenario's rate alone.
/// Rates and differences are fractions with six decimals, as in `summary.csv`.
public enum ComparisonCSV {
    /// The header, also what `--out` recognises as a `compare.csv` it may replace.
    public static let header = "arm,metric,in,a_rate,b_rate,difference,difference_low,difference_high,significant"

    public static func render(_ comparison: ScenarioComparison) -> String {
        var lines = [header]
        func number(_ value: Double) -> String { String(format: "%.6f", value == 0 ? 0 : value) }
        for arm in comparison.arms {
            for difference in arm.differences {
                let interval = difference.interval
                lines.append(
                    [
                        arm.name, difference.metric.name, "both", number(difference.a), number(difference.b),
                        number(interval.estimate), number(interval.low), number(interval.high),
                        difference.significant ? "true" : "false",
                    ].joined(separator: ","))
            }
        }
        for arm in comparison.onlyInA {
            for rate in arm.rates {
                lines.append(
                    [arm.name, rate.metric.name, "a", number(rate.rate), "", "", "", "", ""].joined(separator: ","))
            }
        }
        for arm in comparison.onlyInB {
            for rate in arm.rates {
                lines.append(
                    [arm.name, rate.metric.name, "b", "", number(rate.rate), "", "", "", ""].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
