import DNSimTestSupport
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// Same scenario and seed, byte-identical reports: for any number of jobs, on
/// every run, and whichever other arms run beside an arm (common random numbers).
final class DeterminismTests: XCTestCase {
    func scenario() throws -> Scenario {
        try ScenarioLoader.load(path: GoldenFiles.scenarioPath("small.yaml"))
    }

    func reports(_ scenario: Scenario, jobs: Int) throws -> [(String, String)] {
        let plan = try scenario.plan().get()
        let result = ParallelRunner.run(plan: plan, jobs: jobs)
        let context = ReportContext(
            scenario: scenario, plan: plan, result: result, days: scenario.days,
            reproduceCommand: "dnsim-events small.yaml --seed \(plan.seed)")
        return ReportWriter.files(context)
    }

    func testReportsAreByteIdenticalForAnyJobsAndRun() throws {
        let scenario = try scenario()
        let one = try reports(scenario, jobs: 1)
        for jobs in [1, 2, 7] {
            let other = try reports(scenario, jobs: jobs)
            XCTAssertEqual(other.map(\.0), one.map(\.0))
            for (a, b) in zip(one, other) { XCTAssertEqual(a.1, b.1, "\(a.0) differs with --jobs \(jobs)") }
        }
    }

    /// The shipped lifecycle scenario (devices with different numbers of due cycles, orphans):
    /// its reports too are byte-identical for any --jobs.
    func testLifecycleReportsAreByteIdenticalForAnyJobs() throws {
        var scenario = try ScenarioLoader.load(path: GoldenFiles.repositoryPath("Scenarios/lifecycle.yaml"))
        scenario.devices = 60
        scenario.days = 90
        let one = try reports(scenario, jobs: 1)
        for jobs in [2, 7] {
            let other = try reports(scenario, jobs: jobs)
            for (a, b) in zip(one, other) { XCTAssertEqual(a.1, b.1, "\(a.0) differs with --jobs \(jobs)") }
        }
    }

    func testDroppingAnArmLeavesTheOtherArmsUnchanged() throws {
        var scenario = try scenario()
        let full = try scenario.plan().get()
        let fullResult = ParallelRunner.run(plan: full, jobs: 2)
        scenario.strategies.removeFirst()
        let reduced = try scenario.plan().get()
        let reducedResult = ParallelRunner.run(plan: reduced, jobs: 2)
        for (index, arm) in reduced.arms.enumerated() {
            let fullIndex = full.arms.firstIndex(of: arm)!
            XCTAssertEqual(
                reducedResult.arms[index], fullResult.arms[fullIndex],
                "\(arm.name) changed when another arm was dropped")
        }
    }

    /// Arms share one device's draws (`DrawMemo`): an arm run alone, drawing everything
    /// itself, must give the same statistics and fingerprint as in the full plan.
    func testEachArmAloneMatchesItsRunBesideTheOthers() throws {
        let full = try scenario().plan().get()
        let fullResult = ParallelRunner.run(plan: full, jobs: 1)
        for (index, arm) in full.arms.enumerated() {
            var alone = full
            alone.arms = [arm]
            XCTAssertEqual(
                ParallelRunner.run(plan: alone, jobs: 1).arms[0], fullResult.arms[index], "\(arm.name) alone differs")
        }
    }

    /// Two arms identical by construction have a paired difference of exactly zero.
    func testIdenticalArmsDifferByExactlyZero() throws {
        var scenario = try scenario()
        var twin = StrategyConfiguration(kind: .chained, label: "chained-twin")
        twin.guardHorizon = scenario.strategies.first { $0.kind == .chained }!.guardHorizon
        scenario.strategies = [StrategyConfiguration(kind: .chained), twin]
        let plan = try scenario.plan().get()
        let result = ParallelRunner.run(plan: plan, jobs: 2)
        XCTAssertFalse(result.pairs.isEmpty)
        for pair in result.pairs {
            for metric in RateMetric.allCases {
                let interval = pair.interval(metric)
                XCTAssertEqual(interval.estimate, 0)
                XCTAssertEqual(interval.low, 0)
                XCTAssertEqual(interval.high, 0)
            }
        }
    }

    /// One device gives no spread across devices: no paired difference is significant.
    func testOneDevicePairedDifferencesAreNeverSignificant() throws {
        let scenario = try scenario()
        let plan = try scenario.plan(devices: 1).get()
        let result = ParallelRunner.run(plan: plan, jobs: 1)
        XCTAssertFalse(result.pairs.isEmpty)
        for pair in result.pairs {
            for metric in RateMetric.allCases {
                let interval = pair.interval(metric)
                XCTAssertEqual(interval.low, -1)
                XCTAssertEqual(interval.high, 1)
                XCTAssertFalse(interval.excludesZero)
            }
        }
        let context = ReportContext(
            scenario: scenario, plan: plan, result: result, days: scenario.days, reproduceCommand: "x")
        XCTAssertFalse(SummaryMarkdown.render(context).contains("**+"), "no difference may be bolded as significant")
    }
}
