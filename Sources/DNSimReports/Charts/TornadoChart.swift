import DNSimAnalysis
import DNSimCore
import DNSimText
import Foundation

/// `sensitivity.svg`: for each platform's deciding difference (leader − runner-up utility), one
/// bar per parameter, most important first: the total index (pale) over the first-order index
/// (dark) with their bootstrap intervals; under a Latin hypercube, the partial rank correlation
/// from −1 to 1.
enum TornadoChart {
    static func render(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> String {
        let n = SVGCharts.number
        let sobol = study.settings.design == .sobol
        let labelWidth = max(160, (study.parameters.map { SVGCharts.textWidth($0.key, fontSize: 11) }.max() ?? 0) + 16)
        let left = 20 + labelWidth, barWidth = 420.0
        // Where zero is: the left edge for indices, the middle for correlations.
        let zero = sobol ? left : left + barWidth / 2
        let scale = sobol ? barWidth : barWidth / 2
        func x(_ value: Double) -> Double { zero + min(max(value, sobol ? 0 : -1), 1) * scale }
        var svg = ""
        var y = 50.0
        for decision in analysis.decisions {
            let rows = analysis.decidingRows(decision, study)
            guard let runnerUp = decision.contrast, !rows.isEmpty else { continue }
            let heading =
                "\(decision.platform.rawValue): utility of \(study.arms[decision.leader].name) − \(study.arms[runnerUp].name)"
            svg +=
                "<text x=\"20\" y=\"\(n(y + 14))\" class=\"label\" font-weight=\"bold\">\(XMLEscaping.escaped(heading))</text>\n"
            y += 24
            for row in rows {
                let i = row.index
                svg +=
                    "<text x=\"\(n(left - 8))\" y=\"\(n(y + 13))\" text-anchor=\"end\" class=\"tick\">\(XMLEscaping.escaped(row.parameter))</text>"
                if let total = i.total {
                    svg += bar(
                        from: x(0), to: x(total), y: y + 2, height: 16, fill: "#9ecae1",
                        title: "total \(String(format: "%.3f", total))")
                    svg += whisker(i.totalLow.map(x), i.totalHigh.map(x), y: y + 4)
                }
                if let first = i.firstOrder {
                    svg += bar(
                        from: x(0), to: x(first), y: y + 6, height: 8, fill: "#08519c",
                        title: "\(sobol ? "first order" : "partial rank correlation") \(String(format: "%.3f", first))")
                    svg += whisker(i.firstOrderLow.map(x), i.firstOrderHigh.map(x), y: y + 10)
                }
                y += 22
            }
            y += 12
        }
        // The axis and the legend.
        svg += "<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + barWidth))\" y2=\"\(n(y))\" class=\"axis\"/>\n"
        for tick in stride(from: sobol ? 0 : -100, through: 100, by: sobol ? 20 : 50) {
            let value = Double(tick) / 100
            svg +=
                "<line x1=\"\(n(x(value)))\" y1=\"\(n(y))\" x2=\"\(n(x(value)))\" y2=\"\(n(y + 5))\" class=\"axis\"/>"
                + "<text x=\"\(n(x(value)))\" y=\"\(n(y + 18))\" text-anchor=\"middle\" class=\"tick\">\(String(format: "%.1f", value))</text>\n"
        }
        let axis =
            sobol
            ? "Sobol index: share of the difference's variance (bars: total, pale; first order, dark; lines: 95% bootstrap intervals)"
            : "partial rank correlation with the difference"
        let width = max(700, left + barWidth + 40)
        y += 36
        for line in SVGCharts.wrap(axis, width: width - 40, fontSize: 11) {
            svg += "<text x=\"20\" y=\"\(n(y))\" class=\"tick\">\(XMLEscaping.escaped(line))</text>\n"
            y += 14
        }
        return SVGCharts.header(width: width, height: y + 10, title: "What the decision depends on") + svg + "</svg>\n"
    }

    private static func bar(from a: Double, to b: Double, y: Double, height: Double, fill: String, title: String)
        -> String
    {
        let n = SVGCharts.number
        return "<rect x=\"\(n(min(a, b)))\" y=\"\(n(y))\" width=\"\(n(max(abs(b - a), 0.5)))\" "
            + "height=\"\(n(height))\" fill=\"\(fill)\"><title>\(title)</title></rect>"
    }

    private static func whisker(_ low: Double?, _ high: Double?, y: Double) -> String {
        guard let low, let high else { return "" }
        let n = SVGCharts.number
        return
            "<line x1=\"\(n(low))\" y1=\"\(n(y))\" x2=\"\(n(high))\" y2=\"\(n(y))\" stroke=\"#333\" stroke-width=\"1.5\"/>\n"
    }
}
