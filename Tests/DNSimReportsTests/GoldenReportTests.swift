import DNSimTestSupport
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The small fixture scenario's reports, compared byte for byte with golden copies.
final class GoldenReportTests: XCTestCase {
    func testSmallScenarioReportsMatchGolden() throws {
        var scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("small.yaml"))
        scenario.file = "small.yaml"  // the checkout's absolute path must not reach the golden copy
        let plan = try scenario.plan().get()
        let result = ParallelRunner.run(plan: plan, jobs: 2)
        let context = ReportContext(
            scenario: scenario, plan: plan, result: result, days: scenario.days,
            reproduceCommand: "dnsim-events small.yaml --seed 3")
        for (name, content) in ReportWriter.files(context) where name != "manifest.json" {
            GoldenFiles.assertMatches(content, golden: "small/\(name)")
        }
    }

    /// Every SVG is well-formed XML.
    func testChartsAreWellFormedXML() throws {
        let scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("small.yaml"))
        let plan = try scenario.plan(devices: 8).get()
        let context = ReportContext(
            scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 1),
            days: scenario.days, reproduceCommand: "x")
        for (name, content) in ReportWriter.files(context) where name.hasSuffix(".svg") {
            let parser = XMLParser(data: Data(content.utf8))
            XCTAssertTrue(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
        }
    }
}
