import XCTest
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// The report's verdict names one strategy only when none beats it on any outcome.
final class VerdictTests: XCTestCase {
    /// An arm whose cycles have the given outcome counts, on `devices` devices of 100 cycles.
    func statistics(_ counts: [RateMetric: Int64], devices: Int64 = 10) -> ArmStatistics {
        var s = ArmStatistics()
        s.devices = devices
        s.cycles = devices * 100
        for (metric, count) in counts { s.counts[metric.rawValue] = count }
        return s
    }

    func context(_ arms: [(String, [RateMetric: Int64])]) throws -> ReportContext {
        let text = """
        name: v
        devices: 10
        days: 100
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        platforms: { ios: {} }
        strategies: [\(arms.map { "{ chained: { label: \($0.0) } }" }.joined(separator: ", "))]
        """
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "v.yaml")
        let plan = try scenario.plan().get()
        var result = SimulationResult(plan: plan)
        result.arms = arms.map { statistics($0.1) }
        return ReportContext(scenario: scenario, plan: plan, result: result, days: 100, reproduceCommand: "")
    }

    func testOneStrategyIsNamedOnlyWhenNothingBeatsIt() throws {
        let single = try context([("a", [.fresh: 700, .stale: 100, .missed: 0]), ("b", [.fresh: 600, .stale: 100, .missed: 50])])
        XCTAssertTrue(SummaryMarkdown.verdict(single, .ios).hasPrefix(
            "**iOS: a** is at least as good as every other strategy on fresh, stale, fallback, missed and late: 70.0% fresh"))
        let trade = try context([("a", [.fresh: 700, .missed: 100]), ("b", [.fresh: 600, .missed: 0])])
        let text = SummaryMarkdown.verdict(trade, .ios)
        XCTAssertTrue(text.hasPrefix("**iOS:** no strategy is best on every outcome; the trade-off: a has the most fresh (70.0%); b has the least missed (0.0%)."), text)
    }

    /// An arm on the front only by differences the shown figures round away is said to be within
    /// them, not to "beat" the lead at "96.6% against 96.6%".
    func testDifferencesHiddenByRoundingAreNotCalledBetter() throws {
        var tiny = try context([("a", [:]), ("b", [:]), ("c", [:])])
        tiny.result.arms = [statistics([.fresh: 700_000, .missed: 100_000], devices: 10_000),
                            statistics([.fresh: 600_000], devices: 10_000),
                            statistics([.fresh: 699_990, .missed: 99_990], devices: 10_000)]  // a shade less of both
        let text = SummaryMarkdown.verdict(tiny, .ios)
        XCTAssertFalse(text.contains("against 10.0%)"), text)
        XCTAssertTrue(text.contains("c is within 0.05 points of a on every outcome"), text)
    }

    /// With a lifecycle, the verdict names the arms that show orphans (which no outcome rate counts).
    func testLifecycleCountsAreNamedBesideTheRates() throws {
        var text = try String(contentsOfFile: GoldenFiles.repositoryPath("Scenarios/lifecycle.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "devices: 500", with: "devices: 20")
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "lifecycle.yaml")
        let plan = try scenario.plan().get()
        let result = ParallelRunner.run(plan: plan, jobs: 2)
        let context = ReportContext(scenario: scenario, plan: plan, result: result, days: scenario.days, reproduceCommand: "")
        let verdict = SummaryMarkdown.verdict(context, .ios)
        XCTAssertTrue(verdict.contains("(identical outcome rates)"), verdict)
        XCTAssertTrue(verdict.contains("Not in the outcome rates, per 1,000 device-days: orphans: "), verdict)
        XCTAssertTrue(verdict.contains("independent-keeps-old-time "), verdict)
        XCTAssertFalse(verdict.contains("orphans: independent "), "the correct plugin shows none")
    }

    func testSaysPlainlyWhenNoStrategyIsMostlyFresh() throws {
        let none = try context([("a", [.stale: 1000]), ("b", [.fallback: 1000])])
        XCTAssertTrue(SummaryMarkdown.verdict(none, .ios).contains("No strategy shows fresh content in most cycles (the most: a, 0.0%)."))
    }

    /// A tiny significant difference keeps its sign.
    func testSmallSignificantDifferencesKeepTheirSign() {
        XCTAssertEqual(SummaryMarkdown.points(-0.00003, significant: true), "-0.003 pp")
        XCTAssertEqual(SummaryMarkdown.points(-0.00003), "+0.00 pp")
        XCTAssertEqual(SummaryMarkdown.points(0.1234), "+12.34 pp")
    }

    /// The sweep's front is taken over every outcome: a point that only trades
    /// missed for late still belongs to it.
    func testParetoFrontCoversEveryOutcome() {
        let a: [RateMetric: Double] = [.fresh: 0.5, .stale: 0.1, .fallback: 0, .missed: 0.2, .late: 0]
        let b: [RateMetric: Double] = [.fresh: 0.5, .stale: 0.1, .fallback: 0, .missed: 0, .late: 0.3]
        let c: [RateMetric: Double] = [.fresh: 0.4, .stale: 0.1, .fallback: 0, .missed: 0.2, .late: 0.3]
        XCTAssertEqual(ParetoFront.front([a, b, c]), [0, 1])
        XCTAssertTrue(ParetoFront.dominates(a, c))
        XCTAssertFalse(ParetoFront.dominates(a, b))
    }
}
