import DNSimCore
import DNSimScenario

/// What a report is decided and written from: the scenario, the plan actually
/// run, its merged statistics, and the command that reproduces it.
public struct ReportContext: Sendable {
    public var scenario: Scenario
    public var plan: SimulationPlan
    public var result: SimulationResult
    /// Simulated local days per device (after command-line overrides).
    public var days: Int
    /// The canonical command line (scenario path, seed and any overrides).
    public var reproduceCommand: String
    /// How a `precision:` target went, when the run had one.
    public var precision: Experiment.PrecisionOutcome?

    public init(scenario: Scenario, plan: SimulationPlan, result: SimulationResult, days: Int, reproduceCommand: String)
    {
        self.scenario = scenario
        self.plan = plan
        self.result = result
        self.days = days
        self.reproduceCommand = reproduceCommand
    }

    public var cyclesPerDevice: Int { plan.world.calendar.count }

    /// Each fleet segment's name and arm statistics, in the fleet's order; empty without a
    /// fleet. A fleet of one segment has the fleet's own.
    public var segments: [(name: String, arms: [ArmStatistics])] {
        guard let fleet = plan.fleet else { return [] }
        guard let segments = result.segments else { return [(fleet.segments[0].name, result.arms)] }
        return zip(fleet.names, segments).map { ($0, $1) }
    }

    /// The fleet's segments as variants of one table (in `segments`' order); no variant without a fleet.
    public var segmentTable: ExperimentTable {
        ExperimentTable(
            arms: plan.arms, days: days, cells: segments.map { ExperimentTable.cells(plan.arms, $0.arms, days: days) })
    }

    /// The per-arm summary every rendering starts from.
    public var summary: SummaryTable { SummaryTable(arms: plan.arms, result: result, days: days) }
}
