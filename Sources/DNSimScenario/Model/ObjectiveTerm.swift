import DNSimCore

/// One weighted term of an objective: an outcome rate, lost updates per cycle, or a cost per device-day.
public enum ObjectiveTerm: Sendable, Equatable, Hashable {
    case rate(RateMetric)
    case lostPerCycle
    /// A `summary.csv` column `*_per_device_day`, or a spread column (`fresh_device_p10`, …).
    case cost(String)
    /// `within_age_rate`: the team's own staleness rule (`metrics.maxContentAge`).
    case withinAge

    /// The rates a weight may name, by their bare names.
    public static let rateNames: [String] = RateMetric.allCases.map(\.name)
    /// The per-device-day columns a weight may name, the spread and the per-update share.
    public static let costNames: [String] =
        SummaryColumns.names.filter { $0.hasSuffix("_per_device_day") } + spreadNames + perUpdateNames
    /// The spread over devices a weight may name: a team may weigh its worst-served devices.
    public static let spreadNames = [
        "fresh_device_p10", "fresh_device_p50", "fresh_device_p90", "missed_device_p90", "devices_fresh_below",
    ]
    /// Every strategy's per-update measure, so an objective can weigh `onNews` against a cycle arm (a share of updates).
    public static let perUpdateNames = ["updates_fresh_rate"]
    public static var names: [String] { rateNames + ["lost", "within_age"] + costNames }

    public init?(name: String) {
        if let metric = RateMetric.allCases.first(where: { $0.name == name }) {
            self = .rate(metric)
        } else if name == "lost" {
            self = .lostPerCycle
        } else if name == "within_age" || name == "within_age_rate" {
            self = .withinAge
        } else if Self.costNames.contains(name) {
            self = .cost(name)
        } else {
            return nil
        }
    }

    public var name: String {
        switch self {
        case .rate(let metric): metric.name
        case .lostPerCycle: "lost"
        case .cost(let column): column
        case .withinAge: "within_age"
        }
    }

    /// The term's value for an arm over `days` simulated days per device.
    public func value(_ statistics: ArmStatistics, days: Int) -> Double {
        switch self {
        case .rate(let metric): return statistics.rate(metric)
        case .lostPerCycle:
            return statistics.cycles > 0 ? Double(statistics.sum(.lostUpdates)) / Double(statistics.cycles) : 0
        case .cost(let column): return SummaryColumns.named(column)?.value(statistics, days: days) ?? 0
        case .withinAge: return statistics.withinAgeRate ?? 0
        }
    }

    /// The term's value for an arm's summary row: the same number as from its statistics.
    public func value(_ row: SummaryTable.Row) -> Double {
        switch self {
        case .rate(let metric): return row.rate(metric)
        case .lostPerCycle:
            let cycles = row.figure("cycles") ?? 0
            return cycles > 0 ? (row.figure("lost_updates") ?? 0) / cycles : 0
        case .cost(let column): return row.figure(column) ?? 0
        case .withinAge: return row.figure("within_age_rate") ?? 0
        }
    }
}
