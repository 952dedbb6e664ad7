import DNSimAnalysis
import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// Runs an uncertainty study's worlds (already built and validated) and gathers its table;
/// `--shard` runs a slice of the worlds and `merge` gathers the slices into the same table.
public enum StudyRun {
    /// - Parameter untilStable: with a cap of worlds, grow the study (`grow`); nil, run `worlds`.
    public static func run(
        _ scenario: Scenario, worlds: [UncertaintyWorld], _ overrides: RunOverrides, jobs: Int,
        feedback: RunFeedback, reproduceCommand: String,
        untilStable maxWorlds: Int? = nil
    ) throws(UsageError) -> UncertaintyStudy? {
        guard scenario.uncertainty != nil, scenario.objective != nil, !worlds.isEmpty else { return nil }
        if let maxWorlds {
            return try grow(
                scenario, worlds: worlds, overrides, jobs: jobs, feedback: feedback,
                reproduceCommand: reproduceCommand + " --until-stable --max-worlds \(maxWorlds)", maxWorlds: maxWorlds)
        }
        let plans = try self.plans(scenario, worlds: worlds, overrides)
        let days = overrides.days ?? scenario.days
        let totals = DeviceOutcomeTotals.affordable(devices: plans[0].devices, arms: plans[0].arms.count)
        let cells = runCells(scenario, plans: plans, jobs: jobs, feedback: feedback, days: days, totals: totals)
        var study = study(
            scenario, worlds: worlds, plans: plans,
            table: ExperimentTable(arms: plans[0].arms, days: days, cells: cells),
            reproduceCommand: reproduceCommand)
        study?.deviceTotals = totals
        if let study { warnCoverage(study, feedback: feedback) }
        return study
    }

    /// Each world's figures, kept as its run ends: memory grows by a table row per world, not by its statistics.
    /// Each world's devices' outcome counts are added to `totals` (when the study can afford them), for
    /// the study's device noise.
    private static func runCells(
        _ scenario: Scenario, plans: [SimulationPlan], jobs: Int, feedback: RunFeedback,
        days: Int, totals: DeviceOutcomeTotals?
    ) -> [[SummaryTable.Row]] {
        let bar = feedback.progress?("\(scenario.name) uncertainty (\(plans.count) worlds)")
        let total = plans.count
        let arms = plans[0].arms
        let cells = StudyRunner.run(
            plans: plans, jobs: jobs, progress: { done in bar?.update(done, of: total) }, deviceTotals: totals
        ) {
            ExperimentTable.cells(arms, $0.arms, days: days)
        }
        bar?.finish()
        return cells
    }

    /// `--until-stable`: runs the written samples' worlds, then while some platform's stability is
    /// below 0.95 (`StudyGrowth.stability`, the report's own figure) doubles the Sobol samples
    /// within the cap and runs only the new worlds: a Sobol design's worlds are a prefix of a
    /// larger one's, so every earlier world, and its figures, stay what they were. The study is
    /// then exactly the fixed-size study of its final samples, with how it grew.
    static func grow(
        _ scenario: Scenario, worlds: [UncertaintyWorld], _ overrides: RunOverrides, jobs: Int, feedback: RunFeedback,
        reproduceCommand: String, maxWorlds: Int
    ) throws(UsageError) -> UncertaintyStudy? {
        guard let settings = scenario.uncertainty else { return nil }
        let perSample = max(1, settings.worldCount / max(settings.samples, 1))
        let maxSamples = max(settings.samples, maxWorlds / perSample)
        let days = overrides.days ?? scenario.days
        var current = scenario, all = worlds
        var plans = try self.plans(scenario, worlds: worlds, overrides)
        let totals = DeviceOutcomeTotals.affordable(devices: plans[0].devices, arms: plans[0].arms.count)
        var cells = runCells(scenario, plans: plans, jobs: jobs, feedback: feedback, days: days, totals: totals)
        var steps: [(worlds: Int, stability: Double)] = []
        while true {
            guard
                let study = study(
                    current, worlds: all, plans: plans,
                    table: ExperimentTable(arms: plans[0].arms, days: days, cells: cells),
                    reproduceCommand: reproduceCommand)
            else { return nil }
            let stability = StudyGrowth.stability(study)
            steps.append((all.count, stability))
            let samples = current.uncertainty!.samples
            let next = min(2 * samples, maxSamples)
            if stability >= StudyGrowth.target || next <= samples {
                var grown = study
                grown.deviceTotals = totals
                grown.growth = StudyGrowth(
                    initialSamples: settings.samples, initialWorlds: worlds.count, maxWorlds: maxWorlds, steps: steps,
                    stop: stability >= StudyGrowth.target ? .stable : .cap)
                warnCoverage(grown, feedback: feedback)
                return grown
            }
            current.uncertainty!.samples = next
            let more: [UncertaintyWorld]
            do {
                more = try current.uncertaintyWorlds(
                    devices: overrides.devices, days: overrides.days, seed: overrides.seed)
            } catch {
                throw UsageError(error.description)
            }
            // The design's promise, checked: the earlier worlds are the larger design's first ones.
            precondition(
                zip(all, more).allSatisfy { $0.design == $1.design && $0.values == $1.values },
                "a Sobol design extends by its prefix")
            let fresh = Array(more[all.count...])
            let freshPlans = try self.plans(current, worlds: fresh, overrides)
            cells += runCells(current, plans: freshPlans, jobs: jobs, feedback: feedback, days: days, totals: totals)
            plans += freshPlans
            all = more
        }
    }

    /// An arm the study does not assess is said on stderr, as the scenario's warnings are (even when quiet).
    public static func warnCoverage(_ study: UncertaintyStudy, feedback: RunFeedback) {
        for warning in ArmCoverage.warnings(study) {
            feedback.note(
                Diagnostic(file: study.scenario.file, mark: nil, message: warning, severity: .warning).description)
        }
    }

    /// Each world's plan: devices and days are the world's own (set in its file); the seed is the run's.
    public static func plans(_ scenario: Scenario, worlds: [UncertaintyWorld], _ overrides: RunOverrides)
        throws(UsageError) -> [SimulationPlan]
    {
        var plans: [SimulationPlan] = []
        plans.reserveCapacity(worlds.count)
        for world in worlds {
            switch world.scenario.plan(seed: overrides.seed) {
            case .success(var plan):
                if let platform = overrides.platform { plan.arms = plan.arms.filter { $0.platform == platform } }
                plans.append(plan)
            case .failure(let problem):
                throw UsageError("\(scenario.file): world \(world.design.index): \(problem.message)")
            }
        }
        return plans
    }

    /// The study from every world's result, in world order.
    public static func study(
        _ scenario: Scenario, worlds: [UncertaintyWorld], plans: [SimulationPlan], results: [SimulationResult],
        _ overrides: RunOverrides, reproduceCommand: String
    ) -> UncertaintyStudy? {
        guard let arms = plans.first?.arms else { return nil }
        let days = overrides.days ?? scenario.days
        let table = ExperimentTable(
            arms: arms, days: days, cells: results.map { ExperimentTable.cells(arms, $0.arms, days: days) })
        return study(scenario, worlds: worlds, plans: plans, table: table, reproduceCommand: reproduceCommand)
    }

    /// The study from its table (one variant per world, in world order).
    public static func study(
        _ scenario: Scenario, worlds: [UncertaintyWorld], plans: [SimulationPlan], table: ExperimentTable,
        reproduceCommand: String
    ) -> UncertaintyStudy? {
        guard let settings = scenario.uncertainty, let objective = scenario.objective, !worlds.isEmpty else {
            return nil
        }
        return UncertaintyStudy(
            scenario: scenario, settings: settings, objective: objective, worlds: worlds, table: table,
            devicesPerWorld: plans[0].devices, seed: plans[0].seed, reproduceCommand: reproduceCommand)
    }

    /// Shard `k` of `n`'s worlds, run whole: worlds ⌊W·(k−1)/n⌋ … ⌊W·k/n⌋ − 1, the devices' rule. The partial holds
    /// no worlds; they come encoded as each ended (`PartialResult.encoded(studyWorlds:)`), so a shard's memory grows by
    /// a world's JSON (about 200 kB), not its statistics (about 4 MB: 320 worlds took 1.3 GB).
    public static func shard(
        _ scenario: Scenario, worlds: [UncertaintyWorld], shard k: Int, of n: Int, _ overrides: RunOverrides,
        jobs: Int
    ) throws -> (partial: StudyPartial, worlds: [Data])? {
        guard let settings = scenario.uncertainty, scenario.objective != nil, !worlds.isEmpty else { return nil }
        let range = StudyPartial.worlds(shard: k, of: n, total: worlds.count)
        // A shard of no worlds (more shards than worlds) plans the first, for the devices per world.
        let plans = try self.plans(scenario, worlds: Array(worlds[range.isEmpty ? 0..<1 : range]), overrides)
        let identities = range.map { WorldResult.identity(of: worlds[$0].values) }
        let encoded =
            range.isEmpty
            ? []
            : StudyRunner.run(plans: plans, jobs: jobs) { index, result in
                Result {
                    try WorldResult(world: range.lowerBound + index + 1, identity: identities[index], arms: result.arms)
                        .encoded()
                }
            }
        let partial = StudyPartial(
            design: designText(settings), parameters: settings.parameters.map(\.key), worldCount: worlds.count,
            devicesPerWorld: plans[0].devices, worldRange: [range.lowerBound, range.upperBound], worlds: [])
        return (partial, try encoded.map { try $0.get() })
    }

    /// `sobol, 64 samples, 4 parameters`: what the shards must agree on beyond the file's digest.
    public static func designText(_ settings: UncertaintySettings) -> String {
        "\(settings.design.rawValue), \(settings.samples) samples, \(settings.parameters.count) parameters"
    }
}
