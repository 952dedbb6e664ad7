// Loads a scenario, runs it with 2 jobs and prints each arm's fresh rate:
// swift run policy-probe ../../Scenarios/new-activity.yaml
import DNSimEvents
import Foundation

let path = CommandLine.arguments.dropFirst().first ?? "../../Scenarios/new-activity.yaml"
do {
    let scenario = try ScenarioLoader.load(path: path)
    let plan = try scenario.plan(devices: 50).get()
    let outcome = Experiment(plan: plan, jobs: 2).run()
    for (arm, statistics) in zip(plan.arms, outcome.result.arms) {
        print("\(arm.name): \(String(format: "%.1f", statistics.rate(.fresh) * 100))% fresh")
    }
} catch {
    print("\(error)")
    exit(2)
}
