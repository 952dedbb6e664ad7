import DNSimAnalysis
import DNSimCore
import DNSimScenario
import DNSimText
import Foundation

/// `summary.json`: the same numbers as `summary.csv` and the paired
/// differences, for tools. Keys come in a fixed order and numbers are
/// formatted exactly as in the CSV, so the file is byte-stable.
public enum SummaryJSON {
    /// `analysis`, when given, is the one summary.md renders too (`ReportWriter` decides it once).
    public static func render(_ context: ReportContext, analysis: ReportAnalysis? = nil) -> String {
        let analysis = analysis ?? ReportAnalysis(context)
        var arms: [String] = []
        for (arm, row) in zip(context.plan.arms, context.summary.rows) {
            var fields = [
                "\"arm\": \(JSONQuoting.quoted(row.arm))", "\"strategy\": \(JSONQuoting.quoted(row.strategy))",
                "\"label\": \(JSONQuoting.quoted(arm.strategy.label))",
                "\"platform\": \(JSONQuoting.quoted(row.platform))",
                "\"fingerprint\": \(JSONQuoting.quoted(row.fingerprint))",
                "\"ci_method\": \(JSONQuoting.quoted(row.ciMethod))",
            ]
            for (name, text) in zip(SummaryColumns.names, row.writtenFields) {
                fields.append("\(JSONQuoting.quoted(name)): \(text.isEmpty ? "null" : text)")
            }
            arms.append("    {" + fields.joined(separator: ", ") + "}")
        }
        // A fleet of more than one segment: each segment's rows, as segments.csv has them.
        var segments: [String] = []
        if context.segments.count > 1 {
            for (segment, cells) in zip(context.segments, context.segmentTable.cells) {
                let rows = cells.map { "      {" + rowFields($0).joined(separator: ", ") + "}" }
                segments.append(
                    "    {\"segment\": \(JSONQuoting.quoted(segment.name)), \"arms\": [\n"
                        + rows.joined(separator: ",\n") + "\n    ]}")
            }
        }
        var pairs: [String] = []
        for pair in context.result.pairs {
            let a = context.plan.arms[pair.minuend], b = context.plan.arms[pair.subtrahend]
            var fields = [
                "\"platform\": \(JSONQuoting.quoted(a.platform.rawValue))",
                "\"minuend\": \(JSONQuoting.quoted(a.name))",
                "\"subtrahend\": \(JSONQuoting.quoted(b.name))",
            ]
            for metric in RateMetric.allCases {
                let interval = pair.interval(metric)
                fields.append(
                    "\(JSONQuoting.quoted(metric.name)): {\"difference\": \(number(interval.estimate)), "
                        + "\"ci_low\": \(number(interval.low)), \"ci_high\": \(number(interval.high)), "
                        + "\"significant\": \(OutcomeTies.clearOfZero(interval)), \"tie\": \(!OutcomeTies.counts(interval))}"
                )
            }
            pairs.append("    {" + fields.joined(separator: ", ") + "}")
        }
        return """
            {
              "scenario": \(JSONQuoting.quoted(context.scenario.name)),
              "seed": \(JSONQuoting.quoted(String(context.plan.seed))),
              "devices": \(context.plan.devices),
              "days": \(context.days),
              "tool_version": \(JSONQuoting.quoted(ToolVersion.current)),
              "arms": [
            \(arms.joined(separator: ",\n"))
              ],
              "paired_differences": [
            \(pairs.joined(separator: ",\n"))
              ],
              "practical_threshold": \(number(OutcomeTies.practicalThreshold)),
              "verdict": [
            \(analysis.verdicts.map { verdictEntry($0, context) }.joined(separator: ",\n"))
              ]\(recommendations(context, analysis.recommendations))\
            \(segments.isEmpty ? "" : ",\n  \"segments\": [\n" + segments.joined(separator: ",\n") + "\n  ]")
            }

            """
    }

    /// `,\n  "recommendation": [...]` when the scenario states an objective, else nothing.
    static func recommendations(_ context: ReportContext, _ all: [ObjectiveRecommendation]) -> String {
        guard !all.isEmpty else { return "" }
        let arms = context.plan.arms
        let entries = all.map { r -> String in
            let name = { (arm: Int?) in arm.map { JSONQuoting.quoted(arms[$0].name) } ?? "null" }
            let verdict: String
            switch r.verdict {
            case .recommend: verdict = "recommend"
            case .noClearWinner: verdict = "no clear winner"
            case .noneFeasible: verdict = "none feasible"
            case .onlyArm: verdict = "only arm"
            }
            let utilities = r.ranking.map {
                "{\"arm\": \(JSONQuoting.quoted(arms[$0.arm].name)), \"utility\": \(number($0.utility)), \"feasible\": \($0.feasible)}"
            }
            var fields = [
                "\"platform\": \(JSONQuoting.quoted(r.platform.rawValue))",
                "\"recommended\": \(r.verdict == .recommend || r.verdict == .onlyArm ? name(r.best) : "null")",
                "\"verdict\": \(JSONQuoting.quoted(verdict))", "\"best\": \(name(r.best))",
                "\"runner_up\": \(name(r.runnerUp))",
            ]
            if let d = r.difference {
                fields.append(
                    "\"difference\": {\"utility\": \(number(d.estimate)), \"ci_low\": \(number(d.low)), \"ci_high\": \(number(d.high))}"
                )
            }
            fields.append("\"arms\": [" + utilities.joined(separator: ", ") + "]")
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return ",\n  \"tie\": \(number(context.scenario.objective?.tie ?? 0)),\n  \"recommendation\": [\n"
            + entries.joined(separator: ",\n") + "\n  ]"
    }

    /// A segment row's fields: the arm's name, fingerprint and interval method, then the columns.
    static func rowFields(_ row: SummaryTable.Row) -> [String] {
        [
            "\"arm\": \(JSONQuoting.quoted(row.arm))", "\"fingerprint\": \(JSONQuoting.quoted(row.fingerprint))",
            "\"ci_method\": \(JSONQuoting.quoted(row.ciMethod))",
        ]
            + zip(SummaryColumns.names, row.writtenFields).map {
                "\(JSONQuoting.quoted($0)): \($1.isEmpty ? "null" : $1)"
            }
    }

    /// A platform's entry: the arms no other beats by a difference that counts, and the verdict's paragraph.
    static func verdictEntry(_ verdict: PlatformVerdict, _ context: ReportContext) -> String {
        let front = verdict.front.map { JSONQuoting.quoted(context.plan.arms[$0].name) }
        return
            "    {\"platform\": \(JSONQuoting.quoted(verdict.platform.rawValue)), \"front\": [\(front.joined(separator: ", "))], "
            + "\"text\": \(JSONQuoting.quoted(VerdictSentence.render(verdict, context)))}"
    }

    /// Six decimals, −0 as 0; not a number or infinite as `null` (JSON has neither).
    static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.6f", value == 0 ? 0 : value) : "null"
    }
}
