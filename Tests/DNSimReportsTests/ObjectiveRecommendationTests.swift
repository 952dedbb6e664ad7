import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// An objective without uncertainty (docs/model.md §9): per platform the feasible arm of highest
/// utility, its paired utility difference to the runner-up with the 95% interval, or no clear
/// winner when the interval includes zero or the difference is below the tie.
final class ObjectiveRecommendationTests: XCTestCase {
    /// Android with exact alarms 1 min late and 30% failed fetches: both arms are fresh in the
    /// same cycles (common random numbers); a failed cycle is stale for independent (earlier
    /// content) and the fallback for chained, so the weights decide.
    static func context(weights: String, constraints: String = "", tie: String = "") throws -> ReportContext {
        let text = """
            name: objective
            seed: 3
            devices: 40
            days: 20
            start: 2027-01-04
            plugin:
              contentFetch: { schedule: "25 18 * * *" }
              userNotification: { schedule: "30 18 * * *" }
            platforms:
              android:
                fetchAlarm: { delay: { fixed: 1m } }
            fetch:
              latency: { fixed: 0s }
              failure: 0.3
            server:
              updatesPerDay: 20
            strategies: [independent, chained]
            objective:
              weights: \(weights)
            \(constraints.isEmpty ? "" : "  constraints: \(constraints)\n")\(tie.isEmpty ? "" : "  tie: \(tie)\n")
            """
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "o.yaml")
        let plan = try scenario.plan().get()
        let result = ParallelRunner.run(plan: plan, jobs: 2)
        return ReportContext(
            scenario: scenario, plan: plan, result: result, days: 20, reproduceCommand: "dnsim-events o.yaml")
    }

    func testTheFeasibleArmOfHighestUtilityWithItsPairedInterval() throws {
        let context = try Self.context(weights: "{ fresh: 1, stale: -0.2, fallback: -0.5 }")
        let recommendation = try XCTUnwrap(ObjectiveRecommendation.all(context).first)
        let arms = context.plan.arms.map(\.name)
        XCTAssertEqual(recommendation.verdict, .recommend)
        XCTAssertEqual(arms[recommendation.best!], "independent/android")
        XCTAssertEqual(arms[recommendation.runnerUp!], "chained/android")
        // The difference is 0.3 × (stale of independent) + 0.5 × (fallback difference): from the rates.
        let s = context.result.arms
        let objective = context.scenario.objective!
        let exact =
            objective.utility(s[recommendation.best!], days: 20)
            - objective.utility(s[recommendation.runnerUp!], days: 20)
        let difference = try XCTUnwrap(recommendation.difference)
        XCTAssertEqual(difference.estimate, exact, accuracy: 1e-12)
        XCTAssertGreaterThan(difference.low, 0)
        let markdown = SummaryMarkdown.render(context)
        XCTAssertTrue(markdown.contains("**android: recommend `independent/android`**"), markdown)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(SummaryJSON.render(context).utf8)) as? [String: Any])
        let entry = try XCTUnwrap((json["recommendation"] as? [[String: Any]])?.first)
        XCTAssertEqual(entry["recommended"] as? String, "independent/android")
    }

    /// Weights that value stale and fallback alike leave only the fresh cycles, which are the same
    /// cycles on both arms: a difference of zero is no clear winner.
    func testEqualArmsAreNoClearWinner() throws {
        let context = try Self.context(weights: "{ fresh: 1, stale: -0.5, fallback: -0.5 }", tie: "0.5pp")
        let recommendation = try XCTUnwrap(ObjectiveRecommendation.all(context).first)
        XCTAssertEqual(recommendation.verdict, .noClearWinner)
        XCTAssertTrue(recommendation.sentence(context.plan.arms).contains("no clear winner"))
    }

    /// A constraint no arm meets is said; one only the runner-up fails makes the best the
    /// recommendation whatever the interval.
    func testConstraintsDecideFeasibility() throws {
        let none = try Self.context(weights: "{ fresh: 1 }", constraints: "[ { metric: fresh, min: 99% } ]")
        XCTAssertEqual(ObjectiveRecommendation.all(none).first?.verdict, .noneFeasible)
        let some = try Self.context(
            weights: "{ fresh: 1, stale: -0.5, fallback: -0.5 }", constraints: "[ { metric: fallback, max: 10% } ]")
        let recommendation = try XCTUnwrap(ObjectiveRecommendation.all(some).first)
        XCTAssertEqual(recommendation.verdict, .recommend)
        XCTAssertEqual(some.plan.arms[recommendation.best!].name, "independent/android")
        XCTAssertTrue(recommendation.sentence(some.plan.arms).contains("does not meet the constraints"))
    }
}
