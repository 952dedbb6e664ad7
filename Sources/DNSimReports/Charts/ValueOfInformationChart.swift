import DNSimAnalysis
import DNSimCore
import DNSimText
import Foundation

/// `evppi.svg`: per platform, what learning is worth: a bar for EVPI (everything known) and one per
/// parameter for its EVPPI, largest first, on one utility-per-cycle scale, with the value at each
/// bar's end. A team reads at a glance which measurement pays and how much of the whole it is.
enum ValueOfInformationChart {
    static func render(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> String {
        let n = SVGCharts.number
        let labels = ["everything (EVPI)"] + study.parameters.map(\.key)
        let labelWidth = max(160, (labels.map { SVGCharts.textWidth($0, fontSize: 11) }.max() ?? 0) + 16)
        let left = 20 + labelWidth, barWidth = 380.0
        let largest = analysis.decisions.map(\.summary.evpi).max() ?? 0
        let scale = largest > 0 ? barWidth / largest : 0
        var svg = ""
        var y = 50.0
        for decision in analysis.decisions {
            let summary = decision.summary
            svg +=
                "<text x=\"20\" y=\"\(n(y + 14))\" class=\"label\" font-weight=\"bold\">"
                + XMLEscaping.escaped(
                    "\(decision.platform.rawValue): utility per cycle a team would gain by learning, before choosing")
                + "</text>\n"
            y += 24
            // Only what can act on the platform; an estimate within noise of 0 is grey.
            let order = study.parameters.indices.filter { !decision.notActing.contains($0) }
                .sorted { (summary.evppi[$0], -$0) > (summary.evppi[$1], -$1) }
            let rows =
                [(labels[0], summary.evpi, "#bdbdbd")]
                + order.map {
                    (study.parameters[$0].key, summary.evppi[$0], summary.isDistinguishable($0) ? "#08519c" : "#d9d9d9")
                }
            for (label, value, fill) in rows {
                svg +=
                    "<text x=\"\(n(left - 8))\" y=\"\(n(y + 13))\" text-anchor=\"end\" class=\"tick\">\(XMLEscaping.escaped(label))</text>"
                let width = max(value * scale, value > 0 ? 0.5 : 0)
                svg +=
                    "<rect x=\"\(n(left))\" y=\"\(n(y + 3))\" width=\"\(n(width))\" height=\"14\" fill=\"\(fill)\">"
                    + "<title>\(String(format: "%.4f", value))</title></rect>"
                svg +=
                    "<text x=\"\(n(left + width + 6))\" y=\"\(n(y + 14))\" class=\"tick\">\(String(format: "%.4f", value))</text>\n"
                y += 22
            }
            y += 12
        }
        let width = max(700, left + barWidth + 90)
        let note =
            "EVPI: the recommended arm's expected regret; EVPPI: the same for one condition learnt alone, under the same "
            + "eligibility rule (nonparametric regression, Strong, Oakley & Brennan 2014). Utility per cycle. Grey: below two "
            + "bootstrap standard errors, not distinguishable from 0. Keys of another platform's block are not drawn: they cannot act."
        y += 8
        for line in SVGCharts.wrap(note, width: width - 40, fontSize: 11) {
            svg += "<text x=\"20\" y=\"\(n(y))\" class=\"tick\">\(XMLEscaping.escaped(line))</text>\n"
            y += 14
        }
        return SVGCharts.header(width: width, height: y + 10, title: "What to measure first") + svg + "</svg>\n"
    }
}
