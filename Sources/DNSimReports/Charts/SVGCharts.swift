import DNSimAnalysis
import DNSimCore
import DNSimScenario
import DNSimText
import Foundation

enum ListFormat {
    /// "a", "a and b", "a, b and c".
    static func and(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

/// The report's charts as plain SVG, written by the project itself (no
/// plotting package exists here). Colours are the Okabe–Ito palette, which
/// colour-blind readers can tell apart; lines also differ by dash pattern.
public enum SVGCharts {
    static let outcomeColours: [CycleOutcome: String] = [
        .fresh: "#009E73", .stale: "#E69F00", .fallback: "#56B4E9", .suppressed: "#999999", .missed: "#D55E00",
        .blocked: "#CC79A7",
    ]
    static let seriesColours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
    static let dashes = ["", "6 3", "2 3", "8 3 2 3"]

    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A generous estimate of how wide `text` renders in Helvetica/Arial at `fontSize` px
    /// (0.6 em a character is wider than the average letter), to size columns and margins.
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.6
    }

    /// Stacked horizontal bars: each arm's share of cycles per outcome.
    public static func outcomeMix(_ context: ReportContext) -> String {
        let arms = context.plan.arms
        // The label column fits the longest arm name (13 px labels), and never shrinks below 170.
        let longest = arms.map { textWidth($0.name, fontSize: 13) }.max() ?? 0
        let left = max(170.0, (longest + 20).rounded(.up)), barWidth = 560.0, rowHeight = 34.0, top = 50.0
        let height = top + Double(arms.count) * rowHeight + 80
        var svg = header(width: left + barWidth + 50, height: height, title: "Outcome of each cycle, per arm")
        for (row, arm) in arms.enumerated() {
            let statistics = context.result.arms[row]
            let y = top + Double(row) * rowHeight
            svg +=
                "<text x=\"\(number(left - 8))\" y=\"\(number(y + 17))\" text-anchor=\"end\" "
                + "class=\"label\">\(XMLEscaping.escaped(arm.name))</text>\n"
            var x = left
            for outcome in CycleOutcome.allCases {
                let share = statistics.rate(.outcome(outcome))
                let width = share * barWidth
                guard width > 0 else { continue }
                svg +=
                    "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"24\" fill=\"\(outcomeColours[outcome]!)\">"
                svg +=
                    "<title>\(XMLEscaping.escaped(arm.name)) \(outcome.name): \(String(format: "%.2f", share * 100))%</title></rect>\n"
                x += width
            }
        }
        let axisY = top + Double(arms.count) * rowHeight
        svg +=
            "<line x1=\"\(number(left))\" y1=\"\(number(axisY))\" x2=\"\(number(left + barWidth))\" y2=\"\(number(axisY))\" class=\"axis\"/>\n"
        for tick in stride(from: 0, through: 100, by: 20) {
            let x = left + Double(tick) / 100 * barWidth
            svg +=
                "<line x1=\"\(number(x))\" y1=\"\(number(axisY))\" x2=\"\(number(x))\" y2=\"\(number(axisY + 5))\" class=\"axis\"/>"
            svg +=
                "<text x=\"\(number(x))\" y=\"\(number(axisY + 18))\" text-anchor=\"middle\" class=\"tick\">\(tick)%</text>\n"
        }
        var legendX = left
        for outcome in CycleOutcome.allCases {
            svg +=
                "<rect x=\"\(number(legendX))\" y=\"\(number(axisY + 34))\" width=\"12\" height=\"12\" fill=\"\(outcomeColours[outcome]!)\"/>"
            svg +=
                "<text x=\"\(number(legendX + 16))\" y=\"\(number(axisY + 44))\" class=\"tick\">\(outcome.name)</text>\n"
            legendX += 100
        }
        return svg + "</svg>\n"
    }

    /// The lateness CDF per arm over shown notifications, on a log time axis,
    /// `lateAfter` marked; the legend says how many cycles were missed, and apart from them how
    /// many were suppressed (nothing new: correct, not a failure to show).
    public static func latenessCDF(_ context: ReportContext) -> String {
        cdf(
            context, title: "Lateness of shown notifications (display − T)", xLabel: "lateness (log scale)",
            yLabel: "share of shown notifications", histogram: { $0.lateness },
            note: { s in
                func share(_ n: Int64) -> String {
                    String(format: "%.1f", s.cycles > 0 ? Double(n) / Double(s.cycles) * 100 : 0)
                }
                let missed = s.count(.missed), suppressed = s.count(.suppressed)
                return
                    "\(missed) of \(s.cycles) cycles missed (\(share(missed))%), \(suppressed) suppressed (\(share(suppressed))%)"
            },
            marker: (context.plan.lateAfter, "lateAfter \(SummaryMarkdown.seconds(context.plan.lateAfter))"))
    }

    /// The update-delay CDF per arm over every server update: server update to
    /// the first notification showing it. Lost updates are never shown, so each
    /// curve levels off at the share shown, labelled with the share lost.
    public static func updateDelayCDF(_ context: ReportContext) -> String {
        cdf(
            context, title: "Delay from a server update to the notification that shows it",
            xLabel: "update delay (log scale)",
            yLabel: "share of server updates", histogram: { $0.updateDelay }, plateau: { 1 - $0.ratio(.lostUpdates) },
            note: { s in
                s.sum(.updates) > 0 ? "\(String(format: "%.1f", s.ratio(.lostUpdates) * 100))% lost (never shown)" : nil
            })
    }

    /// Tick positions for the log axis, in milliseconds, with labels.
    static let logTicks: [(Millis, String)] = [
        (1_000, "1 s"), (10_000, "10 s"), (60_000, "1 min"), (600_000, "10 min"), (3_600_000, "1 h"),
        (21_600_000, "6 h"), (86_400_000, "1 d"), (604_800_000, "1 wk"),
    ]

    /// A CDF per arm; `plateau` scales each curve (the share of the population the histogram
    /// covers), `note` follows the arm's name in the legend, `marker` is a dashed vertical line.
    static func cdf(
        _ context: ReportContext, title: String, xLabel: String, yLabel: String,
        histogram: (ArmStatistics) -> DurationHistogram, plateau: (ArmStatistics) -> Double = { _ in 1 },
        note: (ArmStatistics) -> String? = { _ in nil }, marker: (Millis, String)? = nil
    ) -> String {
        let left = 90.0, top = 50.0, width = 560.0, height = 300.0
        // Curves keep this far inside the frame, so none hides under an axis.
        let inset = 6.0
        let arms = context.plan.arms
        let maxValue = arms.indices.map { histogram(context.result.arms[$0]).maximum }.max() ?? 0
        let upper = logTicks.first { $0.0 >= max(maxValue, 60_000) }?.0 ?? logTicks.last!.0
        let lower: Millis = 1_000
        let span = log10(Double(upper)) - log10(Double(lower))
        func x(_ millis: Millis) -> Double {
            left + inset + (log10(Double(max(millis, lower))) - log10(Double(lower))) / span * (width - 2 * inset)
        }
        func y(_ fraction: Double) -> Double { top + height - inset - fraction * (height - 2 * inset) }
        // One polyline per arm, sampled at log-spaced points.
        let samples = 120
        var lines: [Int: String] = [:]
        for (index, _) in arms.enumerated() {
            let h = histogram(context.result.arms[index])
            guard h.total > 0 else { continue }
            let scale = plateau(context.result.arms[index])
            let values = (0...samples).map { i in
                Millis(pow(10, log10(Double(lower)) + span * Double(i) / Double(samples)).rounded())
            }
            let fractions = h.fractions(atOrBelow: values)
            let points = zip(values, fractions).map { value, fraction in
                "\(number(x(value))),\(number(y(scale * fraction)))"
            }
            lines[index] = points.joined(separator: " ")
        }
        // Arms whose lines are identical on the page would hide one another: such a group is
        // drawn as one striped line, each arm's colour in turn, and named under the legend.
        var groups: [[Int]] = []
        for index in arms.indices {
            guard let line = lines[index] else { continue }
            if let group = groups.firstIndex(where: { lines[$0[0]] == line }) {
                groups[group].append(index)
            } else {
                groups.append([index])
            }
        }
        let coinciding = groups.filter { $0.count > 1 }
        // Plateau labels stand just right of the plot, the legend beyond them.
        let plateaus = arms.indices.contains { lines[$0] != nil && plateau(context.result.arms[$0]) < 0.9995 }
        let legendLeft = left + width + (plateaus ? 75 : 15)
        let names = arms.indices.map { i in arms[i].name + (note(context.result.arms[i]).map { ": " + $0 } ?? "") }
        let legendWidth = 35 + (names.map { textWidth($0, fontSize: 11) }.max() ?? 0)
        let noteLines = coinciding.map { group in
            wrap(
                ListFormat.and(group.map { arms[$0].name }) + " coincide (striped line)", width: max(legendWidth, 180),
                fontSize: 11)
        }
        let legendBottom = top + 10 + Double(arms.count) * 20 + Double(noteLines.reduce(0) { $0 + $1.count + 1 }) * 14
        var svg = header(
            width: max(820, legendLeft + max(legendWidth, 180) + 15), height: max(top + height + 70, legendBottom + 20),
            title: title)
        // Axes and grid.
        svg +=
            "<line x1=\"\(number(left))\" y1=\"\(number(top + height))\" "
            + "x2=\"\(number(left + width))\" y2=\"\(number(top + height))\" class=\"axis\"/>\n"
        svg +=
            "<line x1=\"\(number(left))\" y1=\"\(number(top))\" x2=\"\(number(left))\" y2=\"\(number(top + height))\" class=\"axis\"/>\n"
        for (millis, label) in logTicks where millis <= upper {
            svg +=
                "<line x1=\"\(number(x(millis)))\" y1=\"\(number(top))\" "
                + "x2=\"\(number(x(millis)))\" y2=\"\(number(top + height))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(number(x(millis)))\" y=\"\(number(top + height + 18))\" text-anchor=\"middle\" class=\"tick\">\(label)</text>\n"
        }
        for tick in stride(from: 0, through: 100, by: 25) {
            let yy = y(Double(tick) / 100)
            svg +=
                "<line x1=\"\(number(left))\" y1=\"\(number(yy))\" x2=\"\(number(left + width))\" y2=\"\(number(yy))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(number(left - 8))\" y=\"\(number(yy + 4))\" text-anchor=\"end\" class=\"tick\">\(tick)%</text>\n"
        }
        svg +=
            "<text x=\"\(number(left + width / 2))\" y=\"\(number(top + height + 40))\" text-anchor=\"middle\" "
            + "class=\"label\">\(XMLEscaping.escaped(xLabel)); values below 1 s are drawn at 1 s</text>\n"
        svg +=
            "<text x=\"24\" y=\"\(number(top + height / 2))\" text-anchor=\"middle\" class=\"label\" "
            + "transform=\"rotate(-90 24 \(number(top + height / 2)))\">\(XMLEscaping.escaped(yLabel))</text>\n"
        if let (millis, label) = marker, millis >= lower, millis <= upper {
            svg +=
                "<line x1=\"\(number(x(millis)))\" y1=\"\(number(top))\" x2=\"\(number(x(millis)))\" "
                + "y2=\"\(number(top + height))\" stroke=\"#333333\" stroke-width=\"1\" stroke-dasharray=\"3 3\"/>"
            // Named above the plot, where no curve runs (inside it, the label sat on curves near 0%).
            svg +=
                "<text x=\"\(number(x(millis)))\" y=\"\(number(top - 6))\" text-anchor=\"middle\" class=\"tick\">"
                + "\(XMLEscaping.escaped(label))</text>\n"
        }
        // Each plateau below 100% gets its height written at the plot's right edge, labels kept apart.
        var lastLabelY = -Double.infinity
        for index in arms.indices.sorted(by: { plateau(context.result.arms[$0]) > plateau(context.result.arms[$1]) })
        where lines[index] != nil {
            let level = plateau(context.result.arms[index])
            guard level < 0.9995 else { continue }
            let labelY = max(y(level) - 4, lastLabelY + 12)
            lastLabelY = labelY
            svg +=
                "<text x=\"\(number(left + width + 6))\" y=\"\(number(labelY + 4))\" "
                + "class=\"tick\" fill=\"\(seriesColours[index % seriesColours.count])\">"
                + "\(String(format: "%.1f", (1 - level) * 100))% lost</text>\n"
        }
        let stripe = 8.0
        for (index, arm) in arms.enumerated() {
            let colour = seriesColours[index % seriesColours.count]
            let dash = dashes[(index / seriesColours.count + (arm.platform == .android ? 1 : 0)) % dashes.count]
            if let line = lines[index] {
                var pattern = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
                if let group = coinciding.first(where: { $0.contains(index) }) {
                    // Member k of n draws stripe k of every n: dash [k·s, (k+1)·s) of each n·s.
                    let k = Double(group.firstIndex(of: index)!), n = Double(group.count)
                    pattern =
                        " stroke-dasharray=\"\(number(stripe)) \(number((n - 1) * stripe))\" "
                        + "stroke-dashoffset=\"\(number((n - k).truncatingRemainder(dividingBy: n) * stripe))\""
                }
                svg +=
                    "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(pattern) "
                    + "points=\"\(line)\"><title>\(XMLEscaping.escaped(arm.name))</title></polyline>\n"
            }
            let legendY = top + 10 + Double(index) * 20
            svg +=
                "<line x1=\"\(number(legendLeft))\" y1=\"\(number(legendY))\" x2=\"\(number(legendLeft + 30))\" "
                + "y2=\"\(number(legendY))\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")/>"
            svg +=
                "<text x=\"\(number(legendLeft + 35))\" y=\"\(number(legendY + 4))\" class=\"tick\">\(XMLEscaping.escaped(names[index]))</text>\n"
        }
        var noteY = top + 10 + Double(arms.count) * 20 + 4
        for note in noteLines {
            for line in note {
                svg +=
                    "<text x=\"\(number(legendLeft))\" y=\"\(number(noteY))\" class=\"tick\">\(XMLEscaping.escaped(line))</text>\n"
                noteY += 14
            }
            noteY += 14
        }
        return svg + "</svg>\n"
    }

    /// `text` broken at spaces into lines no wider than `width`.
    static func wrap(_ text: String, width: Double, fontSize: Double) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty && textWidth(candidate, fontSize: fontSize) > width {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static func header(width: Double, height: Double, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
        viewBox="0 0 \(number(width)) \(number(height))" font-family="Helvetica, Arial, sans-serif">
        <style>.title{font-size:16px;font-weight:bold}.label{font-size:13px}.tick{font-size:11px}\
        .axis{stroke:#333;stroke-width:1}.grid{stroke:#ddd;stroke-width:1}</style>
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="20" y="28" class="title">\(XMLEscaping.escaped(title))</text>

        """
    }
}
