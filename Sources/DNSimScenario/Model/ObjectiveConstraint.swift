import DNSimCore

/// A bound an arm must meet to be recommended: a `summary.csv` column within `min`/`max`.
public struct ObjectiveConstraint: Sendable, Equatable {
    public var metric: String
    public var min: Double?
    public var max: Double?
    public var mark: SourceMark

    /// Whether an arm's statistics meet the bound (an undefined value does not).
    public func holds(_ statistics: ArmStatistics, days: Int) -> Bool {
        guard let value = SummaryColumns.named(metric)?.value(statistics, days: days) else { return false }
        return holds(value)
    }

    /// Whether an arm's summary row meets the bound: the same answer as from its statistics.
    public func holds(_ row: SummaryTable.Row) -> Bool {
        guard let value = row.figure(metric) else { return false }
        return holds(value)
    }

    public func holds(_ value: Double) -> Bool {
        if let min, value < min { return false }
        if let max, value > max { return false }
        return true
    }

    /// `missed_rate ≤ 2%`, as reports print it.
    public var text: String {
        let isRate = SummaryColumns.named(metric)?.unit == "fraction"
        func show(_ value: Double) -> String {
            isRate ? "\(ScenarioReader.show((value * 10_000).rounded() / 100))%" : ScenarioReader.show(value)
        }
        switch (min, max) {
        case (let low?, let high?): return "\(show(low)) ≤ \(metric) ≤ \(show(high))"
        case (let low?, nil): return "\(metric) ≥ \(show(low))"
        case (nil, let high?): return "\(metric) ≤ \(show(high))"
        case (nil, nil): return metric
        }
    }
}
