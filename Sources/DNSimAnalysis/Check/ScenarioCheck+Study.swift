import DNSimCore
import DNSimScenario
import Foundation

/// What `check` finds in an uncertainty study: the `expect:` entries with `probability`, counted
/// over the worlds, and the study against its baseline's decision.json (`StudyComparison`).
extension ScenarioCheck {
    /// Each `probability` entry on each arm it applies to: the share of worlds whose value of the
    /// column (the arm's statistics in that world) meets the bound, against the share required.
    static func overWorlds(_ scenario: Scenario, _ study: UncertaintyStudy) -> [ExpectationResult] {
        var results: [ExpectationResult] = []
        let cells = study.table.cells
        let worlds = cells.count
        for expectation in scenario.expectations {
            guard let required = expectation.probability else { continue }
            let isUtility = expectation.metric == Expectation.utility
            let column = SummaryColumns.named(expectation.metric)
            guard isUtility || column != nil else { continue }
            let place = "\(scenario.file):\(expectation.mark.line):\(expectation.mark.column)"
            for (arm, descriptor) in study.arms.enumerated() where expectation.applies(to: descriptor.name) {
                let held = cells.indices.filter { index in
                    let value = isUtility ? study.utilities[index][arm] : cells[index][arm].figure(column!.name)
                    guard let value else { return false }
                    return !(expectation.max.map { value > $0 } ?? false)
                        && !(expectation.min.map { value < $0 } ?? false)
                }.count
                let share = Double(held) / Double(max(worlds, 1))
                var result = ExpectationResult(
                    arm: descriptor.name, column: column?.name ?? Expectation.utility,
                    isFraction: column?.unit == "fraction", value: share,
                    min: expectation.min, max: expectation.max, probability: required, worlds: worlds,
                    mark: expectation.mark, problem: nil)
                if share < required {
                    let bound = String(result.bound.dropLast(" in \(Self.share(required)) of worlds".count))
                    result.problem =
                        "\(descriptor.name) \(bound) in \(Self.share(share)) of \(worlds) worlds (\(held)), "
                        + "needs \(Self.share(required)) (\(place))"
                }
                results.append(result)
            }
        }
        return results
    }

    /// Per platform its recommendation, then per arm each study figure.
    var studyCases: [Case] {
        guard let study else { return [] }
        var cases: [Case] = []
        for recommendation in study.recommendations {
            let message =
                "\(recommendation.platform) recommendation changed: the baseline \(study.path) recommends "
                + "\(recommendation.before ?? "no arm"), this run \(recommendation.after ?? "no arm"); regenerate the baseline if this is intended"
            cases.append(
                Case(
                    arm: recommendation.platform, name: "study recommended", figure: "recommended", line: studyLine,
                    failure: recommendation.changed
                        ? Failure(
                            kind: .recommendationChanged, arm: recommendation.platform, figure: "recommended",
                            message: message, line: studyLine, column: 1)
                        : nil))
        }
        for figure in study.figures {
            let message =
                figure.description
                + " over \(study.baselineWorlds) → \(study.worlds) worlds: worse beyond the Monte Carlo "
                + "tolerance of \(study.path); regenerate the baseline if this is intended"
            cases.append(
                Case(
                    arm: figure.arm, name: "study \(figure.name)", figure: figure.name, line: studyLine,
                    failure: figure.regressed
                        ? Failure(
                            kind: .studyMoved, arm: figure.arm, figure: figure.name, message: message, line: studyLine,
                            column: 1)
                        : nil))
        }
        return cases
    }

    /// A share as a percentage, to 0.1 and without a trailing `.0`: `90%`, `83.1%`.
    public static func share(_ value: Double) -> String {
        let text = String(format: "%.1f", value * 100)
        return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + "%"
    }
}
