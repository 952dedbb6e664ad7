import Foundation
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
        // The columns the summary had then, compared by name (later versions add columns).
        let before = try SummaryCSV.parse(String(contentsOf: GoldenFiles.fixtures.appendingPathComponent("golden/early-fetch-before.csv"),
                                                 encoding: .utf8), file: "early-fetch-before.csv")
        let header = try String(contentsOf: GoldenFiles.fixtures.appendingPathComponent("golden/early-fetch-before.csv"), encoding: .utf8)
            .prefix { $0 != "\n" }.split(separator: ",").map(String.init)
        let now = context.summary
        XCTAssertEqual(now.rows.map(\.arm), before.rows.map(\.arm))
        for (old, new) in zip(before.rows, now.rows) {
            XCTAssertEqual(new.fingerprint, old.fingerprint, "\(old.arm): the same events, in the same order")
            for column in header where SummaryColumns.index(of: column) != nil {
                XCTAssertEqual(new.text(column), old.text(column), "\(old.arm) \(column)")
            }
        }
    }
}
