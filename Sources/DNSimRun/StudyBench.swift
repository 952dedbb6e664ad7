import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// `bench` on a scenario with `uncertainty:`: the study end to end (building its worlds, planning
/// them, running them) against one plain run of the same device-days (the scenario itself with
/// devices = worlds × devices per world, the same arms and days), at each job count. Events/s
/// beside device-days/s: the worlds' parameters change how much happens in a device-day (more
/// app opens, more events), so the study's device-days are not the plain run's work exactly.
public enum StudyBench {
    public static let header = [
        "scenario", "worlds", "devices/world", "arms", "device-days", "jobs", "set-up s", "study s",
        "worlds/s", "device-days/s", "events/s", "plain s", "plain device-days/s", "plain events/s", "study/plain",
    ]

    public static func rows(_ scenario: Scenario, _ overrides: RunOverrides, jobsList: [Int]) throws -> [[String]] {
        guard scenario.uncertainty != nil else { return [] }
        var rows: [[String]] = []
        for jobs in jobsList {
            let started = DispatchTime.now().uptimeNanoseconds
            let worlds = try scenario.validated(
                devices: overrides.devices, days: overrides.days, seed: overrides.seed, allVariants: true
            ).worlds
            let plans = try StudyRun.plans(scenario, worlds: worlds, overrides)
            let planned = DispatchTime.now().uptimeNanoseconds
            let events = StudyRunner.run(plans: plans, jobs: jobs).reduce(0) { $0 + Double($1.events) }
            let study = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let setUp = Double(planned - started) / 1e9

            var plainOverrides = overrides
            plainOverrides.devices = worlds.count * plans[0].devices
            let plainStarted = DispatchTime.now().uptimeNanoseconds
            let plan = try ScenarioRuns.plan(scenario, plainOverrides)
            let plainEvents = Double(ParallelRunner.run(plan: plan, jobs: jobs).events)
            let plain = Double(DispatchTime.now().uptimeNanoseconds - plainStarted) / 1e9

            let deviceDays = Double(
                worlds.count * plans[0].devices * (overrides.days ?? scenario.days) * plans[0].arms.count)
            rows.append([
                scenario.name, String(worlds.count), String(plans[0].devices), String(plans[0].arms.count),
                String(Int(deviceDays)),
                String(jobs), String(format: "%.3f", setUp), String(format: "%.3f", study),
                String(format: "%.1f", Double(worlds.count) / study), String(format: "%.0f", deviceDays / study),
                String(format: "%.0f", events / study), String(format: "%.3f", plain),
                String(format: "%.0f", deviceDays / plain),
                String(format: "%.0f", plainEvents / plain), String(format: "%.2f×", study / plain),
            ])
        }
        return rows
    }
}
