import DNSimCore
import DNSimScenario
import DNSimText
import Foundation

/// The reports of a sweep: `sweep.csv` (one row per point × arm), `sweep.md`
/// and `sweep.svg`, a chart of stale rate against late rate with the Pareto
/// front of each platform marked.
public struct SweepReport: Sendable {
    /// One point × arm: its settings and its `summary.csv` row.
    public struct Row: Sendable {
        public var point: Int
        public var settings: [String]
        public var arm: Arm
        public var summaryFields: [String]
        public var stale: Double
        public var late: Double
        public var rates: [RateMetric: ConfidenceInterval]
        /// Median age of the shown content, when any was shown.
        public var contentAge: Int64?
        /// Shown notifications displayed exactly `metrics.lateAfter` after T.
        public var threshold: ThresholdShare
        /// iOS BG task launches per device-day (nil on Android).
        public var backgroundRunsPerDay: Double?
        /// Orphans, unwanted reminders and duplicates per 1,000 device-days (docs/lifecycle.md).
        public var lifecycle: [Double] = []
    }

    public var scenario: Scenario
    /// The seed the points ran with (the scenario's, or `--seed`'s).
    public var seed: UInt64
    public var axes: [String]
    public var rows: [Row] = []
    public var reproduceCommand: String

    public init(scenario: Scenario, seed: UInt64, reproduceCommand: String) {
        self.scenario = scenario
        self.seed = seed
        axes = scenario.sweep.map(\.key)
        self.reproduceCommand = reproduceCommand
    }

    /// Adds one point's results; only the summary numbers are kept, so memory
    /// grows with the grid, not with devices or days.
    public mutating func add(_ point: SweepPoint, _ context: ReportContext) {
        for ((index, arm), row) in zip(context.plan.arms.enumerated(), context.summary.rows) {
            let statistics = context.result.arms[index]
            var rates: [RateMetric: ConfidenceInterval] = [:]
            for metric in SummaryMarkdown.comparedMetrics { rates[metric] = statistics.interval(metric) }
            rows.append(Row(point: point.index, settings: point.settings.map(\.value), arm: arm,
                            summaryFields: SummaryCSV.fields(of: row),
                            stale: statistics.rate(.stale), late: statistics.rate(.late), rates: rates,
                            contentAge: statistics.contentAge.quantile(0.5),
                            threshold: ThresholdShare(statistics),
                            backgroundRunsPerDay: arm.platform == .ios ? statistics.perDeviceDay(.backgroundRuns, days: context.days) : nil,
                            lifecycle: SummaryMarkdown.lifecycleRates(statistics, days: context.days).map(\.estimate)))
        }
    }

    /// Rows no other row of the same platform beats on every outcome at once
    /// (fresh, stale, fallback, missed, late: `ParetoFront`).
    public var paretoFront: Set<Int> {
        var front = Set<Int>()
        for platform in Platform.allCases {
            let members = rows.indices.filter { rows[$0].arm.platform == platform }
            let rates = members.map { i in rows[i].rates.mapValues(\.estimate) }
            for position in ParetoFront.front(rates) { front.insert(members[position]) }
        }
        return front
    }

    /// The terminal's view: each point × arm with its headline rates.
    public var terminalTable: TextTable {
        // With a lifecycle, what a sweep changes is often beyond the cycles (unwanted reminders, say).
        let lifecycle = scenario.isLifecycleActive
        let extra = lifecycle ? SummaryMarkdown.lifecycleCounters.map(SummaryMarkdown.label) : []
        var table = TextTable(header: ["point"] + axes + ["arm", "stale", "late", "missed", "fresh"] + extra, rightAligned: [0])
        for row in rows {
            table.rows.append([String(row.point)] + row.settings + [row.arm.name] + [RateMetric.stale, .late, .missed, .fresh].map {
                String(format: "%.1f%%", row.rates[$0]!.estimate * 100)
            } + (lifecycle ? row.lifecycle.map { String(format: "%.1f", $0) } : []))
        }
        return table
    }

    public var csv: String {
        var lines = [(["point"] + axes + SummaryCSV.header).map(SummaryCSV.escape).joined(separator: ",")]
        for row in rows {
            lines.append(([String(row.point)] + row.settings + row.summaryFields).map(SummaryCSV.escape).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The comparison at a glance, for the top of `summary.md`: each point ×
    /// arm with its outcome rates and content age, the front marked.
    public var comparisonTable: TextTable {
        let front = paretoFront
        // A lifecycle scenario's comparison is often about what the user sees beyond the cycles.
        let lifecycle = scenario.isLifecycleActive
        let extra = lifecycle ? SummaryMarkdown.lifecycleCounters.map { SummaryMarkdown.label($0) + " / 1,000 dd" } : []
        var table = TextTable(header: ["point"] + axes + ["arm", "fresh", "stale", "fallback", "missed", "late", "content age p50",
                                                          "BG runs / day"] + extra + ["front"],
                              rightAligned: Set([0]).union(Set((axes.count + 2)...(axes.count + 8 + extra.count))))
        for (i, row) in rows.enumerated() {
            table.rows.append([String(row.point)] + row.settings + [row.arm.name]
                + [RateMetric.fresh, .stale, .fallback, .missed, .late].map { SummaryMarkdown.percent(row.rates[$0]!.estimate) }
                + [SummaryMarkdown.seconds(row.contentAge), row.backgroundRunsPerDay.map { String(format: "%.2f", $0) } ?? "–"]
                + (lifecycle ? row.lifecycle.map { String(format: "%.1f", $0) } : [])
                + [front.contains(i) ? "★" : ""])
        }
        return table
    }

    /// A note for each point × arm whose notifications often appear exactly
    /// `lateAfter` after T (`ThresholdShare`).
    public var thresholdWarnings: String {
        let warnings = rows.compactMap { row in
            row.threshold.warning("Point \(row.point), \(row.arm.name)", lateAfter: scenario.lateAfter).map { $0 + "\n" }
        }
        return warnings.isEmpty ? "" : warnings.joined() + "\n"
    }

    public var markdown: String {
        let front = paretoFront
        var md = "# \(scenario.name): sweep of \(axes.joined(separator: " × "))\n\n"
        md += "Scenario `\(scenario.file)`, seed \(seed): \(Set(rows.map(\.point)).count) point(s), each with the same devices "
        md += "and random world (common random numbers). Rates are shares of cycles with their 95% intervals; "
        md += "★ marks the Pareto front of each platform: no other point × strategy there is at least as good on fresh, stale, fallback, missed and late at once and better on one. The chart plots two of those outcomes, stale against late.\n\n"
        md += "Content age is the median age of the content shown (display time − its fetch's completion).\n\n"
        var table = TextTable(header: ["point"] + axes + ["arm", "fresh", "stale", "fallback", "missed", "late", "content age p50", "front"],
                              rightAligned: Set([0]).union(Set((axes.count + 2)...(axes.count + 7))))
        for (i, row) in rows.enumerated() {
            table.rows.append([String(row.point)] + row.settings + [row.arm.name]
                + [RateMetric.fresh, .stale, .fallback, .missed, .late].map { metric in
                    let interval = row.rates[metric]!
                    return String(format: "%.1f%% [%.1f–%.1f]", interval.estimate * 100, interval.low * 100, interval.high * 100)
                } + [SummaryMarkdown.seconds(row.contentAge), front.contains(i) ? "★" : ""])
        }
        md += table.markdown() + "\n" + thresholdWarnings + "![Stale against late, per arm](sweep.svg)\n\n"
        md += "## Reproduce\n\n```sh\n\(reproduceCommand)\n```\n"
        return md
    }

    public var svg: String {
        let front = paretoFront
        let left = 80.0, top = 50.0, width = 520.0, height = 360.0
        // Axes end at the next multiple of 10% (5% for small rates) so ticks read cleanly.
        func axisEnd(_ value: Double) -> Double {
            let step = value <= 0.2 ? 0.05 : 0.1
            return min(1, max(step, ((value * 1.05) / step).rounded(.up) * step))
        }
        let maxStale = axisEnd(rows.map(\.stale).max() ?? 0)
        let maxLate = axisEnd(rows.map(\.late).max() ?? 0)
        func x(_ v: Double) -> Double { left + v / maxStale * width }
        func y(_ v: Double) -> Double { top + height - v / maxLate * height }
        let n = SVGCharts.number
        // The body first: the header's size depends on the key drawn last.
        var svg = ""
        svg += "<line x1=\"\(n(left))\" y1=\"\(n(top + height))\" x2=\"\(n(left + width))\" y2=\"\(n(top + height))\" class=\"axis\"/>\n"
        svg += "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(top + height))\" class=\"axis\"/>\n"
        for i in 0...5 {
            let sv = maxStale * Double(i) / 5, lv = maxLate * Double(i) / 5
            svg += "<line x1=\"\(n(x(sv)))\" y1=\"\(n(top))\" x2=\"\(n(x(sv)))\" y2=\"\(n(top + height))\" class=\"grid\"/>"
            svg += "<text x=\"\(n(x(sv)))\" y=\"\(n(top + height + 18))\" text-anchor=\"middle\" class=\"tick\">\(String(format: "%.0f%%", sv * 100))</text>\n"
            svg += "<line x1=\"\(n(left))\" y1=\"\(n(y(lv)))\" x2=\"\(n(left + width))\" y2=\"\(n(y(lv)))\" class=\"grid\"/>"
            svg += "<text x=\"\(n(left - 8))\" y=\"\(n(y(lv) + 4))\" text-anchor=\"end\" class=\"tick\">\(String(format: "%.0f%%", lv * 100))</text>\n"
        }
        svg += "<text x=\"\(n(left + width / 2))\" y=\"\(n(top + height + 40))\" text-anchor=\"middle\" class=\"label\">stale rate (share of cycles)</text>\n"
        svg += "<text x=\"18\" y=\"\(n(top + height / 2))\" text-anchor=\"middle\" class=\"label\" transform=\"rotate(-90 18 \(n(top + height / 2)))\">late rate</text>\n"
        let labels = scenario.strategies.map(\.label)
        // The front of each platform, joined left to right.
        for platform in Platform.allCases {
            let points = rows.indices.filter { front.contains($0) && rows[$0].arm.platform == platform }
                .sorted { (rows[$0].stale, rows[$0].late) < (rows[$1].stale, rows[$1].late) }
            guard points.count > 1 else { continue }
            let path = points.map { "\(n(x(rows[$0].stale))),\(n(y(rows[$0].late)))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"#000000\" stroke-width=\"1\" stroke-dasharray=\"4 3\" points=\"\(path)\"/>\n"
        }
        for (i, row) in rows.enumerated() {
            let colour = SVGCharts.seriesColours[(labels.firstIndex(of: row.arm.strategy.label) ?? 0) % SVGCharts.seriesColours.count]
            let cx = x(row.stale), cy = y(row.late)
            let outline = front.contains(i) ? " stroke=\"#000000\" stroke-width=\"2\"" : ""
            let title = "<title>point \(row.point) (\(zip(axes, row.settings).map { "\($0) = \($1)" }.joined(separator: ", "))), \(XMLEscaping.escaped(row.arm.name)): stale \(String(format: "%.1f", row.stale * 100))%, late \(String(format: "%.1f", row.late * 100))%</title>"
            if row.arm.platform == .ios {
                svg += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(front.contains(i) ? "6" : "4.5")\" fill=\"\(colour)\"\(outline)>\(title)</circle>\n"
            } else {
                let side = front.contains(i) ? 11.0 : 8.0
                svg += "<rect x=\"\(n(cx - side / 2))\" y=\"\(n(cy - side / 2))\" width=\"\(n(side))\" height=\"\(n(side))\" fill=\"\(colour)\"\(outline)>\(title)</rect>\n"
            }
        }
        var legendY = top + 10
        for (index, label) in labels.enumerated() {
            svg += "<circle cx=\"\(n(left + width + 25))\" cy=\"\(n(legendY))\" r=\"5\" fill=\"\(SVGCharts.seriesColours[index % SVGCharts.seriesColours.count])\"/>"
            svg += "<text x=\"\(n(left + width + 36))\" y=\"\(n(legendY + 4))\" class=\"tick\">\(XMLEscaping.escaped(label))</text>\n"
            legendY += 20
        }
        svg += "<circle cx=\"\(n(left + width + 25))\" cy=\"\(n(legendY + 10))\" r=\"4.5\" fill=\"#777777\"/><text x=\"\(n(left + width + 36))\" y=\"\(n(legendY + 14))\" class=\"tick\">iOS</text>\n"
        svg += "<rect x=\"\(n(left + width + 21))\" y=\"\(n(legendY + 26))\" width=\"8\" height=\"8\" fill=\"#777777\"/><text x=\"\(n(left + width + 36))\" y=\"\(n(legendY + 34))\" class=\"tick\">Android</text>\n"
        svg += "<circle cx=\"\(n(left + width + 25))\" cy=\"\(n(legendY + 50))\" r=\"6\" fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"2\"/><text x=\"\(n(left + width + 36))\" y=\"\(n(legendY + 54))\" class=\"tick\">Pareto front (dashed)</text>\n"
        // Point numbers beside the markers, and what each point sets, in a key under the legend.
        let markers = rows.enumerated().map { (i, row) in
            PointLabels.Marker(x: x(row.stale), y: y(row.late), point: row.point, onFront: front.contains(i))
        }
        svg += PointLabels.place(markers, within: (left, top, left + width, top + height))
        var keyY = legendY + 84
        let shortAxes = PointLabels.shortNames(axes)
        svg += "<text x=\"\(n(left + width + 20))\" y=\"\(n(keyY))\" class=\"tick\" font-weight=\"bold\">\(XMLEscaping.escaped("point: " + shortAxes.joined(separator: ", ")))</text>\n"
        var keyWidth = SVGCharts.textWidth("point: " + shortAxes.joined(separator: ", "), fontSize: 11)
        var seen = Set<Int>()
        let points = rows.filter { seen.insert($0.point).inserted }
        for row in points.prefix(PointLabels.keyRows) {
            keyY += 14
            let line = "\(row.point): " + row.settings.joined(separator: ", ")
            keyWidth = max(keyWidth, SVGCharts.textWidth(line, fontSize: 11))
            svg += "<text x=\"\(n(left + width + 20))\" y=\"\(n(keyY))\" class=\"tick\">\(XMLEscaping.escaped(line))</text>\n"
        }
        if points.count > PointLabels.keyRows {
            keyY += 14
            svg += "<text x=\"\(n(left + width + 20))\" y=\"\(n(keyY))\" class=\"tick\">… and \(points.count - PointLabels.keyRows) more in sweep.csv</text>\n"
        }
        let chartWidth = max(860, left + width + 20 + keyWidth + 20)
        let chartHeight = max(top + height + 70, keyY + 20)
        return SVGCharts.header(width: chartWidth, height: chartHeight, title: "Stale against late notifications, each sweep point × arm")
            + svg + "</svg>\n"
    }

    public static let fileNames = ["sweep.csv", "sweep.md", "sweep.svg"]
    public var files: [(String, String)] { Array(zip(Self.fileNames, [csv, markdown, svg])) }
}

/// Numbers beside the markers of a sweep chart, placed so that they do not overlap.
enum PointLabels {
    struct Marker {
        var x: Double
        var y: Double
        var point: Int
        var onFront: Bool
    }

    /// Most points listed in the chart's key (sweep.csv has them all).
    static let keyRows = 40
    /// Most labels drawn; beyond that a chart is a cloud, and the hover titles remain.
    static let maxLabels = 200

    /// Markers within a few pixels of each other share one label ("3, 7–9"). Labels go to the
    /// first free spot around their marker (right, left, above, below, then the diagonals),
    /// front points first; a label with no free spot is left out.
    static func place(_ markers: [Marker], within plot: (left: Double, top: Double, right: Double, bottom: Double)) -> String {
        let cell = 5.0
        var clusters: [(x: Double, y: Double, points: [Int], onFront: Bool)] = []
        var clusterAt: [String: Int] = [:]
        for marker in markers {
            let key = "\(Int((marker.x / cell).rounded())),\(Int((marker.y / cell).rounded()))"
            if let index = clusterAt[key] {
                clusters[index].points.append(marker.point)
                clusters[index].onFront = clusters[index].onFront || marker.onFront
            } else {
                clusterAt[key] = clusters.count
                clusters.append((marker.x, marker.y, [marker.point], marker.onFront))
            }
        }
        let order = clusters.indices.sorted { a, b in
            clusters[a].onFront != clusters[b].onFront ? clusters[a].onFront : clusters[a].points.min()! < clusters[b].points.min()!
        }
        // Boxes to keep clear of: every marker, then each label placed.
        var taken: [(Double, Double, Double, Double)] = clusters.map { ($0.x - 6, $0.y - 6, $0.x + 6, $0.y + 6) }
        func overlaps(_ box: (Double, Double, Double, Double)) -> Bool {
            taken.contains { box.0 < $0.2 && $0.0 < box.2 && box.1 < $0.3 && $0.1 < box.3 }
        }
        var svg = ""
        var placed = 0
        for index in order where placed < maxLabels {
            let cluster = clusters[index]
            let text = ranges(cluster.points)
            let width = SVGCharts.textWidth(text, fontSize: 9), height = 9.0
            // Rings of spots ever farther out; beyond the first, a thin leader line joins label and marker.
            var candidates: [(x: Double, y: Double, leader: Bool)] = []
            for (ring, gap) in [8.0, 18.0, 30.0].enumerated() {
                let diagonal = gap * 0.75
                candidates += [
                    (cluster.x + gap, cluster.y - height / 2), (cluster.x - gap - width, cluster.y - height / 2),
                    (cluster.x - width / 2, cluster.y - gap - height), (cluster.x - width / 2, cluster.y + gap),
                    (cluster.x + diagonal, cluster.y - diagonal - height), (cluster.x - diagonal - width, cluster.y - diagonal - height),
                    (cluster.x + diagonal, cluster.y + diagonal), (cluster.x - diagonal - width, cluster.y + diagonal),
                ].map { ($0.0, $0.1, ring > 0) }
            }
            for (boxX, boxY, leader) in candidates {
                // A little room around each label, so neighbours never touch ("13" "9" reads as "139").
                let box = (boxX - 3, boxY - 1, boxX + width + 3, boxY + height + 1)
                guard boxX >= plot.left + 2, boxX + width <= plot.right + 30, boxY >= plot.top - 10, boxY + height <= plot.bottom,
                      !overlaps(box) else { continue }
                taken.append(box)
                placed += 1
                if leader {
                    // From the marker's edge to the nearest point of the label's box.
                    let toX = min(max(cluster.x, boxX), boxX + width), toY = min(max(cluster.y, boxY), boxY + height)
                    let length = ((toX - cluster.x) * (toX - cluster.x) + (toY - cluster.y) * (toY - cluster.y)).squareRoot()
                    let fromX = cluster.x + (toX - cluster.x) / length * 6, fromY = cluster.y + (toY - cluster.y) / length * 6
                    svg += "<line x1=\"\(SVGCharts.number(fromX))\" y1=\"\(SVGCharts.number(fromY))\" x2=\"\(SVGCharts.number(toX))\" y2=\"\(SVGCharts.number(toY))\" stroke=\"#999999\" stroke-width=\"0.6\"/>"
                }
                svg += "<text x=\"\(SVGCharts.number(boxX))\" y=\"\(SVGCharts.number(boxY + height - 1))\" font-size=\"9\" fill=\"#333333\">\(XMLEscaping.escaped(text))</text>\n"
                break
            }
        }
        return svg
    }

    /// "1–3, 7, 9" for [1, 2, 3, 7, 9], cut after 24 characters.
    static func ranges(_ numbers: [Int]) -> String {
        let sorted = Array(Set(numbers)).sorted()
        var parts: [String] = []
        var start = sorted[0], end = sorted[0]
        for number in sorted.dropFirst() {
            if number == end + 1 { end = number; continue }
            parts.append(start == end ? "\(start)" : "\(start)–\(end)")
            (start, end) = (number, number)
        }
        parts.append(start == end ? "\(start)" : "\(start)–\(end)")
        let text = parts.joined(separator: ", ")
        return text.count > 24 ? String(text.prefix(23)) + "…" : text
    }

    /// Each axis key by its last part (`contentTimeout`), unless two axes share it.
    static func shortNames(_ keys: [String]) -> [String] {
        let last = keys.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
        return Set(last).count == last.count ? last : keys
    }
}
