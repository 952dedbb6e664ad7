import DNSimAnalysis
import DNSimCore

/// A platform's verdict (`PlatformVerdict`) in words: the paragraph summary.md gives under
/// `## Verdict` and summary.json gives as its `text`, so the two cannot differ.
public enum VerdictSentence {
    public static func render(_ verdict: PlatformVerdict, _ context: ReportContext) -> String {
        let name = verdict.platform == .ios ? "iOS" : "Android"
        let lead = verdict.lead
        func label(_ i: Int) -> String { context.plan.arms[i].strategy.label }
        func rate(_ i: Int, _ metric: RateMetric) -> Double { context.result.arms[i].rate(metric) }
        func percent(_ value: Double) -> String { SummaryMarkdown.percent(value) }
        func summary(_ i: Int) -> String {
            "\(percent(rate(i, .fresh))) fresh, \(percent(rate(i, .stale))) stale, \(percent(rate(i, .fallback))) fallback, "
                + "\(percent(rate(i, .missed))) missed, \(percent(rate(i, .late))) late"
        }
        var text: String
        switch verdict.standing {
        case .onlyArm:
            text = "**\(name): \(label(lead))**: \(summary(lead))."
        case .leadDominates:
            text =
                "**\(name): \(label(lead))** is at least as good as every other strategy "
                + "on fresh, stale, fallback, missed and late: \(summary(lead))."
        case .frontTied:
            let others = verdict.choices[0].arms.dropFirst().map(label)
            let tied =
                others.count == 1 ? others[0] : others.dropLast().joined(separator: ", ") + " and \(others.last!)"
            text =
                "**\(name): \(label(lead))** ties with \(tied) "
                + "on fresh, stale, fallback, missed and late (no difference is significant and at least "
                + "\(String(format: "%.1f", OutcomeTies.practicalThreshold * 100)) pp); none beats them: \(summary(lead))."
        case .tradeOff:
            let trades = verdict.choices.map { choice -> String in
                let i = choice.arms[0]
                let names = choice.arms.map(label)
                let who =
                    names.count == 1
                    ? names[0]
                    : names.dropLast().joined(separator: ", ") + " and \(names.last!) "
                        + (context.scenario.isLifecycleActive ? "(tied on the outcome rates)" : "(tied)")
                let verb = names.count == 1 ? "has" : "have"
                let what = choice.bestAt.map { metric in
                    "\(metric.higherIsBetter ? "the most" : "the least") \(metric.name) (\(percent(rate(i, metric))))"
                }
                if !what.isEmpty { return "\(who) \(verb) " + what.joined(separator: ", ") }
                if choice.arms.contains(lead) {
                    return "\(who) \(names.count == 1 ? "is" : "are") beaten by none (the leading strategy)"
                }
                // Best on no outcome alone: say what it does better than the leading arm.
                if choice.beatsLead.isEmpty {
                    return "\(who) \(names.count == 1 ? "ties" : "tie") with \(label(lead)) on every outcome"
                }
                return "\(who) \(names.count == 1 ? "beats" : "beat") \(label(lead)) on "
                    + choice.beatsLead.map { "\($0.name) (\(percent(rate(i, $0))) against \(percent(rate(lead, $0))))" }
                    .joined(separator: ", ")
            }
            text =
                "**\(name):** no strategy is best on every outcome; the trade-off: " + trades.joined(separator: "; ")
                + "."
        }
        if context.scenario.isLifecycleActive { text += SummaryMarkdown.lifecycleVerdict(context, verdict.arms) }
        if verdict.noneMostlyFresh {
            text +=
                " No strategy shows fresh content in most cycles "
                + "(the most: \(label(verdict.mostFresh)), \(percent(rate(verdict.mostFresh, .fresh))))."
        }
        let base = verdict.base
        // The lead has had its figures unless the choices were listed one by one.
        var described: Set<Int> = verdict.standing == .tradeOff ? [] : [lead]
        if !described.contains(base) {
            let local = context.plan.arms[base].strategy.kind.isLocal
            text += " \(label(base))\(verdict.hasPush && local ? " (the best local strategy)" : ""): \(summary(base))."
            described.insert(base)
        }
        for other in verdict.others {
            text +=
                described.contains(other.arm) ? " \(label(other.arm))" : " \(label(other.arm)): \(summary(other.arm))"
            guard let significant = other.significant else {
                text += "."
                continue
            }
            let findings = significant.map {
                "\($0.metric.name) \(SummaryMarkdown.points($0.difference, significant: true))"
            }
            text +=
                findings.isEmpty
                ? "; no paired difference is significant at 95%."
                : "; \(label(other.comparison.minuend)) − \(label(other.comparison.subtrahend)), significant at 95%: "
                    + findings.joined(separator: ", ") + "."
        }
        return text
    }
}
