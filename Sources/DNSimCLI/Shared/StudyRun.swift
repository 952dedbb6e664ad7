import DNSimCore
import DNSimFrontend
import DNSimReports
import DNSimScenario

/// Runs an uncertainty study's worlds (already built and validated) and gathers its table.
enum StudyRun {
    static func run(_ scenario: Scenario, worlds: [UncertaintyWorld], _ overrides: RunOverrides, jobs: Int, quiet: Bool,
                    console: Console, reproduceCommand: String) throws(UsageError) -> UncertaintyStudy? {
        guard let settings = scenario.uncertainty, let objective = scenario.objective, !worlds.isEmpty else { return nil }
        var plans: [SimulationPlan] = []
        plans.reserveCapacity(worlds.count)
        for world in worlds {
            // Devices and days are the world's own (set in its file); the seed is the run's.
            switch world.scenario.plan(seed: overrides.seed) {
            case .success(var plan):
                if let platform = overrides.platform { plan.arms = plan.arms.filter { $0.platform == platform } }
                plans.append(plan)
            case .failure(let problem): throw UsageError("\(scenario.file): world \(world.design.index): \(problem.message)")
            }
        }
        let bar = console.errorIsTerminal && !quiet
            ? ProgressBar(console: console, label: "\(scenario.name) uncertainty (\(worlds.count) worlds)") : nil
        let total = worlds.count
        let results = StudyRunner.run(plans: plans, jobs: jobs) { done in bar?.update(done, of: total) }
        bar?.finish()
        return UncertaintyStudy(scenario: scenario, settings: settings, objective: objective, worlds: worlds, arms: plans[0].arms,
                                results: results, days: overrides.days ?? scenario.days, devicesPerWorld: plans[0].devices,
                                seed: plans[0].seed, reproduceCommand: reproduceCommand)
    }
}
