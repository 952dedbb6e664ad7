import XCTest
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// `earlyFetch: arm` keeps the behaviour from before cycle windows measurable:
/// on a world that no other fidelity change touches, it reproduces the
/// summary recorded before them, byte for byte.
final class EarlyFetchGoldenTests: XCTestCase {
    func testSummaryBeforeCycleWindows() throws {
        var scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("early-fetch.yaml"))
        scenario.file = "early-fetch.yaml"
        let plan = try scenario.plan().get()
        let context = ReportContext(scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 2),
                                    days: scenario.days, reproduceCommand: "")
        GoldenFiles.assertMatches(SummaryCSV.render(context), golden: "early-fetch-before.csv")
    }
}
