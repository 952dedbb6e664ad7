import DNSimCore
import DNSimText
import Foundation

/// `sweep.svg`: every point × arm's whole outcome mix (fresh, stale, fallback,
/// suppressed, missed) as a stacked bar with its late rate beside it, ★ on the
/// Pareto front, so the chart shows all the front ranges over. A swept
/// condition gets a panel per value: the front is drawn within a panel only.
enum SweepChart {
    static func render(_ report: SweepReport) -> String {
        let n = SVGCharts.number
        let front = report.paretoFront
        var seen = Set<[String]>()
        let panels = report.rows.map(report.conditionPoint).filter { seen.insert($0).inserted }
        let conditions = report.conditionAxes.map { report.axes[$0] }
        func label(_ row: SweepReport.Row) -> String { "\(row.point): \(row.arm.name)" }
        let labelWidth = max(120, (report.rows.map { SVGCharts.textWidth(label($0), fontSize: 11) }.max() ?? 0) + 16)
        let left = 20 + labelWidth, barWidth = 420.0, rowHeight = 16.0, top = 50.0
        var svg = ""
        var y = top
        for panel in panels {
            if !conditions.isEmpty {
                let heading = zip(conditions, panel).map { "\($0) = \($1)" }.joined(separator: ", ")
                svg +=
                    "<text x=\"20\" y=\"\(n(y + 14))\" class=\"label\" font-weight=\"bold\">\(XMLEscaping.escaped(heading))</text>\n"
                y += 22
            }
            let members = report.rows.indices.filter { report.conditionPoint(report.rows[$0]) == panel }
            for platform in Platform.allCases {
                for i in members where report.rows[i].arm.platform == platform {
                    let row = report.rows[i]
                    svg +=
                        "<text x=\"\(n(left - 8))\" y=\"\(n(y + 11))\" text-anchor=\"end\" "
                        + "class=\"tick\">\(XMLEscaping.escaped(label(row)))</text>"
                    var x = left
                    for outcome in CycleOutcome.allCases {
                        let share = row.rates[.outcome(outcome)]?.estimate ?? 0
                        guard share > 0 else { continue }
                        svg +=
                            "<rect x=\"\(n(x))\" y=\"\(n(y + 2))\" width=\"\(n(share * barWidth))\" height=\"12\" "
                            + "fill=\"\(SVGCharts.outcomeColours[outcome]!)\"><title>point \(row.point), "
                            + "\(XMLEscaping.escaped(row.arm.name)) \(outcome.name): \(String(format: "%.1f", share * 100))%</title></rect>"
                        x += share * barWidth
                    }
                    let late = String(format: "late %.1f%%", (row.rates[.late]?.estimate ?? 0) * 100)
                    svg +=
                        "<text x=\"\(n(left + barWidth + 8))\" y=\"\(n(y + 11))\" "
                        + "class=\"tick\">\(late)\(front.contains(i) ? "  ★" : "")</text>\n"
                    y += rowHeight
                }
                y += 4
            }
            y += 10
        }
        // The share axis, the legend, what ★ means and what each point sets.
        svg += "<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + barWidth))\" y2=\"\(n(y))\" class=\"axis\"/>\n"
        for tick in stride(from: 0, through: 100, by: 20) {
            let x = left + Double(tick) / 100 * barWidth
            svg +=
                "<line x1=\"\(n(x))\" y1=\"\(n(y))\" x2=\"\(n(x))\" y2=\"\(n(y + 5))\" class=\"axis\"/>"
                + "<text x=\"\(n(x))\" y=\"\(n(y + 18))\" text-anchor=\"middle\" class=\"tick\">\(tick)%</text>\n"
        }
        svg +=
            "<text x=\"\(n(left + barWidth / 2))\" y=\"\(n(y + 36))\" text-anchor=\"middle\" class=\"label\">share of cycles per outcome</text>\n"
        y += 52
        var legendX = left
        for outcome in CycleOutcome.allCases {
            svg +=
                "<rect x=\"\(n(legendX))\" y=\"\(n(y))\" width=\"12\" height=\"12\" fill=\"\(SVGCharts.outcomeColours[outcome]!)\"/>"
                + "<text x=\"\(n(legendX + 16))\" y=\"\(n(y + 10))\" class=\"tick\">\(outcome.name)</text>\n"
            legendX += 90
        }
        y += 24
        let width = max(760, left + barWidth + 110)
        for line in SVGCharts.wrap(
            report.frontSentence.replacingOccurrences(of: "`", with: ""), width: width - 40, fontSize: 11)
        {
            svg += "<text x=\"20\" y=\"\(n(y))\" class=\"tick\">\(XMLEscaping.escaped(line))</text>\n"
            y += 14
        }
        y += 6
        svg +=
            "<text x=\"20\" y=\"\(n(y))\" class=\"tick\" font-weight=\"bold\">"
            + "\(XMLEscaping.escaped("point: " + report.axes.joined(separator: ", ")))</text>\n"
        var points = Set<Int>()
        for row in report.rows where points.insert(row.point).inserted {
            y += 14
            svg +=
                "<text x=\"20\" y=\"\(n(y))\" class=\"tick\">"
                + "\(XMLEscaping.escaped("\(row.point): " + row.settings.joined(separator: ", ")))</text>\n"
        }
        return SVGCharts.header(width: width, height: y + 20, title: "Outcome of each cycle, each sweep point × arm")
            + svg + "</svg>\n"
    }
}
