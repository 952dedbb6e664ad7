import DNSimCore

/// The table every analysis of many variants reads, the EMA workbench's experiments × outcomes:
/// one cell per variant (a study's world, a sweep's point, a fleet's segment) × arm, holding that
/// arm's summary figures as numbers (`SummaryTable.Row`). A cell is a few hundred numbers whatever
/// the devices and days, so a study of many worlds keeps its table, not every world's statistics.
public struct ExperimentTable: Sendable {
    public var arms: [Arm]
    /// Simulated days per device, the same in every variant.
    public var days: Int
    /// [variant][arm], arms in `arms`' order.
    public var cells: [[SummaryTable.Row]]

    public init(arms: [Arm], days: Int, cells: [[SummaryTable.Row]] = []) {
        self.arms = arms
        self.days = days
        self.cells = cells
    }

    /// One variant's cells from its arms' statistics.
    public static func cells(_ arms: [Arm], _ statistics: [ArmStatistics], days: Int) -> [SummaryTable.Row] {
        zip(arms, statistics).map { SummaryTable.Row($0, $1, days: days) }
    }

    public var variantCount: Int { cells.count }

    /// `column`'s exact value for `arm` in every variant, in variant order (nil where undefined).
    public func figures(_ column: String, arm: Int) -> [Double?] { cells.map { $0[arm].figure(column) } }

    /// A rate of `arm` in every variant (0 where undefined, as `ArmStatistics.rate` gives it).
    public func rates(_ metric: RateMetric, arm: Int) -> [Double] {
        cells.map { $0[arm].rate(metric) }
    }
}
