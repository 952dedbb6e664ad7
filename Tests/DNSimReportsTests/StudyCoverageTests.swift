import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// Coverage (docs/model.md §9, "Coverage"): a study that leaves every one of an arm's own
/// conditions fixed says so, in decision.json, uncertainty.md and on stderr, with the keys that
/// would assess it; once one of them is uncertain it says nothing.
final class StudyCoverageTests: XCTestCase {
    /// UncertaintyStudyTests' small Android study with an alert push beside the local arms.
    static func withPush(extra: String = "") -> String {
        ScenarioTexts.study(samples: 4, extra: extra).replacingOccurrences(
            of: "strategies: [independent, chained]",
            with: "strategies: [independent, chained, push]")
    }

    static let pushKeys = [
        "platforms.android.push.delay", "platforms.android.push.drop",
        "platforms.android.push.handlerBudget", "platforms.android.push.deprioritizeBelow",
        "platforms.android.batteryManager.stopsPush",
    ]

    func coverage(_ files: [String: String]) throws -> [[String: Any]] {
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(files["decision.json"]!.utf8)) as? [String: Any])
        let platform = try XCTUnwrap((json["platforms"] as? [String: Any])?["android"] as? [String: Any])
        return try XCTUnwrap(platform["coverage"] as? [[String: Any]])
    }

    func testPushWithNoUncertainPushKeyIsNamedWithTheKeysThatWouldAssessIt() throws {
        let study = try UncertaintyStudyTests.study(Self.withPush())
        let files = UncertaintyStudyTests.files(study)
        let coverage = try coverage(files)
        XCTAssertEqual(coverage.count, 1)
        XCTAssertEqual(coverage.first?["arm"] as? String, "push/android")
        XCTAssertEqual(coverage.first?["keys"] as? [String], Self.pushKeys)
        // After the flips, as the documented key order has it.
        let json = files["decision.json"]!
        XCTAssertLessThan(json.range(of: "\"flips\"")!.lowerBound, json.range(of: "\"coverage\"")!.lowerBound)
        let markdown = try XCTUnwrap(files["uncertainty.md"])
        XCTAssertTrue(
            markdown.contains(
                "**`push/android` is not assessed**: none of its own conditions (`platforms.android.push.delay`, "),
            markdown)
        XCTAssertTrue(markdown.contains("EVPI and EVPPI understate the value of learning"), markdown)
        XCTAssertEqual(ArmCoverage.warnings(study).count, 1)
        XCTAssertTrue(
            ArmCoverage.warnings(study)[0].hasPrefix(
                "push/android is not assessed: none of its own conditions (platforms.android.push.delay, "))
    }

    func testOneUncertainPushKeyAssessesPush() throws {
        let study = try UncertaintyStudyTests.study(
            Self.withPush(
                extra: "    - { key: platforms.android.push.drop, distribution: { uniform: { min: 0, max: 0.05 } } }"))
        let files = UncertaintyStudyTests.files(study)
        XCTAssertTrue(try coverage(files).isEmpty)
        XCTAssertTrue(files["decision.json"]!.contains("\"coverage\": []"))
        XCTAssertFalse(files["uncertainty.md"]!.contains("not assessed"))
        XCTAssertTrue(ArmCoverage.warnings(study).isEmpty)
    }

    /// An arm's own keys: an alert push's push block without the background push's own delay
    /// and loss; a background push on iOS only those; a local strategy none.
    func testOwnKeysFollowTheStrategy() {
        var alert = StrategyConfiguration(kind: .push)
        XCTAssertEqual(
            ArmCoverage.ownKeys(Arm(strategy: alert, platform: .ios)),
            [
                "platforms.ios.push.delay", "platforms.ios.push.drop", "platforms.ios.push.nseBudget",
                "platforms.ios.push.lowPriorityDelay",
            ])
        alert.pushKind = .background
        XCTAssertEqual(
            ArmCoverage.ownKeys(Arm(strategy: alert, platform: .ios)),
            ["platforms.ios.push.background.delay", "platforms.ios.push.background.drop"])
        XCTAssertEqual(ArmCoverage.ownKeys(Arm(strategy: alert, platform: .android)), Self.pushKeys)
        XCTAssertEqual(ArmCoverage.ownKeys(Arm(strategy: StrategyConfiguration(kind: .chained), platform: .ios)), [])
    }
}
