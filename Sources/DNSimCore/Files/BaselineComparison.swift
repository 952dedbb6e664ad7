/// A run's summary against a committed baseline's, rate by rate (docs/model.md §7's
/// `check`). A rate regresses when it got worse by more than its tolerance:
/// the two runs' 95% interval half-widths combined in quadrature,
/// √(h₁² + h₂²), which approximates a two-sample test at the 5% level, with
/// a floor of 0.1 percentage points so that zero-width intervals (a rate
/// that is 0 on every device) do not flag noise. Improvements are reported,
/// never failed.
public struct BaselineComparison: Sendable {
    public static let toleranceFloor = 0.001
    /// The floor for counts per 1,000 device-days (orphans, unwanted reminders, duplicates).
    public static let perThousandToleranceFloor = 0.1

    /// One rate of one arm, compared: the numbers behind the verdict.
    public struct Change: Sendable, Equatable {
        /// What the comparison found.
        public enum Verdict: String, Sendable {
            case regression
            case improvement
            case withinTolerance = "within_tolerance"
        }

        public var arm: String
        /// The column, e.g. `missed_rate`.
        public var column: String
        public var before: Double
        public var after: Double
        public var tolerance: Double
        /// Whether a higher value is better (`fresh`) or worse (every other rate compared).
        public var higherIsBetter: Bool = false
        /// The 95% half-widths the tolerance combines (nil when a row lacked them: the floor applies).
        public var baselineHalfWidth: Double?
        public var runHalfWidth: Double?

        /// How much worse the run is than the baseline, in the rate's own units (negative: better).
        public var worsening: Double { higherIsBetter ? before - after : after - before }

        public var verdict: Verdict {
            if worsening > tolerance { return .regression }
            return -worsening > tolerance ? .improvement : .withinTolerance
        }

        /// `chained/ios missed: 0.0% → 9.4% (+9.4 pp, tolerance 0.3 pp)`.
        public var description: String {
            if column.hasSuffix("_per_1000_device_days") {
                return "\(arm) \(column.dropLast(21)) per 1,000 device-days: "
                    + String(format: "%.2f → %.2f (%+.2f, tolerance %.2f)", before, after, after - before, tolerance)
            }
            let name = column.hasSuffix("_rate") ? String(column.dropLast(5)) : column
            let numbers = String(
                format: "%.1f%% → %.1f%% (%+.1f pp, tolerance %.1f pp)",
                before * 100, after * 100, (after - before) * 100, tolerance * 100)
            return "\(arm) \(name): \(numbers)"
        }
    }

    /// Every rate compared, arm by arm in the run's order, columns in `summary.csv` order.
    public var comparisons: [Change] = []
    public var regressions: [Change] { comparisons.filter { $0.verdict == .regression } }
    public var improvements: [Change] { comparisons.filter { $0.verdict == .improvement } }
    /// Arms the baseline does not have.
    public var newArms: [String] = []
    /// Arms whose behaviour fingerprint differs from the baseline's.
    public var changedArms: [String] = []
    /// Each compared arm's fingerprints: (arm, baseline, run); the baseline's is empty when it recorded none.
    public var fingerprints: [(arm: String, baseline: String, run: String)] = []

    public init(baseline: SummaryTable, current: SummaryTable) {
        for row in current.rows {
            guard let old = baseline.row(arm: row.arm) else {
                newArms.append(row.arm)
                continue
            }
            fingerprints.append((row.arm, old.fingerprint, row.fingerprint))
            if !old.fingerprint.isEmpty, old.fingerprint != row.fingerprint { changedArms.append(row.arm) }
            for column in SummaryColumns.all
            where column.direction != .neutral
                && (column.unit == "fraction" || column.unit == SummaryColumns.perThousandDeviceDays)
            {
                guard let before = old.value(column.name), let after = row.value(column.name) else { continue }
                comparisons.append(
                    Change(
                        arm: row.arm, column: column.name, before: before, after: after,
                        tolerance: Self.tolerance(column, old, row),
                        higherIsBetter: column.direction == .higherIsBetter,
                        baselineHalfWidth: Self.halfWidth(column, old), runHalfWidth: Self.halfWidth(column, row)))
            }
        }
    }

    /// √(h₁² + h₂²) from each row's unclamped half-width (or, in a baseline
    /// written before those were reported, its interval bounds), at least the floor.
    static func tolerance(_ column: SummaryColumn, _ a: SummaryTable.Row, _ b: SummaryTable.Row) -> Double {
        let floor = column.unit == SummaryColumns.perThousandDeviceDays ? perThousandToleranceFloor : toleranceFloor
        guard let h1 = halfWidth(column, a), let h2 = halfWidth(column, b) else { return floor }
        return max(floor, (h1 * h1 + h2 * h2).squareRoot())
    }

    static func halfWidth(_ column: SummaryColumn, _ row: SummaryTable.Row) -> Double? {
        if let name = column.halfWidthColumn, let half = row.value(name) { return half }
        guard let bounds = column.intervalColumns, let low = row.value(bounds.low), let high = row.value(bounds.high)
        else { return nil }
        return (high - low) / 2
    }
}
