/// The summary.csv columns of a counter, made from its catalog entry (`Counter.Spec`).
extension SummaryColumns {
    static func columnsOf(_ counter: Counter) -> [SummaryColumn] {
        let meaning = counter.spec.meaning
        switch counter.spec.column {
        case .deviceOnly:
            return []
        case .total(let name):
            return [
                SummaryColumn(
                    name: name, unit: "count", meaning: meaning, direction: .neutral, rate: nil,
                    value: { s, _ in Double(s.sum(counter)) }, decimals: 0)
            ]
        case .perDeviceDay(let stem):
            return [
                SummaryColumn(
                    name: "\(stem)_per_device_day", unit: "per device-day", meaning: meaning, direction: .neutral,
                    rate: nil,
                    value: { s, days in s.perDeviceDay(counter, days: days) }, decimals: 4)
            ]
        case .perThousandDeviceDays(let stem):
            let name = "\(stem)_per_1000_device_days", unit = perThousandDeviceDays
            let interval: @Sendable (ArmStatistics, Int) -> ConfidenceInterval = { s, days in
                s.perThousandDeviceDays(counter, days: days)
            }
            // Bounds and half-width follow the rate's naming (`<name>_ci_low`), as check reads them.
            return [
                SummaryColumn(
                    name: name, unit: unit, meaning: meaning, direction: .lowerIsBetter, rate: nil,
                    value: { s, days in interval(s, days).estimate }, decimals: 4, daysInterval: interval),
                SummaryColumn(
                    name: "\(name)_ci_low", unit: unit, meaning: "lower bound of the 95% interval of \(name)",
                    direction: .neutral, rate: nil, value: { s, days in interval(s, days).low }, decimals: 4),
                SummaryColumn(
                    name: "\(name)_ci_high", unit: unit, meaning: "upper bound of the 95% interval of \(name)",
                    direction: .neutral, rate: nil, value: { s, days in interval(s, days).high }, decimals: 4),
                SummaryColumn(
                    name: "\(name)_half_width", unit: unit, meaning: "half-width of the 95% interval of \(name)",
                    direction: .neutral, rate: nil, value: { s, days in interval(s, days).halfWidth }, decimals: 4),
            ]
        case .ratio(let name, let over, let higherIsBetter):
            // Undefined (empty) while the denominator is zero; the half-width comes with the other intervals'.
            let defined: @Sendable (ArmStatistics) -> Bool = { $0.sum(over) > 0 }
            return [
                SummaryColumn(
                    name: name, unit: "count", meaning: meaning, direction: .neutral, rate: nil,
                    value: { s, _ in Double(s.sum(counter)) }, decimals: 0),
                SummaryColumn(
                    name: "\(name)_rate", unit: "fraction", meaning: "\(name) / \(over.columnName ?? over.spec.key)",
                    direction: higherIsBetter ? .higherIsBetter : .lowerIsBetter, rate: nil,
                    value: { s, _ in defined(s) ? s.ratio(counter) : nil }, decimals: 6,
                    interval: { $0.ratioInterval(counter) }),
                SummaryColumn(
                    name: "\(name)_ci_low", unit: "fraction",
                    meaning: "lower bound of the 95% interval of \(name)_rate (ratio estimator across devices)",
                    direction: .neutral, rate: nil, value: { s, _ in defined(s) ? s.ratioInterval(counter).low : nil },
                    decimals: 6),
                SummaryColumn(
                    name: "\(name)_ci_high", unit: "fraction",
                    meaning: "upper bound of the 95% interval of \(name)_rate",
                    direction: .neutral, rate: nil, value: { s, _ in defined(s) ? s.ratioInterval(counter).high : nil },
                    decimals: 6),
            ]
        }
    }
}

extension Counter {
    /// The name of the counter's first summary.csv column (`updates`, `bg_runs_per_device_day`); nil when it has none.
    public var columnName: String? { SummaryColumns.columnsOf(self).first?.name }
}
