import DNSimCore
import DNSimDecision
import DNSimScenario

/// What an uncertainty study ran: every world's parameter values and every arm's statistics in
/// each world, with the utility and feasibility the objective gives them. Everything the study's
/// reports say is computed from this table (`UncertaintyAnalysis`), so `uncertainty.csv` alone
/// reproduces them.
public struct UncertaintyStudy: Sendable {
    public var scenario: Scenario
    public var settings: UncertaintySettings
    public var objective: Objective
    public var designs: [DesignWorld]
    /// [world][parameter], in each parameter's internal unit (ms for durations, index for a choice).
    public var values: [[Double]]
    /// Every world × arm's summary figures (worlds are the table's variants).
    public var table: ExperimentTable
    public var arms: [Arm] { table.arms }
    public var days: Int { table.days }
    public var devicesPerWorld: Int
    public var seed: UInt64
    public var reproduceCommand: String
    /// [world][arm].
    public var utilities: [[Double]]
    public var feasible: [[Bool]]
    /// How the study grew under `--until-stable`; nil for a study of its written samples.
    public var growth: StudyGrowth?
    /// Each device's outcome counts summed over the worlds, when the study was run here (not merged
    /// from shards): the device noise of a figure averaged over the worlds (`StudyFigureErrors`).
    public var deviceTotals: DeviceOutcomeTotals?

    /// - Parameter table: one variant per world, in `worlds`' order.
    public init(
        scenario: Scenario, settings: UncertaintySettings, objective: Objective, worlds: [UncertaintyWorld],
        table: ExperimentTable, devicesPerWorld: Int, seed: UInt64, reproduceCommand: String
    ) {
        self.scenario = scenario
        self.settings = settings
        self.objective = objective
        designs = worlds.map(\.design)
        values = worlds.map(\.values)
        self.table = table
        self.devicesPerWorld = devicesPerWorld
        self.seed = seed
        self.reproduceCommand = reproduceCommand
        utilities = table.cells.map { world in world.map { objective.utility($0) } }
        feasible = table.cells.map { world in world.map { objective.isFeasible($0) } }
    }

    public init(
        scenario: Scenario, settings: UncertaintySettings, objective: Objective, worlds: [UncertaintyWorld],
        arms: [Arm], results: [SimulationResult], days: Int, devicesPerWorld: Int, seed: UInt64,
        reproduceCommand: String
    ) {
        let table = ExperimentTable(
            arms: arms, days: days, cells: results.map { ExperimentTable.cells(arms, $0.arms, days: days) })
        self.init(
            scenario: scenario, settings: settings, objective: objective, worlds: worlds, table: table,
            devicesPerWorld: devicesPerWorld, seed: seed, reproduceCommand: reproduceCommand)
    }

    public var parameters: [UncertainParameter] { settings.parameters }

    /// The columns of `uncertainty.csv` after the parameters and the arm: every rate and every
    /// cost per device-day of `summary.csv`, in its order; `within_age_rate` last, only when the
    /// scenario sets `metrics.maxContentAge` (so a study without it writes the file as before).
    public var columns: [SummaryColumn] { Self.columns(measuresWithinAge: scenario.maxContentAge != nil) }

    public static func columns(measuresWithinAge: Bool) -> [SummaryColumn] {
        SummaryColumns.all.prefix(SummaryColumns.writtenCount(measuresWithinAge: measuresWithinAge)).filter {
            $0.name.hasSuffix("_rate") || $0.name.hasSuffix("_per_device_day")
        }
    }

    /// Each platform's arms, in the scenario's order.
    public var platforms: [(platform: Platform, arms: [Int])] {
        var result: [(platform: Platform, arms: [Int])] = []
        for (index, arm) in arms.enumerated() {
            if let position = result.firstIndex(where: { $0.platform == arm.platform }) {
                result[position].arms.append(index)
            } else {
                result.append((arm.platform, [index]))
            }
        }
        return result
    }

    /// Parameter values as the reports give them: seconds for durations, the index for a choice.
    public var reportedValues: [[Double]] {
        values.map { world in zip(parameters, world).map { $0.reported($1) } }
    }
}
