import DNSimTestSupport
import XCTest

@testable import DNSimAnalysis
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

    /// The platform's verdict paragraph, as summary.md and summary.json give it.
    func verdict(_ context: ReportContext, _ platform: Platform) throws -> String {
        VerdictSentence.render(try XCTUnwrap(PlatformVerdict(context, platform)), context)
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
        let single = try context([
            ("a", [.fresh: 700, .stale: 100, .missed: 0]), ("b", [.fresh: 600, .stale: 100, .missed: 50]),
        ])
        XCTAssertTrue(
            try verdict(single, .ios).hasPrefix(
                "**iOS: a** is at least as good as every other strategy on fresh, stale, fallback, missed and late: 70.0% fresh"
            ))
        let trade = try context([("a", [.fresh: 700, .missed: 100]), ("b", [.fresh: 600, .missed: 0])])
        let text = try verdict(trade, .ios)
        XCTAssertTrue(
            text.hasPrefix(
                "**iOS:** no strategy is best on every outcome; the trade-off: a has the most fresh (70.0%); b has the least missed (0.0%)."
            ), text)
    }

    /// An arm on the front only by differences the shown figures round away is said to be within
    /// them, not to "beat" the lead at "96.6% against 96.6%".
    func testDifferencesHiddenByRoundingAreNotCalledBetter() throws {
        var tiny = try context([("a", [:]), ("b", [:]), ("c", [:])])
        tiny.result.arms = [
            statistics([.fresh: 700_000, .missed: 100_000], devices: 10_000),
            statistics([.fresh: 600_000], devices: 10_000),
            statistics([.fresh: 699_990, .missed: 99_990], devices: 10_000),
        ]  // a shade less of both
        let text = try verdict(tiny, .ios)
        XCTAssertFalse(text.contains("against 10.0%)"), text)
        XCTAssertTrue(
            text.hasPrefix(
                "**iOS:** no strategy is best on every outcome; the trade-off: a and c (tied) have the most fresh (70.0%); "
                    + "b has the least missed (0.0%)."), text)
    }

    /// `devices` devices of `cycles` cycles, all fresh but for `extra` cycles of one outcome on the given devices.
    func arm(devices: Int64, cycles: Int64, fresh: (Int64) -> Int64, other: RateMetric, on: (Int64) -> Int64) -> (
        ArmStatistics, [[Int64]]
    ) {
        var s = ArmStatistics()
        s.devices = devices
        s.cycles = devices * cycles
        var perDevice: [[Int64]] = []
        for d in 0..<devices {
            var counts = Array(repeating: Int64(0), count: RateMetric.allCases.count)
            counts[RateMetric.fresh.rawValue] = fresh(d)
            counts[other.rawValue] = on(d)
            for metric in RateMetric.allCases { s.counts[metric.rawValue] += counts[metric.rawValue] }
            perDevice.append(counts)
        }
        return (s, perDevice)
    }

    func paired(_ a: (ArmStatistics, [[Int64]]), _ b: (ArmStatistics, [[Int64]]), cycles: Int64) throws -> ReportContext
    {
        var context = try context([("independent", [:]), ("chained", [:])])
        context.result.arms = [a.0, b.0]
        var pair = PairedDifference(minuend: 0, subtrahend: 1)
        for (x, y) in zip(a.1, b.1) { pair.add(x, y, cycles: cycles) }
        context.result.pairs = [pair]
        return context
    }

    /// One stale cycle against one fallback cycle of 365,000: no difference counts, so no trade-off is named, and nothing is bold.
    func testOneCycleAgainstOneCycleIsATieNotATradeOff() throws {
        let a = arm(devices: 1000, cycles: 365, fresh: { $0 == 0 ? 364 : 365 }, other: .stale, on: { $0 == 0 ? 1 : 0 })
        let b = arm(
            devices: 1000, cycles: 365, fresh: { $0 == 1 ? 364 : 365 }, other: .fallback, on: { $0 == 1 ? 1 : 0 })
        let context = try paired(a, b, cycles: 365)
        let text = try verdict(context, .ios)
        XCTAssertFalse(text.contains("trade-off"), text)
        XCTAssertTrue(
            text.hasPrefix(
                "**iOS: independent** ties with chained on fresh, stale, fallback, missed and late (no difference is "
                    + "significant and at least 0.5 pp)"), text)
        XCTAssertTrue(text.hasSuffix("; no paired difference is significant at 95%."), text)
        let report = SummaryMarkdown.render(context)
        let table = report.components(separatedBy: "## Paired differences")[1].components(separatedBy: "## Charts")[0]
        XCTAssertFalse(table.contains("**+") || table.contains("**−") || table.contains("**-"), table)
    }

    /// A significant difference smaller than 0.5 pp is bold in the table but a tie in the verdict.
    func testASignificantDifferenceBelowThePracticalThresholdIsATie() throws {
        // chained is stale on 1 cycle of 365 on every device: 0.27 pp, with no spread, so significant.
        let a = arm(devices: 100, cycles: 365, fresh: { _ in 365 }, other: .stale, on: { _ in 0 })
        let b = arm(devices: 100, cycles: 365, fresh: { _ in 364 }, other: .stale, on: { _ in 1 })
        let context = try paired(a, b, cycles: 365)
        let text = try verdict(context, .ios)
        XCTAssertTrue(text.hasPrefix("**iOS: independent** ties with chained"), text)
        XCTAssertTrue(text.contains("independent − chained, significant at 95%: fresh +0.27 pp, stale -0.27 pp"), text)
    }

    /// The verdict gives a paired difference in the table's direction, even when the second arm leads.
    func testTheVerdictAndTheTableReadADifferenceTheSameWay() throws {
        let a = arm(devices: 100, cycles: 365, fresh: { 300 + $0 % 3 }, other: .stale, on: { 65 - $0 % 3 })
        let b = arm(devices: 100, cycles: 365, fresh: { 330 + $0 % 3 }, other: .stale, on: { 35 - $0 % 3 })
        let context = try paired(a, b, cycles: 365)
        let text = try verdict(context, .ios)
        XCTAssertTrue(text.hasPrefix("**iOS: chained** is at least as good"), text)
        XCTAssertTrue(text.contains("independent − chained, significant at 95%: fresh -8.22 pp, stale +8.22 pp"), text)
        let report = SummaryMarkdown.render(context)
        let row = report.split(separator: "\n").first { $0.contains("| independent − chained | fresh ") }
        XCTAssertTrue(row?.contains("| **-8.22 pp** |") == true, report)
    }

    /// With a lifecycle, the verdict names the arms that show orphans (which no outcome rate counts).
    func testLifecycleCountsAreNamedBesideTheRates() throws {
        var text = try String(contentsOfFile: GoldenFiles.repositoryPath("Scenarios/lifecycle.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "devices: 500", with: "devices: 20")
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "lifecycle.yaml")
        let plan = try scenario.plan().get()
        let result = ParallelRunner.run(plan: plan, jobs: 2)
        let context = ReportContext(
            scenario: scenario, plan: plan, result: result, days: scenario.days, reproduceCommand: "")
        let paragraph = try verdict(context, .ios)
        XCTAssertTrue(paragraph.contains("(tied on the outcome rates)"), paragraph)
        XCTAssertTrue(paragraph.contains("Not in the outcome rates, per 1,000 device-days: orphans: "), paragraph)
        XCTAssertTrue(paragraph.contains("independent-keeps-old-time "), paragraph)
        XCTAssertFalse(paragraph.contains("orphans: independent "), "the correct plugin shows none")
    }

    func testSaysPlainlyWhenNoStrategyIsMostlyFresh() throws {
        let none = try context([("a", [.stale: 1000]), ("b", [.fallback: 1000])])
        XCTAssertTrue(
            try verdict(none, .ios).contains("No strategy shows fresh content in most cycles (the most: a, 0.0%)."))
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
