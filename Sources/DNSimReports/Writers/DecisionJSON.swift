import DNSimAnalysis
import DNSimCore
import DNSimScenario
import DNSimText
import Foundation

/// `decision.json`: per platform, the recommendation, each arm's P(best), expected utility and
/// regret (with its spread), its utility's mean and quantiles, EVPI, EVPPI per parameter with its
/// standard error, the keys that cannot act on the platform, the flips with their intervals and
/// the arms the study does not assess (docs/report-format.md). Keys in a fixed order,
/// numbers with six decimals, so the file is byte-stable.
public enum DecisionJSON {
    public static func render(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> String {
        let n = { (value: Double) in SensitivityCSV.format(value).isEmpty ? "null" : SensitivityCSV.format(value) }
        let q = JSONQuoting.quoted
        var platforms: [String] = []
        for decision in analysis.decisions {
            let summary = decision.summary
            let arms = zip(decision.arms, summary.arms).enumerated().map { position, pair in
                let (arm, figures) = pair
                let utility = analysis.spreads[arm][0]
                return "        \(q(study.arms[arm].name)): {\"probability_best\": \(n(figures.probabilityBest)), "
                    + "\"expected_utility\": \(n(figures.expectedUtility)), \"expected_regret\": \(n(figures.expectedRegret)), "
                    + "\"regret_sd\": \(n(decision.regretDeviations[position])), \"regret_q95\": \(n(figures.regretQ95)), "
                    + "\"feasible_share\": \(n(figures.feasibleShare)), \"utility\": {\"mean\": \(n(utility.mean)), "
                    + "\"q05\": \(n(utility.q05)), \"q50\": \(n(utility.q50)), \"q95\": \(n(utility.q95))}}"
            }
            let evppi = zip(study.parameters, summary.evppi).map { "\(q($0.key)): \(n($1))" }
            let evppiErrors = study.parameters.indices.map { j in
                "\(q(study.parameters[j].key)): \(n(j < summary.evppiErrors.count ? summary.evppiErrors[j] : 0))"
            }
            let notActing = decision.notActing.map { q(study.parameters[$0].key) }
            let flips = summary.flips.map { flip in
                "{\"parameter\": \(q(study.parameters[flip.parameter].key)), \"at\": \(n(flip.at)), "
                    + "\"lo\": \(n(flip.low)), \"hi\": \(n(flip.high)), "
                    + "\"from\": \(q(study.arms[decision.arms[flip.from]].name)), \"to\": \(q(study.arms[decision.arms[flip.to]].name))}"
            }
            let coverage = decision.coverage.map { entry in
                "{\"arm\": \(q(study.arms[entry.arm].name)), \"keys\": [" + entry.keys.map(q).joined(separator: ", ")
                    + "]}"
            }
            var fields = ["      \"recommended\": \(decision.recommended.map { q(study.arms[$0].name) } ?? "null")"]
            if decision.recommended == nil {
                let reason =
                    "no arm meets the constraints in \(Int((study.objective.feasibleShare * 100).rounded()))% of worlds; "
                    + "least expected regret: \(study.arms[decision.leader].name)"
                fields.append("      \"reason\": \(q(reason))")
            }
            let name = { (position: Int) in q(study.arms[decision.arms[position]].name) }
            let difference =
                summary.difference.map { "{\"mean\": \(n($0.mean)), \"lo\": \(n($0.low)), \"hi\": \(n($0.high))}" }
                ?? "null"
            let breakEven = decision.breakEven.map { entry in
                "{\"what\": \(q(entry.what)), \"value\": \(n(entry.value)), "
                    + "\"low\": \(entry.low.map(n) ?? "null"), \"high\": \(entry.high.map(n) ?? "null")}"
            }
            let boxes = decision.failureBoxes.map { arm, boxes in
                "\(q(study.arms[arm].name)): ["
                    + boxes.map { box in
                        let limits = box.limits.map {
                            "\(q(study.parameters[$0.parameter].key)): [\(n($0.low)), \(n($0.high))]"
                        }
                        return "{\"constraint\": \(q(box.constraint)), \"box\": {" + limits.joined(separator: ", ")
                            + "}, "
                            + "\"coverage\": \(n(box.coverage)), \"density\": \(n(box.density))}"
                    }.joined(separator: ", ") + "]"
            }
            fields += [
                "      \"arms\": {\n" + arms.joined(separator: ",\n") + "\n      }",
                "      \"evpi\": \(n(summary.evpi))",
                "      \"evppi\": {" + evppi.joined(separator: ", ") + "}",
                "      \"evppi_se\": {" + evppiErrors.joined(separator: ", ") + "}",
                "      \"not_acting\": [" + notActing.joined(separator: ", ") + "]",
                "      \"flips\": [" + flips.joined(separator: ", ") + "]",
                "      \"runner_up\": \(summary.runnerUp.map(name) ?? "null")",
                "      \"difference\": \(difference)",
                "      \"knife_edge\": [" + summary.knifeEdge.map(name).joined(separator: ", ") + "]",
                "      \"stability\": \(n(summary.stability))",
                "      \"worlds_needed\": \(summary.worldsNeeded.map(String.init) ?? "null")",
                "      \"coverage\": [" + coverage.joined(separator: ", ") + "]",
                "      \"break_even\": [" + breakEven.joined(separator: ", ") + "]",
                "      \"robust\": \(summary.robust.map(name) ?? "null")",
                "      \"failure_boxes\": {" + boxes.joined(separator: ", ") + "}",
            ]
            if !study.settings.evsiSizes.isEmpty {
                // Only when asked (`uncertainty.evsi`), so a study without it keeps its bytes.
                let byKey = study.parameters.indices.compactMap { j -> String? in
                    let entries = summary.evsi.filter { $0.parameter == j }
                    guard !entries.isEmpty else { return nil }
                    return "\(q(study.parameters[j].key)): ["
                        + entries.map {
                            "{\"devices\": \($0.size), \"value\": \(n($0.value)), \"se\": \(n($0.standardError))}"
                        }
                        .joined(separator: ", ") + "]"
                }
                fields.append("      \"evsi\": {" + byKey.joined(separator: ", ") + "}")
            }
            platforms.append("    \(q(decision.platform.rawValue)): {\n" + fields.joined(separator: ",\n") + "\n    }")
        }
        let objective = study.objective
        let weights = objective.weights.map { "\(q($0.term.name)): \(n($0.weight))" }.joined(separator: ", ")
        let constraints = objective.constraints.map { c in
            "{\"metric\": \(q(c.metric)), \"min\": \(c.min.map(n) ?? "null"), \"max\": \(c.max.map(n) ?? "null")}"
        }.joined(separator: ", ")
        return """
            {
              "scenario": \(q(study.scenario.name)),
              "seed": \(q(String(study.seed))),
              "design": \(q(study.settings.design.rawValue)),
              "samples": \(study.settings.samples),
              "worlds": \(study.designs.count),
              "devices_per_world": \(study.devicesPerWorld),
              "days": \(study.days),
              "objective": {"weights": {\(weights)}, "constraints": [\(constraints)], \
            "tie": \(n(objective.tie)), "feasible_share": \(n(objective.feasibleShare))},
              "platforms": {
            \(platforms.joined(separator: ",\n"))
              },
              "tool_version": \(q(ToolVersion.current))
            }

            """
    }
}
