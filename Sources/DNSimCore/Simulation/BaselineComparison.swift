/// A run's summary against a committed baseline's, rate by rate (SPEC §7's
/// `check`). A rate regresses when it got worse by more than its tolerance:
/// the two runs' 95% interval half-widths combined in quadrature,
/// √(h₁² + h₂²), which approximates a two-sample test at the 5% level, with
/// a floor of 0.1 percentage points so that zero-width intervals (a rate
/// that is 0 on every device) do not flag noise. Improvements are reported,
/// never failed.
public struct BaselineComparison: Sendable {
    public static let toleranceFloor = 0.001

    /// One rate of one arm that moved beyond its tolerance.
    public struct Change: Sendable, Equatable {
        public var arm: String
        /// The column, e.g. `missed_rate`.
        public var column: String
        public var before: Double
        public var after: Double
        public var tolerance: Double

        /// `chained/ios missed: 0.0% → 9.4% (+9.4 pp, tolerance 0.3 pp)`.
        public var description: String {
            let name = column.hasSuffix("_rate") ? String(column.dropLast(5)) : column
            let numbers = String(format: "%.1f%% → %.1f%% (%+.1f pp, tolerance %.1f pp)",
                                 before * 100, after * 100, (after - before) * 100, tolerance * 100)
            return "\(arm) \(name): \(numbers)"
        }
    }

    public var regressions: [Change] = []
    public var improvements: [Change] = []
    /// Arms the baseline does not have.
    public var newArms: [String] = []
    /// Arms whose behaviour fingerprint differs from the baseline's.
    public var changedArms: [String] = []

    public init(baseline: SummaryTable, current: SummaryTable) {
        for row in current.rows {
            guard let old = baseline.row(arm: row.arm) else {
                newArms.append(row.arm)
                continue
            }
            if !old.fingerprint.isEmpty, old.fingerprint != row.fingerprint { changedArms.append(row.arm) }
            for column in SummaryColumns.all where column.direction != .neutral && column.unit == "fraction" {
                guard let before = old.value(column.name), let after = row.value(column.name) else { continue }
                let tolerance = Self.tolerance(column, old, row)
                let worse = column.direction == .lowerIsBetter ? after - before : before - after
                let change = Change(arm: row.arm, column: column.name, before: before, after: after, tolerance: tolerance)
                if worse > tolerance { regressions.append(change) } else if -worse > tolerance { improvements.append(change) }
            }
        }
    }

    /// √(h₁² + h₂²) from each row's unclamped half-width (or, in a baseline
    /// written before those were reported, its interval bounds), at least the floor.
    static func tolerance(_ column: SummaryColumn, _ a: SummaryTable.Row, _ b: SummaryTable.Row) -> Double {
        func halfWidth(_ row: SummaryTable.Row) -> Double? {
            if let name = column.halfWidthColumn, let half = row.value(name) { return half }
            guard let bounds = column.intervalColumns, let low = row.value(bounds.low), let high = row.value(bounds.high) else { return nil }
            return (high - low) / 2
        }
        guard let h1 = halfWidth(a), let h2 = halfWidth(b) else { return toleranceFloor }
        return max(toleranceFloor, (h1 * h1 + h2 * h2).squareRoot())
    }
}
