import DNSimCore
import DNSimScenario

/// The whole install base of a fleet that mixes platforms (`fleet[].platform`): each strategy's
/// arms merged over the platforms. Every device runs one platform's arms, so the merged devices
/// are the install base in its true platform shares, and the merged rates are the base's.
public struct InstallBase: Sendable {
    public struct Row: Sendable {
        /// The strategy's label (`chained`); the row is `label/all`.
        public var label: String
        public var kind: StrategyKind
        public var statistics: ArmStatistics
        /// The devices on each platform, in `Platform.allCases` order.
        public var devicesByPlatform: [(platform: Platform, devices: Int64)]

        public var arm: String { "\(label)/all" }
    }

    public var rows: [Row]

    /// The install base of `context`, or nil when its fleet does not mix platforms.
    public init?(_ context: ReportContext) {
        guard context.plan.fleet?.mixesPlatforms ?? false else { return nil }
        var rows: [Row] = []
        for (index, arm) in context.plan.arms.enumerated() {
            let statistics = context.result.arms[index]
            if let at = rows.firstIndex(where: { $0.label == arm.strategy.label }) {
                rows[at].statistics.merge(statistics)
                rows[at].devicesByPlatform.append((arm.platform, statistics.devices))
            } else {
                rows.append(
                    Row(
                        label: arm.strategy.label, kind: arm.strategy.kind, statistics: statistics,
                        devicesByPlatform: [(arm.platform, statistics.devices)]))
            }
        }
        self.rows = rows
    }

    /// The rows as `install-base.csv` writes them: `summary.csv`'s columns, platform `all`.
    public func table(days: Int) -> SummaryTable {
        SummaryTable(
            rows: rows.map { row in
                let s = row.statistics
                return SummaryTable.Row(
                    arm: row.arm, strategy: row.kind.rawValue, platform: "all",
                    ciMethod: s.devices > 1 ? "t_across_devices" : "wilson_over_cycles", fingerprint: s.fingerprintHex,
                    values: SummaryColumns.all.map { $0.value(s, days: days) })
            })
    }
}
