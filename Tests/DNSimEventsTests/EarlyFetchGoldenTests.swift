import Foundation
import XCTest
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// `earlyFetch: arm` keeps the behaviour from before cycle windows measurable:
/// on a world that no other fidelity change touches, it reproduces the
/// summary recorded before them. Android arms match byte for byte. iOS arms
/// drew their BG requests by cycle alone then; each handler submission has
/// its own key since (SPEC §2, docs/policy-changes.md), so their events
/// differ and each rate must agree within the two runs' intervals.
final class EarlyFetchGoldenTests: XCTestCase {
    func testSummaryBeforeCycleWindows() throws {
        var scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("early-fetch.yaml"))
        scenario.file = "early-fetch.yaml"
        let plan = try scenario.plan().get()
        let context = ReportContext(scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 2),
                                    days: scenario.days, reproduceCommand: "")
        // The columns the summary had then, compared by name (later versions add columns).
        let before = try SummaryCSV.parse(String(contentsOf: GoldenFiles.fixtures.appendingPathComponent("golden/early-fetch-before.csv"),
                                                 encoding: .utf8), file: "early-fetch-before.csv")
        let header = try String(contentsOf: GoldenFiles.fixtures.appendingPathComponent("golden/early-fetch-before.csv"), encoding: .utf8)
            .prefix { $0 != "\n" }.split(separator: ",").map(String.init)
        let now = context.summary
        XCTAssertEqual(now.rows.map(\.arm), before.rows.map(\.arm))
        var compared = 0
        for (old, new) in zip(before.rows, now.rows) {
            guard old.arm.hasSuffix("/ios") else {
                XCTAssertEqual(new.fingerprint, old.fingerprint, "\(old.arm): the same events, in the same order")
                for column in header where SummaryColumns.index(of: column) != nil {
                    XCTAssertEqual(new.text(column), old.text(column), "\(old.arm) \(column)")
                }
                continue
            }
            for metric in SummaryColumns.rates {
                let rate = "\(metric.name)_rate", low = "\(metric.name)_ci_low", high = "\(metric.name)_ci_high"
                let a = try XCTUnwrap(old.value(rate)), b = try XCTUnwrap(new.value(rate))
                let halfA = (try XCTUnwrap(old.value(high)) - XCTUnwrap(old.value(low))) / 2
                let halfB = (try XCTUnwrap(new.value(high)) - XCTUnwrap(new.value(low))) / 2
                // Two 95% half-widths combined, doubled: about four standard errors of the difference.
                XCTAssertEqual(b, a, accuracy: 2 * (halfA * halfA + halfB * halfB).squareRoot() + 1e-9, "\(old.arm) \(rate)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 0)
    }
}
