/// The per-arm summary every report is written from (`summary.csv`, its
/// JSON twin, the Markdown tables, sweeps) and that `check` reads back from a
/// baseline: one row per arm, one number per `SummaryColumns` column. Numbers stay
/// numbers until a writer formats them (`SummaryColumn.text`), with fixed decimals, so
/// every rendering is byte-stable.
public struct SummaryTable: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var arm: String
        public var strategy: String
        public var platform: String
        public var ciMethod: String
        public var fingerprint: String
        /// One value per `SummaryColumns.all`, in order; nil when undefined (or absent from an older baseline).
        public var values: [Double?]

        public init(
            arm: String, strategy: String, platform: String, ciMethod: String, fingerprint: String, values: [Double?]
        ) {
            self.arm = arm
            self.strategy = strategy
            self.platform = platform
            self.ciMethod = ciMethod
            self.fingerprint = fingerprint
            self.values = values
        }

        /// The row of an arm with these statistics over `days` days per device.
        public init(_ arm: Arm, _ statistics: ArmStatistics, days: Int) {
            self.init(
                arm: arm.name, strategy: arm.strategy.kind.rawValue, platform: arm.platform.rawValue,
                ciMethod: statistics.devices > 1 ? "t_across_devices" : "wilson_over_cycles",
                fingerprint: statistics.fingerprintHex,
                values: SummaryColumns.all.map { $0.value(statistics, days: days) })
        }

        /// The column's exact value (analysis reads this; writers round it), nil when undefined or absent.
        public func figure(_ column: String) -> Double? {
            guard let index = SummaryColumns.index(of: column), index < values.count else { return nil }
            return values[index]
        }

        /// A rate's exact value (0 when undefined, as `ArmStatistics.rate` gives it).
        public func rate(_ metric: RateMetric) -> Double { figure("\(metric.name)_rate") ?? 0 }

        /// Each column's text as the reports write it, in `SummaryColumns.all`'s order; empty when undefined.
        public var fields: [String] { zip(SummaryColumns.all, values).map { $0.text($1) } }

        /// Whether the row measured `within_age` (its scenario sets `metrics.maxContentAge`).
        public var measuresWithinAge: Bool {
            values.count > SummaryColumns.withinAgeStart && values[SummaryColumns.withinAgeStart] != nil
        }

        /// `fields` as a report writes them: without `within_age`'s columns unless the row measured it.
        public var writtenFields: ArraySlice<String> {
            fields.prefix(SummaryColumns.writtenCount(measuresWithinAge: measuresWithinAge))
        }

        /// The column's text, or nil when this row does not have the column.
        public func text(_ column: String) -> String? {
            guard let index = SummaryColumns.index(of: column), index < values.count else { return nil }
            return SummaryColumns.all[index].text(values[index])
        }

        /// The column's value at the precision the reports publish it (what `check` and `expect`
        /// judge), or nil when undefined or absent.
        public func value(_ column: String) -> Double? {
            guard let index = SummaryColumns.index(of: column), index < values.count else { return nil }
            return SummaryColumns.all[index].published(values[index])
        }
    }

    public var rows: [Row]

    public init(rows: [Row]) {
        self.rows = rows
    }

    /// The summary of a run of `arms` over `days` simulated days per device.
    public init(arms: [Arm], result: SimulationResult, days: Int) {
        self.init(arms: arms, statistics: result.arms, days: days)
    }

    /// The summary of arms with these statistics (one fleet segment's, say).
    public init(arms: [Arm], statistics: [ArmStatistics], days: Int) {
        rows = zip(arms, statistics).map { Row($0, $1, days: days) }
    }

    public func row(arm: String) -> Row? { rows.first { $0.arm == arm } }

    /// Whether the table's rows measured `within_age` (`metrics.maxContentAge`): its columns are written then.
    public var measuresWithinAge: Bool { rows.contains { $0.measuresWithinAge } }
}
