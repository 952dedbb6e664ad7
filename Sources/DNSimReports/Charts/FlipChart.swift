import DNSimAnalysis
import DNSimCore
import DNSimText
import Foundation

/// `flips.svg`: per platform and ordered parameter that flips the decision, the parameter's range as
/// a bar coloured by the arm best on average on each side of each flip, the flip marked with its
/// value. A team reads where its own value of the condition falls, and so which arm to ship.
enum FlipChart {
    static func render(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> String {
        let n = SVGCharts.number
        let rows = analysis.decisions.flatMap { decision in
            Dictionary(grouping: decision.summary.flips, by: \.parameter).sorted { $0.key < $1.key }.map {
                (decision, $0.key, $0.value)
            }
        }
        let labels = rows.map { "\($0.0.platform.rawValue): \(study.parameters[$0.1].key)" }
        let labelWidth = max(160, (labels.map { SVGCharts.textWidth($0, fontSize: 11) }.max() ?? 0) + 16)
        let left = 20 + labelWidth, barWidth = 420.0
        var svg = ""
        var y = 50.0
        var armsShown: [Int] = []
        for (index, (decision, parameter, flips)) in rows.enumerated() {
            let key = study.parameters[parameter]
            let support = key.distribution.support
            let low = key.reported(support.lowerBound), high = key.reported(support.upperBound)
            func x(_ value: Double) -> Double { left + (high > low ? (value - low) / (high - low) : 0.5) * barWidth }
            svg +=
                "<text x=\"\(n(left - 8))\" y=\"\(n(y + 17))\" text-anchor=\"end\" class=\"tick\">\(XMLEscaping.escaped(labels[index]))</text>"
            let sorted = flips.sorted { $0.at < $1.at }
            var start = low
            for (position, flip) in sorted.enumerated() {
                let arm = decision.arms[flip.from]
                if !armsShown.contains(arm) { armsShown.append(arm) }
                svg += segment(x(start), x(flip.at), y, arm, study)
                start = flip.at
                if position == sorted.count - 1 {
                    let last = decision.arms[flip.to]
                    if !armsShown.contains(last) { armsShown.append(last) }
                    svg += segment(x(start), x(high), y, last, study)
                }
            }
            for flip in sorted {
                svg +=
                    "<line x1=\"\(n(x(flip.at)))\" y1=\"\(n(y))\" x2=\"\(n(x(flip.at)))\" y2=\"\(n(y + 24))\" stroke=\"#000\" stroke-width=\"2\"/>"
                svg +=
                    "<text x=\"\(n(x(flip.at)))\" y=\"\(n(y + 36))\" text-anchor=\"middle\" class=\"tick\">"
                    + "\(XMLEscaping.escaped(key.approximate(flip.at)))</text>\n"
            }
            svg +=
                "<text x=\"\(n(left))\" y=\"\(n(y - 3))\" class=\"tick\">\(XMLEscaping.escaped(key.approximate(low)))</text>"
            svg +=
                "<text x=\"\(n(left + barWidth))\" y=\"\(n(y - 3))\" text-anchor=\"end\" class=\"tick\">"
                + "\(XMLEscaping.escaped(key.approximate(high)))</text>\n"
            y += 56
        }
        if rows.isEmpty {
            svg +=
                "<text x=\"20\" y=\"\(n(y + 14))\" class=\"label\">No parameter flips the decision within its range.</text>\n"
            y += 30
        }
        for (position, arm) in armsShown.enumerated() {
            let colour = SVGCharts.seriesColours[arm % SVGCharts.seriesColours.count]
            svg +=
                "<rect x=\"\(n(20 + Double(position % 3) * 240))\" y=\"\(n(y + Double(position / 3) * 18))\" width=\"14\" height=\"10\" "
                + "fill=\"\(colour)\"/><text x=\"\(n(40 + Double(position % 3) * 240))\" y=\"\(n(y + 9 + Double(position / 3) * 18))\" "
                + "class=\"tick\">\(XMLEscaping.escaped(study.arms[arm].name))</text>\n"
        }
        y += Double((armsShown.count + 2) / 3) * 18 + 10
        let width = max(700, left + barWidth + 40)
        let note =
            "Each bar is the parameter's range; its colour is the eligible arm best on average given the parameter's value "
            + "(docs/model.md §9, flips), changing at each marked flip."
        for line in SVGCharts.wrap(note, width: width - 40, fontSize: 11) {
            svg += "<text x=\"20\" y=\"\(n(y))\" class=\"tick\">\(XMLEscaping.escaped(line))</text>\n"
            y += 14
        }
        return SVGCharts.header(width: width, height: y + 10, title: "Where the decision flips") + svg + "</svg>\n"
    }

    private static func segment(_ from: Double, _ to: Double, _ y: Double, _ arm: Int, _ study: UncertaintyStudy)
        -> String
    {
        let n = SVGCharts.number
        let colour = SVGCharts.seriesColours[arm % SVGCharts.seriesColours.count]
        return
            "<rect x=\"\(n(from))\" y=\"\(n(y + 4))\" width=\"\(n(max(to - from, 0)))\" height=\"16\" fill=\"\(colour)\">"
            + "<title>\(XMLEscaping.escaped(study.arms[arm].name))</title></rect>"
    }
}
