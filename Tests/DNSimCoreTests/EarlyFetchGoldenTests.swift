import DNSimAnalysis
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// `earlyFetch: arm` keeps the behaviour from before cycle windows measurable:
/// on a world that no other fidelity change touches, it reproduces the
/// summary recorded before them, in distribution. The recording predates two
/// changes of the random numbers themselves (each handler submission keyed
/// on its own, then the Philox generator: docs/policy-changes.md), so each
/// arm's events differ and every rate must agree within the two runs' intervals.
final class EarlyFetchGoldenTests: XCTestCase {
    func testSummaryBeforeCycleWindows() throws {
        var scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("early-fetch.yaml"))
        scenario.file = "early-fetch.yaml"
        let plan = try scenario.plan().get()
        let context = ReportContext(
            scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 2),
            days: scenario.days, reproduceCommand: "")
        // Compared by name: later versions add columns.
        let before = try SummaryCSVReader.read(
            String(
                contentsOf: GoldenFiles.fixtures.appendingPathComponent("golden/early-fetch-before.csv"),
                encoding: .utf8), file: "early-fetch-before.csv")
        let now = context.summary
        XCTAssertEqual(now.rows.map(\.arm), before.rows.map(\.arm))
        var compared = 0
        for (old, new) in zip(before.rows, now.rows) {
            for metric in SummaryColumns.rates {
                let rate = "\(metric.name)_rate", low = "\(metric.name)_ci_low", high = "\(metric.name)_ci_high"
                // A rate added after the fixture was written (blocked) is not in it.
                guard let a = old.value(rate) else { continue }
                let b = try XCTUnwrap(new.value(rate))
                let halfA = (try XCTUnwrap(old.value(high)) - XCTUnwrap(old.value(low))) / 2
                let halfB = (try XCTUnwrap(new.value(high)) - XCTUnwrap(new.value(low))) / 2
                // Two 95% half-widths combined, doubled: about four standard errors of the difference.
                XCTAssertEqual(
                    b, a, accuracy: 2 * (halfA * halfA + halfB * halfB).squareRoot() + 1e-9, "\(old.arm) \(rate)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 0)
    }
}
