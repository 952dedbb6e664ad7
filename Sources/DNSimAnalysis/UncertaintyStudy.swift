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
    public var arms: [Arm]
    /// [world][arm].
    public var statistics: [[ArmStatistics]]
    public var days: Int
    public var devicesPerWorld: Int
    public var seed: UInt64
    public var reproduceCommand: String
    /// [world][arm].
    public var utilities: [[Double]]
    public var feasible: [[Bool]]

    public init(scenario: Scenario, settings: UncertaintySettings, objective: Objective, worlds: [UncertaintyWorld],
                arms: [Arm], results: [SimulationResult], days: Int, devicesPerWorld: Int, seed: UInt64, reproduceCommand: String) {
        self.scenario = scenario
        self.settings = settings
        self.objective = objective
        designs = worlds.map(\.design)
        values = worlds.map(\.values)
        self.arms = arms
        statistics = results.map(\.arms)
        self.days = days
        self.devicesPerWorld = devicesPerWorld
        self.seed = seed
        self.reproduceCommand = reproduceCommand
        utilities = statistics.map { world in world.map { objective.utility($0, days: days) } }
        feasible = statistics.map { world in world.map { objective.isFeasible($0, days: days) } }
    }

    public var parameters: [UncertainParameter] { settings.parameters }

    /// The columns of `uncertainty.csv` after the parameters and the arm: every rate and every
    /// cost per device-day of `summary.csv`, in its order.
    public static let columns: [SummaryColumn] = SummaryColumns.all.filter {
        $0.name.hasSuffix("_rate") || $0.name.hasSuffix("_per_device_day")
    }

    /// Each platform's arms, in the scenario's order.
    public var platforms: [(platform: Platform, arms: [Int])] {
        var result: [(platform: Platform, arms: [Int])] = []
        for (index, arm) in arms.enumerated() {
            if let position = result.firstIndex(where: { $0.platform == arm.platform }) { result[position].arms.append(index) }
            else { result.append((arm.platform, [index])) }
        }
        return result
    }

    /// Parameter values as the reports give them: seconds for durations, the index for a choice.
    public var reportedValues: [[Double]] {
        values.map { world in zip(parameters, world).map { $0.reported($1) } }
    }
}
