import DNSimAnalysis
import DNSimCore
import DNSimText
import Foundation

/// `regret.svg`: per platform, each arm's expected regret over the worlds (the utility per cycle lost
/// against the best feasible arm of each world) as a bar, and its 95th percentile as a tick: an arm
/// that is rarely bad but sometimes very bad shows a short bar and a far tick. Arms the eligibility
/// rule excludes are grey and say their feasible share.
enum RegretChart {
    static func render(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> String {
        let n = SVGCharts.number
        let names = analysis.decisions.flatMap { $0.arms.map { study.arms[$0].name + " (recommended)" } }
        // Bold labels run wider than the regular text the estimate measures.
        let labelWidth = max(160, (names.map { SVGCharts.textWidth($0, fontSize: 11) * 1.15 }.max() ?? 0) + 16)
        let left = 20 + labelWidth, barWidth = 380.0
        let figures = analysis.decisions.flatMap(\.summary.arms)
        let largest = max(figures.map { max($0.expectedRegret, $0.regretQ95) }.max() ?? 0, 0)
        // A negative regret (an ineligible arm beating every eligible one) is drawn left of zero, never as zero.
        let lowest = min(figures.map { min($0.expectedRegret, $0.regretQ95) }.min() ?? 0, 0)
        let scale = barWidth / max(largest - lowest, 1e-9)
        let zero = left - lowest * scale
        let required = study.objective.feasibleShare
        var svg = ""
        var y = 50.0
        for decision in analysis.decisions {
            svg +=
                "<text x=\"20\" y=\"\(n(y + 14))\" class=\"label\" font-weight=\"bold\">"
                + XMLEscaping.escaped(
                    "\(decision.platform.rawValue): expected regret (bar) and its 95th percentile (tick)") + "</text>\n"
            y += 24
            for (position, arm) in decision.arms.enumerated() {
                let figure = decision.summary.arms[position]
                // With no arm eligible the rule takes every arm (as the table does).
                let eligible = figure.feasibleShare >= required - 1e-9 || decision.recommended == nil
                let recommended = decision.recommended == arm
                let label = study.arms[arm].name + (recommended ? " (recommended)" : "")
                svg +=
                    "<text x=\"\(n(left - 8))\" y=\"\(n(y + 13))\" text-anchor=\"end\" class=\"tick\""
                    + (recommended ? " font-weight=\"bold\"" : "") + ">\(XMLEscaping.escaped(label))</text>"
                let width = max(abs(figure.expectedRegret) * scale, figure.expectedRegret != 0 ? 0.5 : 0)
                let start = figure.expectedRegret < 0 ? zero - width : zero
                svg +=
                    "<rect x=\"\(n(start))\" y=\"\(n(y + 3))\" width=\"\(n(width))\" height=\"14\" "
                    + "fill=\"\(eligible ? "#08519c" : "#bdbdbd")\"><title>\(String(format: "%.4f", figure.expectedRegret))</title></rect>"
                let tick = zero + figure.regretQ95 * scale
                svg +=
                    "<line x1=\"\(n(tick))\" y1=\"\(n(y + 1))\" x2=\"\(n(tick))\" y2=\"\(n(y + 19))\" stroke=\"#d55e00\" stroke-width=\"2\">"
                    + "<title>95th percentile \(String(format: "%.4f", figure.regretQ95))</title></line>"
                let note =
                    String(format: "%.4f", figure.expectedRegret)
                    + (eligible
                        ? ""
                        : String(format: "; feasible in %.0f%% of worlds, not eligible", figure.feasibleShare * 100))
                svg +=
                    "<text x=\"\(n(max(start + width, tick) + 8))\" y=\"\(n(y + 14))\" class=\"tick\">\(XMLEscaping.escaped(note))</text>\n"
                y += 22
            }
            y += 12
        }
        if lowest < 0 {
            svg +=
                "<line x1=\"\(n(zero))\" y1=\"50\" x2=\"\(n(zero))\" y2=\"\(n(y - 12))\" stroke=\"#636363\" stroke-width=\"1\"/>\n"
        }
        let width = max(760, left + barWidth + 320)
        let note =
            "Regret in a world: the utility per cycle of that world's best arm among those meeting the constraints, minus the "
            + "arm's (negative, left of the zero line, where an arm that fails them beats them all). The recommendation is the eligible arm of least expected regret (docs/model.md §9); grey arms meet the "
            + "constraints in fewer than \(String(format: "%.0f", required * 100))% of worlds."
        y += 8
        for line in SVGCharts.wrap(note, width: width - 40, fontSize: 11) {
            svg += "<text x=\"20\" y=\"\(n(y))\" class=\"tick\">\(XMLEscaping.escaped(line))</text>\n"
            y += 14
        }
        return SVGCharts.header(width: width, height: y + 10, title: "Regret over the worlds") + svg + "</svg>\n"
    }
}
