import DNSimAnalysis
import DNSimCore
import DNSimScenario
import DNSimText
import Foundation

/// The reports of a sweep: `sweep.csv` (one row per point × arm), `sweep.md`
/// and `sweep.svg`, each point × arm's outcome mix with the Pareto front marked.
/// The front ranges over arms and lever points within one condition point: it
/// compares policies in one world, never a policy in a kinder world.
public struct SweepReport: Sendable {
    /// One point × arm: its settings and its `summary.csv` row.
    public struct Row: Sendable {
        public var point: Int
        public var settings: [String]
        public var arm: Arm
        /// The point × arm's cell of the sweep's experiment table: its `summary.csv` figures.
        public var summary: SummaryTable.Row
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
        /// With a fleet of more than one segment: each segment's fresh and missed rates, in the fleet's order.
        /// Nil rates where the segment ran no device on the arm (a platform mix's other platform).
        public var segments: [(name: String, fresh: Double?, missed: Double?)] = []
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
        let segments =
            context.segments.count > 1 ? Array(zip(context.segments.map(\.name), context.segmentTable.cells)) : []
        for ((index, arm), row) in zip(context.plan.arms.enumerated(), context.summary.rows) {
            let statistics = context.result.arms[index]
            var rates: [RateMetric: ConfidenceInterval] = [:]
            for metric in SummaryColumns.rates { rates[metric] = statistics.interval(metric) }
            rows.append(
                Row(
                    point: point.index, settings: point.settings.map(\.value), arm: arm,
                    summary: row,
                    stale: statistics.rate(.stale), late: statistics.rate(.late), rates: rates,
                    contentAge: statistics.contentAge.quantile(0.5),
                    threshold: ThresholdShare(statistics),
                    backgroundRunsPerDay: arm.platform == .ios
                        ? statistics.perDeviceDay(.backgroundRuns, days: context.days) : nil,
                    lifecycle: SummaryMarkdown.lifecycleRates(statistics, days: context.days).map(\.estimate),
                    segments: segments.map { name, cells in
                        let ran = (cells[index].figure("devices") ?? 0) > 0
                        return (name, ran ? cells[index].rate(.fresh) : nil, ran ? cells[index].rate(.missed) : nil)
                    }))
        }
    }

    /// The axes whose key is a condition (`ScenarioKeyCatalog`): the front never compares across their values.
    public var conditionAxes: [Int] {
        scenario.sweep.indices.filter { ScenarioKeyCatalog.role(of: scenario.sweep[$0].key) == .condition }
    }

    /// A row's condition point: its values of the condition axes.
    public func conditionPoint(_ row: Row) -> [String] { conditionAxes.map { row.settings[$0] } }

    /// Rows no other row of the same platform and condition point beats on
    /// every outcome at once (fresh, stale, fallback, missed, late: `ParetoFront`).
    public var paretoFront: Set<Int> {
        var front = Set<Int>()
        var seen = Set<[String]>()
        let points = rows.map(conditionPoint).filter { seen.insert($0).inserted }
        for platform in Platform.allCases {
            for point in points {
                let members = rows.indices.filter {
                    rows[$0].arm.platform == platform && conditionPoint(rows[$0]) == point
                }
                let rates = members.map { i in rows[i].rates.mapValues(\.estimate) }
                for position in ParetoFront.front(rates) { front.insert(members[position]) }
            }
        }
        return front
    }

    /// The terminal's view: each point × arm with its headline rates.
    public var terminalTable: TextTable {
        // With a lifecycle, what a sweep changes is often beyond the cycles (unwanted reminders, say).
        let lifecycle = scenario.isLifecycleActive
        let extra = lifecycle ? SummaryMarkdown.lifecycleCounters.map(SummaryMarkdown.label) : []
        let front = paretoFront
        var table = TextTable(
            header: ["point"] + axes + ["arm"] + SummaryColumns.rates.map(\.name) + extra + ["front"],
            rightAligned: [0])
        for (i, row) in rows.enumerated() {
            table.rows.append(
                [String(row.point)] + row.settings + [row.arm.name]
                    + SummaryColumns.rates.map {
                        String(format: "%.1f%%", row.rates[$0]!.estimate * 100)
                    } + (lifecycle ? row.lifecycle.map { String(format: "%.1f", $0) } : []) + [
                        front.contains(i) ? "★" : ""
                    ])
        }
        return table
    }

    public var csv: String {
        let withinAge = rows.contains { $0.summary.measuresWithinAge }
        let header = ["point"] + axes + SummaryCSV.header(withinAge: withinAge)
        var lines = [header.map(SummaryCSV.escape).joined(separator: ",")]
        for row in rows {
            lines.append(
                ([String(row.point)] + row.settings + SummaryCSV.fields(of: row.summary)).map(SummaryCSV.escape).joined(
                    separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What ★ means, in one sentence shared by sweep.md, summary.md and the chart.
    public var frontSentence: String {
        let conditions = conditionAxes.map { "`\(axes[$0])`" }
        return "★ marks the Pareto front of each platform"
            + (conditions.isEmpty
                ? ""
                : " within each value of the condition\(conditions.count == 1 ? "" : "s") \(ListFormat.and(conditions))")
            + ": no other point × strategy there is at least as good on fresh, stale, fallback, missed and late at once and better on one"
            + (conditions.isEmpty ? "." : "; the front compares policies in one world, never across worlds.")
    }

    /// The comparison at a glance, for the top of `summary.md`: each point ×
    /// arm with its outcome rates and content age, the front marked.
    public var comparisonTable: TextTable {
        let front = paretoFront
        // A lifecycle scenario's comparison is often about what the user sees beyond the cycles.
        let lifecycle = scenario.isLifecycleActive
        let extra = lifecycle ? SummaryMarkdown.lifecycleCounters.map { SummaryMarkdown.label($0) + " / 1,000 dd" } : []
        var table = TextTable(
            header: ["point"] + axes + [
                "arm", "fresh", "stale", "fallback", "missed", "blocked", "late", "content age p50",
                "BG runs / day",
            ] + extra + ["front"],
            rightAligned: Set([0]).union(Set((axes.count + 2)...(axes.count + 9 + extra.count))))
        for (i, row) in rows.enumerated() {
            table.rows.append(
                [String(row.point)] + row.settings + [row.arm.name]
                    + [RateMetric.fresh, .stale, .fallback, .missed, .blocked, .late].map {
                        SummaryMarkdown.percent(row.rates[$0]!.estimate)
                    }
                    + [
                        SummaryMarkdown.seconds(row.contentAge),
                        row.backgroundRunsPerDay.map { String(format: "%.2f", $0) } ?? "–",
                    ]
                    + (lifecycle ? row.lifecycle.map { String(format: "%.1f", $0) } : [])
                    + [front.contains(i) ? "★" : ""])
        }
        return table
    }

    /// A note for each point × arm whose notifications often appear exactly
    /// `lateAfter` after T (`ThresholdShare`).
    public var thresholdWarnings: String {
        let warnings = rows.compactMap { row in
            row.threshold.warning("Point \(row.point), \(row.arm.name)", lateAfter: scenario.lateAfter).map {
                $0 + "\n"
            }
        }
        return warnings.isEmpty ? "" : warnings.joined() + "\n"
    }

    public var markdown: String {
        let front = paretoFront
        var md = "# \(scenario.name): sweep of \(axes.joined(separator: " × "))\n\n"
        md +=
            "Scenario `\(scenario.file)`, seed \(seed): \(Set(rows.map(\.point)).count) point(s), each with the same devices "
        md += "and random world (common random numbers). Rates are shares of cycles with their 95% intervals; "
        md +=
            frontSentence
            + " The chart shows each point × arm's whole outcome mix (fresh, stale, fallback, suppressed, missed) "
        md += "with its late rate\(conditionAxes.isEmpty ? "" : ", one panel per condition point").\n\n"
        md += "Content age is the median age of the content shown (display time − its fetch's completion).\n\n"
        var table = TextTable(
            header: ["point"] + axes + [
                "arm", "fresh", "stale", "fallback", "missed", "blocked", "late",
                "content age p50", "front",
            ],
            rightAligned: Set([0]).union(Set((axes.count + 2)...(axes.count + 8))))
        for (i, row) in rows.enumerated() {
            table.rows.append(
                [String(row.point)] + row.settings + [row.arm.name]
                    + [RateMetric.fresh, .stale, .fallback, .missed, .blocked, .late].map { metric in
                        let interval = row.rates[metric]!
                        return String(
                            format: "%.1f%% [%.1f–%.1f]", interval.estimate * 100, interval.low * 100,
                            interval.high * 100)
                    } + [SummaryMarkdown.seconds(row.contentAge), front.contains(i) ? "★" : ""])
        }
        md +=
            table.markdown() + "\n" + thresholdWarnings
            + "![Outcome mix and late rate, per point and arm](sweep.svg)\n\n"
        md += segmentSection
        md += "## Reproduce\n\n```sh\n\(reproduceCommand)\n```\n"
        return md
    }

    /// With a fleet: each point × arm's fresh and missed rates in every segment, so a policy can be
    /// chosen per segment (the rows above are the whole fleet's).
    var segmentSection: String {
        guard let names = rows.first?.segments.map(\.name), !names.isEmpty else { return "" }
        var md = "## By fleet segment\n\n"
        md +=
            "Fresh and missed shares of each segment's cycles (its devices alone; intervals in a plain run's `segments.csv`).\n\n"
        let header = ["point"] + axes + ["arm"] + names.flatMap { ["\($0) fresh", "\($0) missed"] }
        var table = TextTable(header: header, rightAligned: Set([0]).union(Set((axes.count + 2)..<header.count)))
        for row in rows {
            table.rows.append(
                [String(row.point)] + row.settings + [row.arm.name]
                    + row.segments.flatMap {
                        [$0.fresh.map(SummaryMarkdown.percent) ?? "–", $0.missed.map(SummaryMarkdown.percent) ?? "–"]
                    })
        }
        return md + table.markdown() + "\n"
    }

    public var svg: String { SweepChart.render(self) }

    public static let fileNames = ["sweep.csv", "sweep.md", "sweep.svg"]
    public var files: [(String, String)] { Array(zip(Self.fileNames, [csv, markdown, svg])) }
}
