import Foundation

/// One column of `summary.csv`: its name, unit, meaning and how it is read
/// from an arm's statistics. The catalog is the single source of the CSV
/// header, the Markdown tables, `expect:` metric names and `check`.
public struct SummaryColumn: Sendable {
    public enum Direction: Sendable { case lowerIsBetter, higherIsBetter, neutral }

    public let name: String
    public let unit: String
    public let meaning: String
    public let direction: Direction
    /// The rate this column is, or bounds, when it is one (for intervals in `check`).
    public let rate: RateMetric?
    let value: @Sendable (ArmStatistics, Int) -> Double?
    let decimals: Int
    /// The column's own 95% interval, given the days per device (used for `check` tolerances).
    let interval: (@Sendable (ArmStatistics, Int) -> ConfidenceInterval)?

    init(
        name: String, unit: String, meaning: String, direction: Direction, rate: RateMetric?,
        value: @escaping @Sendable (ArmStatistics, Int) -> Double?, decimals: Int,
        interval: (@Sendable (ArmStatistics) -> ConfidenceInterval)? = nil,
        daysInterval: (@Sendable (ArmStatistics, Int) -> ConfidenceInterval)? = nil
    ) {
        self.name = name
        self.unit = unit
        self.meaning = meaning
        self.direction = direction
        self.rate = rate
        self.value = value
        self.decimals = decimals
        if let daysInterval {
            self.interval = daysInterval
        } else if let interval {
            self.interval = { @Sendable statistics, _ in interval(statistics) }
        } else if let rate {
            self.interval = { @Sendable statistics, _ in statistics.interval(rate) }
        } else {
            self.interval = nil
        }
    }

    /// The names of this column's interval bounds in summary.csv, if it has them.
    public var intervalColumns: (low: String, high: String)? {
        // The spread columns report only their half-width.
        guard interval != nil, SummaryColumns.index(of: "\(stem)_ci_low") != nil else { return nil }
        return ("\(stem)_ci_low", "\(stem)_ci_high")
    }

    /// The name of this column's unclamped 95% half-width in summary.csv, if it has one.
    public var halfWidthColumn: String? { interval == nil ? nil : "\(stem)_half_width" }

    /// `fresh` for `fresh_rate`.
    var stem: String { name.hasSuffix("_rate") ? String(name.dropLast(5)) : name }

    /// The 95% interval of this column for an arm, when it has one.
    public func confidenceInterval(_ statistics: ArmStatistics, days: Int) -> ConfidenceInterval? {
        interval?(statistics, days)
    }

    /// The value for an arm, given the simulated days per device.
    public func value(_ statistics: ArmStatistics, days: Int) -> Double? { value(statistics, days) }

    /// The CSV text: fixed decimals so the file is byte-stable; empty when undefined.
    public func formatted(_ statistics: ArmStatistics, days: Int) -> String { text(value(statistics, days)) }

    /// `value` as the reports write it: fixed decimals, empty when undefined.
    public func text(_ value: Double?) -> String {
        guard let value else { return "" }
        // A count beyond Int64 (only a hand-made baseline holds one) is written, not trapped on.
        guard decimals == 0, let count = Int64(exactly: value.rounded(.towardZero)) else {
            return String(format: "%.\(decimals)f", value)
        }
        return String(count)
    }

    /// `value` at the precision the reports publish it, the figure `check` and `expect` judge.
    public func published(_ value: Double?) -> Double? { value.flatMap { Double(text($0)) } }
}

public enum SummaryColumns {
    /// The unit of the lifecycle counts: events per 1,000 device-days.
    public static let perThousandDeviceDays = "per 1,000 device-days"
    /// The rates reported with count, rate and interval, in docs/model.md §8's order.
    public static let rates: [RateMetric] = [.fresh, .stale, .fallback, .suppressed, .missed, .blocked, .late]

    /// Every numeric column after `arm`, `strategy`, `platform`.
    public static let all: [SummaryColumn] = {
        var columns: [SummaryColumn] = [
            SummaryColumn(
                name: "devices", unit: "count", meaning: "simulated devices (independent replications)",
                direction: .neutral, rate: nil, value: { s, _ in Double(s.devices) }, decimals: 0),
            SummaryColumn(
                name: "cycles", unit: "count", meaning: "device-cycles simulated (devices × cycles per device)",
                direction: .neutral, rate: nil, value: { s, _ in Double(s.cycles) }, decimals: 0),
        ]
        func rateColumns(_ metric: RateMetric, _ meaning: String) {
            let direction: SummaryColumn.Direction =
                metric.higherIsBetter
                ? .higherIsBetter
                : (metric == .suppressed ? .neutral : .lowerIsBetter)
            columns.append(
                SummaryColumn(
                    name: metric.name, unit: "count", meaning: "cycles \(meaning)",
                    direction: .neutral, rate: nil, value: { s, _ in Double(s.count(metric)) }, decimals: 0))
            columns.append(
                SummaryColumn(
                    name: "\(metric.name)_rate", unit: "fraction", meaning: "share of cycles \(meaning)",
                    direction: direction, rate: metric, value: { s, _ in s.rate(metric) }, decimals: 6))
            columns.append(
                SummaryColumn(
                    name: "\(metric.name)_ci_low", unit: "fraction",
                    meaning: "lower bound of the 95% interval of \(metric.name)_rate",
                    direction: .neutral, rate: nil, value: { s, _ in s.interval(metric).low }, decimals: 6))
            columns.append(
                SummaryColumn(
                    name: "\(metric.name)_ci_high", unit: "fraction",
                    meaning: "upper bound of the 95% interval of \(metric.name)_rate",
                    direction: .neutral, rate: nil, value: { s, _ in s.interval(metric).high }, decimals: 6))
        }
        rateColumns(.fresh, "shown with content fetched at or after this cycle's F")
        rateColumns(.stale, "shown with content fetched in an earlier cycle")
        rateColumns(.fallback, "shown with the fallback title and body")
        rateColumns(.suppressed, "not shown because this cycle's fetch found no updates")
        rateColumns(.missed, "not shown although a notification was due")
        rateColumns(.blocked, "that would have been shown, but the user denied the app notifications")
        rateColumns(.late, "shown more than metrics.lateAfter after T")
        func seconds(
            _ name: String, _ meaning: String, _ direction: SummaryColumn.Direction,
            _ read: @escaping @Sendable (ArmStatistics) -> Int64?
        ) {
            columns.append(
                SummaryColumn(
                    name: name, unit: "s", meaning: meaning, direction: direction, rate: nil,
                    value: { s, _ in read(s).map { SimTime.seconds($0) } }, decimals: 3))
        }
        seconds("lateness_p50_s", "median of display time − T over shown notifications", .lowerIsBetter) {
            $0.lateness.quantile(0.5)
        }
        seconds("lateness_p90_s", "90th percentile of display time − T", .lowerIsBetter) { $0.lateness.quantile(0.9) }
        seconds("lateness_p99_s", "99th percentile of display time − T", .lowerIsBetter) { $0.lateness.quantile(0.99) }
        seconds("lateness_max_s", "largest display time − T", .neutral) {
            $0.lateness.total > 0 ? $0.lateness.maximum : nil
        }
        rateColumns(.notifiedBeforeFetch, "shown before any fetch completed at or after this cycle's F")
        seconds("content_age_p50_s", "median of display time − completion of the shown content's fetch", .lowerIsBetter)
        {
            $0.contentAge.quantile(0.5)
        }
        seconds("content_age_p90_s", "90th percentile of content age at display", .lowerIsBetter) {
            $0.contentAge.quantile(0.9)
        }
        seconds(
            "update_delay_p50_s", "median time from a server update to the first notification showing it",
            .lowerIsBetter
        ) {
            $0.updateDelay.quantile(0.5)
        }
        seconds("update_delay_p95_s", "95th percentile of update delay", .lowerIsBetter) {
            $0.updateDelay.quantile(0.95)
        }
        // The counters docs/model.md §4 names, then (below) those added later, each group after every earlier column.
        var placed = 0
        func counterColumns(through last: Counter?) {
            while let counter = Counter(rawValue: placed), counter.rawValue <= (last ?? counter).rawValue {
                columns += columnsOf(counter)
                placed += 1
            }
        }
        counterColumns(through: .appOpens)
        // The full percentile set of each duration, after the mandatory columns of docs/model.md §8.
        seconds("lateness_p95_s", "95th percentile of display time − T", .lowerIsBetter) { $0.lateness.quantile(0.95) }
        seconds("content_age_p95_s", "95th percentile of content age at display", .neutral) {
            $0.contentAge.quantile(0.95)
        }
        seconds("content_age_p99_s", "99th percentile of content age at display", .neutral) {
            $0.contentAge.quantile(0.99)
        }
        seconds("content_age_max_s", "largest content age at display", .neutral) {
            $0.contentAge.total > 0 ? $0.contentAge.maximum : nil
        }
        seconds("update_delay_p90_s", "90th percentile of update delay", .neutral) { $0.updateDelay.quantile(0.9) }
        seconds("update_delay_p99_s", "99th percentile of update delay", .neutral) { $0.updateDelay.quantile(0.99) }
        seconds("update_delay_max_s", "largest update delay", .neutral) {
            $0.updateDelay.total > 0 ? $0.updateDelay.maximum : nil
        }
        // Each interval's half-width before clamping to [0, 1]: check's tolerances and precision targets use it.
        func halfWidths() {
            let named = Set(columns.map(\.name))
            for rate in columns where rate.interval != nil && !named.contains(rate.halfWidthColumn!) {
                columns.append(
                    SummaryColumn(
                        name: rate.halfWidthColumn!, unit: "fraction",
                        meaning: "half-width of the 95% interval of \(rate.name) before clamping to [0, 1]",
                        direction: .neutral, rate: nil,
                        value: { s, days in rate.confidenceInterval(s, days: days)?.halfWidth }, decimals: 6))
            }
        }
        halfWidths()
        // Costs added with the push strategies, then the lifecycle's (docs/lifecycle.md), after every earlier column.
        counterColumns(through: .duplicates)
        seconds(
            "setup_latency_p50_s",
            "median time from turning New Activity on again (or moving it) to its first notification",
            .lowerIsBetter
        ) { $0.setupLatency.quantile(0.5) }
        seconds("setup_latency_p90_s", "90th percentile of setup latency", .lowerIsBetter) {
            $0.setupLatency.quantile(0.9)
        }
        // Counters added since, in catalog order, and the half-width of any interval they bring.
        counterColumns(through: .reboots)
        halfWidths()
        spreadColumns(&columns)
        halfWidths()
        // Counters added after the spread (`updates_fresh`, issue 40), so no earlier column moves.
        counterColumns(through: nil)
        halfWidths()
        // Last, and written only when the scenario sets `metrics.maxContentAge` (`withinAgeStart`).
        withinAgeColumns(&columns)
        return columns
    }()

    /// The index of the first column a report writes only with `metrics.maxContentAge`: every
    /// column from here on is `within_age`'s.
    public static let withinAgeStart = all.firstIndex { $0.name == "within_age" } ?? all.count

    /// The columns a report of these rows writes: all of them, or those before `within_age`'s
    /// when no row measured it (every report of a scenario without `metrics.maxContentAge`).
    public static func writtenCount(measuresWithinAge: Bool) -> Int { measuresWithinAge ? all.count : withinAgeStart }

    public static func named(_ name: String) -> SummaryColumn? { index(of: name).map { all[$0] } }

    /// The position of the column called `name` in `all`.
    public static func index(of name: String) -> Int? { positions[name] }

    private static let positions: [String: Int] = Dictionary(
        uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })

    public static var names: [String] { all.map(\.name) }
}

extension SummaryColumns {
    /// `within_age`, its rate, interval and half-width (docs/model.md §4, "A team's own rules"):
    /// undefined (nil) when the arm's statistics do not measure it.
    static func withinAgeColumns(_ columns: inout [SummaryColumn]) {
        let meaning = "shown with API content no older than metrics.maxContentAge when seen, from any fetch"
        let none = ConfidenceInterval(estimate: 0, low: 0, high: 0, method: .student)
        func interval(_ name: String, _ meaning: String, _ read: @escaping @Sendable (ConfidenceInterval) -> Double) {
            columns.append(
                SummaryColumn(
                    name: name, unit: "fraction", meaning: meaning, direction: .neutral, rate: nil,
                    value: { s, _ in s.withinAgeInterval.map(read) }, decimals: 6))
        }
        columns.append(
            SummaryColumn(
                name: "within_age", unit: "count", meaning: "cycles \(meaning)", direction: .neutral,
                rate: nil, value: { s, _ in s.withinAge.map { Double($0.count) } }, decimals: 0))
        columns.append(
            SummaryColumn(
                name: "within_age_rate", unit: "fraction", meaning: "share of cycles \(meaning)",
                direction: .higherIsBetter, rate: nil, value: { s, _ in s.withinAgeRate }, decimals: 6,
                interval: { s in s.withinAgeInterval ?? none }))
        interval("within_age_ci_low", "lower bound of the 95% interval of within_age_rate") { $0.low }
        interval("within_age_ci_high", "upper bound of the 95% interval of within_age_rate") { $0.high }
        interval("within_age_half_width", "half-width of the 95% interval of within_age_rate before clamping to [0, 1]")
        {
            $0.halfWidth
        }
    }

    /// The spread over devices (docs/model.md §8 "Spread over devices"): quantiles of the per-device `fresh` and
    /// `missed` rates, each with its order-statistic interval, and the share of devices below the fresh threshold.
    static func spreadColumns(_ columns: inout [SummaryColumn]) {
        let none = ConfidenceInterval(estimate: 0, low: 0, high: 0, method: .orderStatistic)
        func quantile(
            _ name: String, _ q: Double, _ direction: SummaryColumn.Direction, _ meaning: String,
            _ histogram: @escaping @Sendable (ArmStatistics) -> DeviceRateHistogram
        ) {
            columns.append(
                SummaryColumn(
                    name: name, unit: "fraction", meaning: meaning, direction: direction, rate: nil,
                    value: { s, _ in histogram(s).quantile(q) }, decimals: 3,
                    interval: { s in histogram(s).quantileInterval(q) ?? none }))
        }
        quantile(
            "fresh_device_p10", 0.1, .higherIsBetter,
            "10th percentile over devices of a device's fresh rate (its worst-served tenth)"
        ) {
            $0.freshByDevice
        }
        quantile("fresh_device_p50", 0.5, .higherIsBetter, "median over devices of a device's fresh rate") {
            $0.freshByDevice
        }
        quantile("fresh_device_p90", 0.9, .higherIsBetter, "90th percentile over devices of a device's fresh rate") {
            $0.freshByDevice
        }
        quantile("missed_device_p90", 0.9, .lowerIsBetter, "90th percentile over devices of a device's missed rate") {
            $0.missedByDevice
        }
        columns.append(
            SummaryColumn(
                name: "devices_fresh_below", unit: "fraction",
                meaning: "share of devices whose fresh rate is below metrics.deviceFreshBelow (default 50%)",
                direction: .lowerIsBetter, rate: nil, value: { s, _ in s.devicesFreshBelowShare?.estimate },
                decimals: 6, interval: { s in s.devicesFreshBelowShare ?? none }))
    }
}
