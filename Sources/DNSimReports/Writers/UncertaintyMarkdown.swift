import DNSimAnalysis
import DNSimCore
import DNSimDecision
import DNSimScenario
import Foundation

/// `uncertainty.md`: the recommendation first, in a sentence with its numbers; then the arms over
/// the worlds, P(best) and regret, what the decision depends on, what to measure first, where the
/// decision flips, and the command that reproduces it (docs/report-format.md).
enum UncertaintyMarkdown {
    /// What P(best) and regret mean under constraints (docs/model.md §9), said alike in uncertainty.md and report.html.
    static let regretLegend =
        "P(best): the share of worlds where the arm meets the constraints and has the highest utility of the arms that do "
        + "(of all arms where none does; ties split). Regret in utility per cycle, against the best arm that meets the "
        + "constraints in that world; a negative regret (an arm that fails them there beats them all) is drawn left of zero."

    static func render(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> String {
        let settings = study.settings
        var md = "# \(study.scenario.name): the decision under uncertainty\n\n"
        for decision in analysis.decisions { md += sentence(decision, study) + "\n\n" }
        // Said beside the answer: a recommendation over an unassessed arm is not fair to it.
        for decision in analysis.decisions {
            for entry in decision.coverage { md += "⚠ " + coverageWarning(entry, study) + "\n\n" }
        }
        md += "Utility per cycle = \(study.objective.formula)"
        md +=
            study.objective.constraints.isEmpty
            ? ""
            : "; constraints, per world: \(study.objective.constraints.map { "`\($0.text)`" }.joined(separator: ", "))"
        md +=
            ". An arm is recommended only if it meets them in at least \(percent(study.objective.feasibleShare, digits: 0)) of worlds; "
        md +=
            "among those, the one of least expected regret. Regret is a world's best feasible utility minus the arm's "
        md += "(negative where an arm that fails the constraints there beats every arm that meets them). "
        md +=
            "The same rule decides with information: knowing a condition, an arm is eligible where it meets the constraints in "
            + "\(percent(study.objective.feasibleShare, digits: 0)) of the worlds with that condition.\n\n"
        let designText =
            settings.design == .sobol
            ? "Saltelli's scheme on a Sobol sequence, N = \(settings.samples), N·(k+2)"
            : "a Latin hypercube of N = \(settings.samples)"
        md += "**\(study.designs.count) worlds** (\(designText)), "
        md +=
            "each \(study.devicesPerWorld) devices × \(study.days) days, every arm on the same devices and random world (common random numbers). "
        md += "Each world's figures are in `uncertainty.csv`; everything below is computed from it.\n\n"
        if let growth = study.growth { md += grown(growth) }
        var parameters = TextTable(header: ["uncertain condition", "distribution"])
        for parameter in study.parameters { parameters.rows.append(["`\(parameter.key)`", describe(parameter)]) }
        md += parameters.markdown() + "\n"

        md += "## The arms over the worlds\n\nMean, and in brackets the 5%, 50% and 95% quantiles over the worlds.\n\n"
        md += armsTable(study, analysis).markdown() + "\n"

        md += "## Probability of being best, and regret\n\n"
        md += regretLegend + "\n\n"
        md += regretTable(study, analysis).markdown() + "\n![Regret over the worlds](regret.svg)\n\n"

        md += "## What the decision depends on\n\n![sensitivity](sensitivity.svg)\n\n"
        md +=
            settings.design == .sobol
            ? "Sobol indices of the deciding difference (the leader's utility minus the runner-up's, per world; without an eligible runner-up, "
                + "the other arm of highest expected utility): first order is the share of its variance a parameter explains alone, "
                + "total includes its interactions. Saltelli et al. (2010) first-order and Jansen (1999) total estimators, "
                + "95% bootstrap intervals over samples. `sensitivity.csv` has every arm, rate and parameter.\n\n"
            : "Partial rank correlations (Marino et al. 2008) of the deciding difference (the leader's utility minus the runner-up's; "
                + "without an eligible runner-up, the other arm of highest expected utility) with each parameter. "
                + "`sensitivity.csv` has every arm, rate and parameter.\n\n"
        for decision in analysis.decisions {
            let rows = analysis.decidingRows(decision, study)
            guard let contrast = decision.contrast, !rows.isEmpty else { continue }
            let note =
                decision.runnerUp == contrast
                ? ""
                : " (no other arm is eligible; `\(study.arms[contrast].name)` has the next highest expected utility)"
            md +=
                "**\(decision.platform.rawValue)**, `\(study.arms[decision.leader].name)` − `\(study.arms[contrast].name)`\(note):\n\n"
            var sensitivity = TextTable(
                header: settings.design == .sobol
                    ? ["parameter", "first order", "total"]
                    : ["parameter", "partial rank correlation"],
                rightAligned: settings.design == .sobol ? [1, 2] : [1])
            for row in rows {
                let i = row.index
                sensitivity.rows.append(
                    ["`\(row.parameter)`", interval(i.firstOrder, i.firstOrderLow, i.firstOrderHigh)]
                        + (settings.design == .sobol ? [interval(i.total, i.totalLow, i.totalHigh)] : []))
            }
            md += sensitivity.markdown() + "\n"
        }

        md += "## What to measure first\n\n![What to measure first](evppi.svg)\n\n"
        md +=
            "The expected value of perfect information (EVPI) is the utility per cycle a team would gain "
            + "by learning every uncertain condition before choosing; "
        md +=
            "EVPPI, by learning one, choosing by the same eligibility rule. "
            + "EVPPI is the nonparametric regression estimator of Strong, Oakley & Brennan (2014): "
        md +=
            "each arm's utility difference and feasibility regressed on the parameter "
            + "by a running-line smoother (span by generalised cross-validation); "
        md +=
            "the fitted maxima keep a little of the smoother's noise, so a parameter that does not matter can show a small positive value. "
        md +=
            "Beside each figure, its standard error: the bootstrap over the worlds (whole Sobol samples, "
            + "\(DecisionInput.reportResamples) resamples; Efron & Tibshirani 1993); an estimate below two standard errors "
            + "is not distinguishable from 0 and is not ranked. A key of one platform's block cannot act on the other platform's arms: "
            + "it is listed once and its EVPPI there is exactly 0.\n\n"
        for decision in analysis.decisions {
            md += measureFirst(decision, study) + "\n\n"
            md += valueOfInformationTable(decision, study).markdown() + "\n"
            md += "(EVPI \(number(decision.summary.evpi)).)" + notActing(decision, study) + "\n\n"
        }

        if !settings.evsiSizes.isEmpty { md += sampleInformation(study, analysis) }
        md += "## Where the decision flips\n\n"
        md +=
            "For each parameter, the eligible arm best on average given its value (the same running-line fits); a flip is where that arm changes, "
        md +=
            "when the worlds past the change say so clearly (the new arm's mean lead there at least the tie threshold and z standard errors, "
        md +=
            "z Bonferroni-corrected over the changes tried) or the arm clearly stops meeting the constraints in enough of them "
            + "(an exact binomial test at the same level). "
        md +=
            "The fits reach the ends of each range. A flip is kept only where the two arms' utility difference is nonzero at 95% "
            + "on both sides of it (between it and its neighbours; or an arm clearly fails the rule there and clearly more often than across "
            + "the flip, by Fisher's exact test), and a flip and a flip back "
            + "closer than 3% of the range (on the log scale for a log-uniform parameter) are noise. Each flip's 95% interval is the "
            + "2.5% and 97.5% quantiles of its location over 200 bootstrap resamples of the worlds between its neighbours "
            + "(Efron & Tibshirani 1993), widened to the sampled values either side of it.\n\n"
        let flips = flipLines(study, analysis)
        md += flips.map { "- \($0)\n" }.joined()
        md +=
            !flips.isEmpty
            ? "\n![Where the decision flips](flips.svg)\n\n"
            : "No parameter flips the decision within its range.\n\n"
        md += robustness(study, analysis)
        md += "## Reproduce\n\n```\n\(study.reproduceCommand)\n```\n"
        return md
    }

    /// Each arm's utility and rates over the worlds: mean, and the 5%, 50% and 95% quantiles.
    static func armsTable(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> TextTable {
        var arms = TextTable(
            header: ["arm", "utility"] + UncertaintyAnalysis.rates.map(\.name),
            rightAligned: Set(1...(1 + UncertaintyAnalysis.rates.count)))
        for (index, arm) in study.arms.enumerated() {
            let spreads = analysis.spreads[index]
            arms.rows.append([arm.name, utility(spreads[0])] + spreads.dropFirst().map(rate))
        }
        return arms
    }

    /// Per platform and arm: P(best), expected utility and regret, and the share of worlds where it is
    /// feasible; ✓ the recommended.
    static func regretTable(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> TextTable {
        var table = TextTable(
            header: ["platform", "arm", "P(best)", "expected utility", "expected regret", "regret 95%", "feasible in"],
            rightAligned: [2, 3, 4, 5, 6])
        for decision in analysis.decisions {
            for (arm, figures) in zip(decision.arms, decision.summary.arms) {
                let mark = decision.recommended == arm ? " ✓" : ""
                let eligible =
                    figures.feasibleShare >= study.objective.feasibleShare - 1e-9 || decision.recommended == nil
                table.rows.append([
                    decision.platform.rawValue, study.arms[arm].name + mark,
                    percent(figures.probabilityBest, digits: 1),
                    number(figures.expectedUtility), number(figures.expectedRegret), number(figures.regretQ95),
                    percent(figures.feasibleShare, digits: 1) + (eligible ? "" : " (not eligible)"),
                ])
            }
        }
        return table
    }

    /// The parameters that can act on a platform's decision by EVPPI, largest first (the others
    /// are listed once, `notActing`).
    static func valueOfInformationOrder(
        _ decision: UncertaintyAnalysis.PlatformDecision,
        _ study: UncertaintyStudy
    ) -> [Int] {
        let summary = decision.summary
        return study.parameters.indices.filter { !decision.notActing.contains($0) }
            .sorted { (summary.evppi[$0], -$0) > (summary.evppi[$1], -$1) }
    }

    /// What a platform's team should measure first, in one sentence: the parameter of largest EVPPI
    /// distinguishable from 0, if learning one pays.
    static func measureFirst(_ decision: UncertaintyAnalysis.PlatformDecision, _ study: UncertaintyStudy) -> String {
        let summary = decision.summary
        let ranked = valueOfInformationOrder(decision, study).filter { summary.isDistinguishable($0) }
        if let top = ranked.first, summary.evpi > 0 {
            return "**\(decision.platform.rawValue): measure `\(study.parameters[top].key)` first**: "
                + "knowing it would gain \(number(summary.evppi[top])) ± \(number(evppiError(summary, top))) utility per cycle "
                + "of the \(number(summary.evpi)) that knowing everything would "
                + "(\(percent(summary.evppi[top] / summary.evpi, digits: 0)))."
        } else if summary.evpi > 0 {
            return "**\(decision.platform.rawValue)**: knowing every condition would gain \(number(summary.evpi)) "
                + "utility per cycle, but no single condition alone is distinguishable from 0 in these worlds; "
                + "only knowing them together would change the choice, or more worlds would tell."
        }
        return "**\(decision.platform.rawValue)**: EVPI is \(number(summary.evpi)) utility per cycle: "
            + "learning the conditions would not change the choice in these worlds; "
            + "no telemetry is worth collecting for it."
    }

    static func evppiError(_ summary: DecisionSummary, _ j: Int) -> Double {
        j < summary.evppiErrors.count ? summary.evppiErrors[j] : 0
    }

    /// A platform's EVPPI per parameter that can act, largest first, with its standard error and its
    /// share of EVPI, or "not distinguishable from 0" below two standard errors.
    static func valueOfInformationTable(
        _ decision: UncertaintyAnalysis.PlatformDecision,
        _ study: UncertaintyStudy
    ) -> TextTable {
        let summary = decision.summary
        var voi = TextTable(header: ["parameter", "EVPPI ± standard error", "share of EVPI"], rightAligned: [1, 2])
        for index in valueOfInformationOrder(decision, study) {
            voi.rows.append([
                "`\(study.parameters[index].key)`",
                "\(number(summary.evppi[index])) ± \(number(evppiError(summary, index)))",
                !summary.isDistinguishable(index)
                    ? "not distinguishable from 0"
                    : summary.evpi > 0 ? percent(summary.evppi[index] / summary.evpi, digits: 0) : "–",
            ])
        }
        return voi
    }

    /// The keys that cannot act on a platform, listed once; empty when every key can.
    static func notActing(_ decision: UncertaintyAnalysis.PlatformDecision, _ study: UncertaintyStudy) -> String {
        guard !decision.notActing.isEmpty else { return "" }
        return " Does not act on \(decision.platform.rawValue): "
            + decision.notActing.map { "`\(study.parameters[$0].key)`" }.joined(separator: ", ") + " (EVPPI exactly 0)."
    }

    /// Every flip of every platform's decision, one line each: where, with its 95% interval, and
    /// from which arm to which.
    static func flipLines(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> [String] {
        analysis.decisions.flatMap { decision in
            decision.summary.flips.map { flip in
                let parameter = study.parameters[flip.parameter]
                let (from, to) = (study.arms[decision.arms[flip.from]].name, study.arms[decision.arms[flip.to]].name)
                return "\(decision.platform.rawValue): at `\(parameter.key)` ≈ \(parameter.approximate(flip.at)) "
                    + "[95%: \(parameter.approximate(flip.low)) to \(parameter.approximate(flip.high))], "
                    + "from `\(from)` (below) to `\(to)` (above)."
            }
        }
    }

    /// How `--until-stable` grew the study and why it stopped.
    static func grown(_ growth: StudyGrowth) -> String {
        let last = growth.steps.last ?? (growth.initialWorlds, 1)
        var md =
            "**Grown until stable** (`--until-stable`): from N = \(growth.initialSamples) (\(growth.initialWorlds) worlds), "
            + "doubling the samples while some platform's recommendation was kept in under 95% of bootstrap resamples of the worlds "
            + "(a Sobol design grows by its prefix, so every earlier world is the same world with the same figures). Stability, "
            + "the lowest over the platforms: "
        md +=
            growth.steps.map { "\(String(format: "%.3f", $0.stability)) at \($0.worlds) worlds" }.joined(
                separator: ", ") + ". "
        switch growth.stop {
        case .stable:
            md += "It took \(last.worlds) worlds; stopped because every platform's stability reached 0.95.\n\n"
        case .cap:
            md +=
                "Stopped at \(last.worlds) worlds, below 0.95: doubling again would pass the cap of \(growth.maxWorlds) worlds "
                + "(`--max-worlds`); `worlds_needed` estimates how many would reach it.\n\n"
        }
        return md
    }

    /// `## What a telemetry sample is worth`: per platform, each fitted parameter's EVSI at each size.
    static func sampleInformation(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> String {
        var md = "## What a telemetry sample is worth\n\n"
        md +=
            "EVSI is the utility per cycle a team would gain by collecting a new telemetry sample of n before choosing "
            + "(n in the units the fit counted: rows of a BG-launch log or of fetch attempts, devices of an app-open log, messages of a "
            + "push export), choosing by the same eligibility rule. "
        md +=
            "It is the regression estimator of Strong, Oakley, Brennan & Breeze (2015): each arm's utility difference and "
            + "feasibility regressed on the estimate such a sample would give in each world (the world's value plus a sampling error "
            + "of τ/√n, τ² = n₀·SE² from the fit's sample n₀ and the distribution's spread, on its scale: the log for a lognormal). "
        md += "A sample tells less than the value itself, so EVSI ≤ EVPPI, and it tends to EVPPI as n grows.\n\n"
        for decision in analysis.decisions {
            let summary = decision.summary
            var table = TextTable(
                header: ["parameter", "fitted from", "new sample", "EVSI ± standard error", "of its EVPPI"],
                rightAligned: [1, 2, 3, 4])
            for entry in summary.evsi {
                let parameter = study.parameters[entry.parameter]
                let evppi = summary.evppi[entry.parameter]
                table.rows.append([
                    "`\(parameter.key)`", parameter.sample.map(String.init) ?? "–", String(entry.size),
                    "\(number(entry.value)) ± \(number(entry.standardError))",
                    !entry.isDistinguishable
                        ? "not distinguishable from 0"
                        : evppi > 0 ? percent(entry.value / evppi, digits: 0) : "–",
                ])
            }
            md += "**\(decision.platform.rawValue)**:\n\n" + table.markdown() + "\n"
        }
        return md
    }

    /// The recommendation in one sentence with its numbers, then how sure it is.
    /// `code` marks an arm's name and `strong` a headline: backticks and bold here, nothing on the terminal.
    static func sentence(
        _ decision: UncertaintyAnalysis.PlatformDecision, _ study: UncertaintyStudy,
        code: (String) -> String = { "`\($0)`" }, strong: (String) -> String = { "**\($0)**" }
    ) -> String {
        let summary = decision.summary
        let leader = decision.arms.firstIndex(of: decision.leader)!
        let figures = summary.arms[leader]
        func name(_ arm: Int) -> String { code(study.arms[arm].name) }
        let numbers =
            "best in \(percent(figures.probabilityBest, digits: 0)) of worlds, expected regret \(number(figures.expectedRegret)) "
            + "utility per cycle (95% of worlds below \(number(figures.regretQ95))), "
            + "meets the constraints in \(percent(figures.feasibleShare, digits: 0))"
        var text: String
        if decision.recommended == nil {
            text =
                strong(
                    "\(decision.platform.rawValue): no arm meets the constraints in \(percent(study.objective.feasibleShare, digits: 0)) "
                        + "of worlds.") + " The least regret is \(name(decision.leader))'s: \(numbers)."
        } else {
            text = strong("\(decision.platform.rawValue): ship \(name(decision.leader))") + ": \(numbers)."
            if let runnerUp = decision.runnerUp, let difference = summary.difference {
                let gap =
                    "\(number(difference.mean)) utility per cycle [95%: \(number(difference.low)), \(number(difference.high))]"
                text +=
                    difference.mean < study.objective.tie
                    ? " \(name(runnerUp)) is as good within the tie threshold: the difference is \(gap)."
                    : " It beats the runner-up, \(name(runnerUp)), by \(gap)."
            } else {
                let others = decision.arms.indices.filter { decision.arms[$0] != decision.leader }
                if !others.isEmpty {
                    let shares = others.enumerated().map { index, position in
                        "\(name(decision.arms[position])) \(index == 0 ? "meets the constraints in " : "in ")"
                            + "\(percent(summary.arms[position].feasibleShare, digits: 0))"
                            + (index == 0 ? " of worlds" : "")
                    }
                    text += " No other arm is eligible: " + shares.joined(separator: ", ") + "."
                }
            }
        }
        text += ruledOut(decision, study)
        let stability = percent(summary.stability, digits: 0)
        if decision.recommended == nil {
            text += " \(stability) of bootstrap resamples of the worlds agree that none is eligible."
            if let needed = summary.worldsNeeded {
                text += " About \(grouped(needed)) worlds would reach 95% (this study has \(study.designs.count))."
            }
        } else {
            text += " \(stability) of bootstrap resamples of the worlds keep this recommendation"
            text +=
                summary.worldsNeeded.map {
                    "; about \(grouped($0)) worlds would reach 95% (this study has \(study.designs.count))."
                } ?? "."
        }
        for position in summary.knifeEdge {
            let share = summary.arms[position].feasibleShare
            let error = 2 * summary.feasibleShareErrors[position]
            text +=
                "\n\n⚠ " + strong("Knife edge")
                + ": \(name(decision.arms[position])) meets the constraints in \(percent(share, digits: 1)) of worlds, "
                + "within two Monte Carlo standard errors (±\(String(format: "%.1f", error * 100)) points) of the "
                + "\(percent(study.objective.feasibleShare, digits: 0)) the rule asks: "
                + "these worlds do not settle whether it is eligible; more worlds would."
        }
        return text
    }

    /// When the arm with the best utility in most worlds is not eligible: which constraint rules it
    /// out, and in what share of worlds (docs/model.md §9); empty otherwise.
    static func ruledOut(_ decision: UncertaintyAnalysis.PlatformDecision, _ study: UncertaintyStudy) -> String {
        let summary = decision.summary
        guard
            let top = summary.arms.indices.max(by: {
                (summary.arms[$0].bestUtilityShare, -$0) < (summary.arms[$1].bestUtilityShare, -$1)
            })
        else { return "" }
        let figures = summary.arms[top]
        let arm = decision.arms[top]
        guard arm != decision.leader, figures.bestUtilityShare > 0,
            figures.feasibleShare < study.objective.feasibleShare - 1e-9
        else { return "" }
        let cells = study.table.cells
        let failing = study.objective.constraints.compactMap { constraint -> String? in
            let fails = cells.filter { !constraint.holds($0[arm]) }.count
            guard fails > 0 else { return nil }
            return
                "`\(constraint.text)` in \(percent(Double(fails) / Double(max(cells.count, 1)), digits: 0)) of worlds"
        }
        return
            " `\(study.arms[arm].name)` has the best utility in \(percent(figures.bestUtilityShare, digits: 0)) of worlds but is "
            + "ruled out: it fails " + failing.joined(separator: " and ") + " (it must meet the constraints in "
            + "\(percent(study.objective.feasibleShare, digits: 0)) of worlds); P(best) counts only worlds where an arm meets them."
    }

    /// The robust arm, the weights' and bounds' break-even values, and where each arm fails.
    static func robustness(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> String {
        var md = "## Beyond expected regret\n\n"
        md += "The robust arm has the best mean utility over its worst 5% of worlds (among the eligible arms). "
        md +=
            "Break-even: each weight and constraint bound moved alone (weights within ±10× their magnitude, bounds over the metric's range); "
        md += "the recommendation holds between the two values, \"–\" where it holds to the end of the search.\n\n"
        for decision in analysis.decisions {
            let robust = decision.summary.robust.map { "`\(study.arms[decision.arms[$0]].name)`" } ?? "none"
            md += "**\(decision.platform.rawValue)**: robust arm \(robust).\n\n"
            var table = TextTable(
                header: ["weight or bound", "value", "holds from", "holds to"], rightAligned: [1, 2, 3])
            for entry in decision.breakEven {
                table.rows.append([
                    "`\(entry.what)`", Self.general(entry.value),
                    entry.low.map(Self.general) ?? "–", entry.high.map(Self.general) ?? "–",
                ])
            }
            if !table.rows.isEmpty { md += table.markdown() + "\n" }
            for (arm, boxes) in decision.failureBoxes {
                for box in boxes {
                    let limits = box.limits.map { limit -> String in
                        let parameter = study.parameters[limit.parameter]
                        return
                            "`\(parameter.key)` \(parameter.approximate(limit.low)) to \(parameter.approximate(limit.high))"
                    }
                    let place = limits.isEmpty ? "throughout the ranges" : "when " + limits.joined(separator: " and ")
                    md +=
                        "- `\(study.arms[arm].name)` fails `\(box.constraint)` \(place) (the box holds \(percent(box.coverage, digits: 0)) "
                        + "of its failing worlds; \(percent(box.density, digits: 0)) of the worlds in it fail).\n"
                }
            }
            if !decision.failureBoxes.isEmpty { md += "\n" }
        }
        if analysis.decisions.contains(where: { !$0.failureBoxes.isEmpty }) {
            md +=
                "Where an arm fails a constraint: PRIM (Friedman & Fisher 1999) over the uncertain conditions, "
                + "the last box on the peeling trajectory that still holds half the failing worlds.\n\n"
        }
        return md
    }

    /// 12,345.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(character)
        }
        return result
    }

    /// Four significant digits, with a true minus sign.
    static func general(_ value: Double) -> String {
        String(format: "%.4g", value == 0 ? 0 : value).replacingOccurrences(of: "-", with: "−")
    }

    /// Why an arm's risk is not assessed, and the keys that would assess it.
    static func coverageWarning(_ entry: ArmCoverage, _ study: UncertaintyStudy) -> String {
        entry.warning(study, code: { "`\($0)`" }, strong: { "**\($0)**" })
    }

    static func describe(_ parameter: UncertainParameter) -> String {
        let w = { (value: Double) in parameter.written(value) }
        switch parameter.distribution {
        case .uniform(let low, let high): return "uniform \(w(low)) to \(w(high))"
        case .logUniform(let low, let high): return "log-uniform \(w(low)) to \(w(high))"
        case .triangular(let low, let mode, let high): return "triangular \(w(low)), mode \(w(mode)), \(w(high))"
        case .normal(let mean, let sd, let low, let high):
            return "normal, mean \(w(mean)), sd \(w(sd)), within \(w(low)) to \(w(high))"
        case .lognormal(let median, let sigma, let low, let high):
            return
                "lognormal, median \(w(median)), sigma \(String(format: "%g", sigma)), within \(w(low)) to \(w(high))"
        case .choice(let weights):
            let total = weights.reduce(0, +)
            return "choice of "
                + weights.indices.map { "\(parameter.label(Double($0))) (\(percent(weights[$0] / total, digits: 0)))" }
                .joined(separator: ", ")
        }
    }

    static func number(_ value: Double) -> String {
        String(format: "%.4f", value == 0 ? 0 : value).replacingOccurrences(of: "-", with: "−")
    }
    static func percent(_ value: Double, digits: Int) -> String { String(format: "%.\(digits)f%%", value * 100) }
    static func utility(_ s: UncertaintyAnalysis.Spread) -> String {
        "\(number(s.mean)) [\(number(s.q05)), \(number(s.q50)), \(number(s.q95))]"
    }
    static func rate(_ s: UncertaintyAnalysis.Spread) -> String {
        String(format: "%.1f%% [%.1f, %.1f, %.1f]", s.mean * 100, s.q05 * 100, s.q50 * 100, s.q95 * 100)
    }
    static func interval(_ value: Double?, _ low: Double?, _ high: Double?) -> String {
        guard let value else { return "–" }
        guard let low, let high else { return String(format: "%.3f", value) }
        return String(format: "%.3f [%.3f, %.3f]", value, low, high)
    }
}
