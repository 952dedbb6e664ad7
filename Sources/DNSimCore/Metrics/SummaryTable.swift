/// The per-arm summary every report is written from (`summary.csv`, its
/// JSON twin, the Markdown tables, sweeps) and that `check` reads back from a
/// baseline: one row per arm, one field per `SummaryColumns` column, kept as
/// the exact text the CSV holds so every rendering is byte-stable.
public struct SummaryTable: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var arm: String
        public var strategy: String
        public var platform: String
        public var ciMethod: String
        public var fingerprint: String
        /// One field per `SummaryColumns.all`, in order; empty when undefined.
        public var fields: [String]

        public init(arm: String, strategy: String, platform: String, ciMethod: String, fingerprint: String, fields: [String]) {
            self.arm = arm
            self.strategy = strategy
            self.platform = platform
            self.ciMethod = ciMethod
            self.fingerprint = fingerprint
            self.fields = fields
        }

        /// The column's text, or nil when this row does not have the column.
        public func text(_ column: String) -> String? {
            guard let index = SummaryColumns.index(of: column), index < fields.count else { return nil }
            return fields[index]
        }

        /// The column's value, or nil when undefined (an empty field) or absent.
        public func value(_ column: String) -> Double? {
            text(column).flatMap { Double($0) }
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
        rows = zip(arms, statistics).map { arm, statistics in
            Row(arm: arm.name, strategy: arm.strategy.kind.rawValue, platform: arm.platform.rawValue,
                ciMethod: statistics.devices > 1 ? "t_across_devices" : "wilson_over_cycles",
                fingerprint: statistics.fingerprintHex,
                fields: SummaryColumns.all.map { $0.formatted(statistics, days: days) })
        }
    }

    public func row(arm: String) -> Row? { rows.first { $0.arm == arm } }
}
