import DNSimAnalysis
import DNSimCore
import DNSimScenario
import DNSimText
import Foundation

/// `compare --format json`: the comparison for tools, with the same figures as `compare.csv`
/// (fractions, six decimals) and the set-up, definitions and notes of `compare.md`.
public enum ComparisonJSON {
    public static func render(_ comparison: ScenarioComparison) -> String {
        func number(_ value: Double) -> String { SummaryJSON.number(value) }
        func side(_ side: ScenarioComparison.Side) -> String {
            "{\"file\": \(JSONQuoting.quoted(side.file)), \"scenario\": \(JSONQuoting.quoted(side.name))}"
        }
        let arms = comparison.arms.map { arm in
            "{\"arm\": \(JSONQuoting.quoted(arm.name)), \"metrics\": "
                + list(
                    arm.differences.map { difference in
                        "{\"metric\": \(JSONQuoting.quoted(difference.metric.name)), \"a\": \(number(difference.a)), \"b\": \(number(difference.b)), "
                            + "\"difference\": \(number(difference.interval.estimate)), \"low\": \(number(difference.interval.low)), "
                            + "\"high\": \(number(difference.interval.high)), \"significant\": \(difference.significant)}"
                    }, indent: 6) + "}"
        }
        func unmatched(_ arms: [ScenarioComparison.UnmatchedArm]) -> String {
            list(
                arms.map { arm in
                    "{\"arm\": \(JSONQuoting.quoted(arm.name)), \"rates\": {"
                        + arm.rates.map { "\(JSONQuoting.quoted($0.metric.name)): \(number($0.rate))" }.joined(
                            separator: ", ") + "}}"
                }, indent: 2)
        }
        let definitions =
            "{"
            + MetricDefinitions.keys.map { "\(JSONQuoting.quoted($0 + "_ms")): \(comparison.definitions[$0])" }
            .joined(separator: ", ") + ", \"b_defaults_ms\": {"
            + comparison.adopted.map { "\(JSONQuoting.quoted($0.key)): \($0.own)" }
            .joined(separator: ", ") + "}}"
        let fields = [
            "\"a\": " + side(comparison.a),
            "\"b\": " + side(comparison.b),
            "\"seed\": \(JSONQuoting.quoted(String(comparison.seed)))",
            "\"devices\": \(comparison.devices)",
            "\"days\": \(comparison.days)",
            "\"definitions\": " + definitions,
            "\"arms\": " + list(arms, indent: 2),
            "\"only_in_a\": " + unmatched(comparison.onlyInA),
            "\"only_in_b\": " + unmatched(comparison.onlyInB),
            "\"notes\": " + list(comparison.notes.map(JSONQuoting.quoted), indent: 2),
            "\"reproduce\": " + JSONQuoting.quoted(comparison.reproduceCommand),
        ]
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    static func list(_ items: [String], indent: Int) -> String { CheckOutput.list(items, indent: indent) }
}
