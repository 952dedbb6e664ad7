import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// The push keys as a scenario writes them: validation, defaults and the recap.
final class PushScenarioTests: CommandLineTestCase {
    static func scenario(platforms: String, strategies: String = "[independent, push]") -> String {
        """
        name: push-keys
        seed: 1
        devices: 4
        days: 3
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        platforms:
        \(platforms)
        strategies: \(strategies)
        """
    }

    static let badInput: [(platforms: String, strategies: String, message: String)] = [
        (
            "  ios: { push: { nseBudget: 0s } }", "[push]",
            "10:29: error: platforms.ios.push.nseBudget must be longer than zero"
        ),
        (
            "  android: { push: { priority: urgent } }", "[push]",
            "10:32: error: platforms.android.push.priority 'urgent' is not one of high, normal"
        ),
        (
            "  ios: { push: { drop: 1.5 } }", "[push]",
            "10:24: error: platforms.ios.push.drop must be between 0 and 1, not 1.5"
        ),
        (
            "  ios: {}", "[{ push: { kind: silent } }]",
            "11:30: error: push.kind 'silent' is not one of alert, background"
        ),
        (
            "  ios: { push: { dorp: 0.1 } }", "[push]",
            "10:18: error: unknown key 'dorp' in platforms.ios.push (did you mean 'drop'?)"
        ),
        (
            "  ios: { push: { storeFor: 60d } }", "[push]",
            "10:28: error: platforms.ios.push.storeFor must be at most 30d, not '60d'"
        ),
        (
            "  android: { push: { storeFor: 5w } }", "[push]",
            "10:32: error: platforms.android.push.storeFor: 'w' is not a duration unit; use ms, s, m, h or d"
        ),
        (
            "  ios: { push: { background: { drop: -0.1 } } }", "[push]",
            "10:38: error: platforms.ios.push.background.drop must be between 0 and 1, not -0.1"
        ),
        (
            "  ios: {}", "[{ push: { guard: none } }]",
            "11:31: error: push.guard applies to kind: background only; an alert push arms no guard: its handler decides the cycle when the push arrives"
        ),
        ("  ios: {}", "[{ push: { staleContent: show } }]", "11:24: error: unknown key 'staleContent' in push"),
    ]

    func testEveryBadPushKeyGivesItsMessageAndExitCode2() throws {
        for (platforms, strategies, expected) in Self.badInput {
            let text = Self.scenario(platforms: platforms, strategies: strategies)
            XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(text.utf8), file: "bad.yaml"), expected) {
                error in
                XCTAssertEqual((error as? DiagnosticList)?.diagnostics.first?.description, "bad.yaml:" + expected)
            }
            let file = temporary.appendingPathComponent("bad.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let out = temporary.appendingPathComponent("out")
            let result = invoke([file.path, "--out", out.path, "--quiet"])
            XCTAssertEqual(result.code, 2, expected)
            XCTAssertTrue(
                result.err.contains("bad.yaml:" + expected.split(separator: ":").prefix(2).joined(separator: ":")),
                result.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "no partial report")
        }
    }

    func testPushKeysAreRead() throws {
        let text = Self.scenario(
            platforms: """
                  ios:
                    push:
                      delay: { fixed: 2s }
                      drop: 0.05
                      storeFor: 1h
                      nseBudget: 10s
                      filtering: true
                      background: { delay: { exponential: { mean: 5m } }, drop: 0.3 }
                  android:
                    push: { delay: { fixed: 1s }, drop: 0.02, storeFor: 2d, priority: normal, handlerBudget: 9s }
                """, strategies: "[independent, push, { push: { kind: background, guard: none } }]")
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "push.yaml")
        let ios = try XCTUnwrap(scenario.ios).push, android = try XCTUnwrap(scenario.android).push
        XCTAssertEqual(ios.alert, PushDelivery(delay: .fixed(2_000), drop: 0.05))
        XCTAssertEqual(ios.storeFor, SimTime.hour)
        XCTAssertEqual(ios.nseBudget, 10_000)
        XCTAssertTrue(ios.filtering)
        XCTAssertEqual(ios.background, PushDelivery(delay: .exponential(mean: 300_000), drop: 0.3))
        XCTAssertEqual(android.delivery, PushDelivery(delay: .fixed(1_000), drop: 0.02))
        XCTAssertEqual(android.storeFor, 2 * SimTime.day)
        XCTAssertEqual(android.priority, .normal)
        XCTAssertEqual(android.handlerBudget, 9_000)
        XCTAssertEqual(
            scenario.strategies.map(\.label), ["independent", "push", "silent-push"],
            "a background push gets its own default label")
        XCTAssertEqual(scenario.strategies[2].guardPolicy, .none)
        XCTAssertEqual(scenario.platformsWithPushBlock, [.ios, .android])
    }

    /// Without a `push:` block a platform uses the documented defaults, and the recap says so.
    func testTheRecapSaysWhenPushDefaultsAreUsed() throws {
        let text = Self.scenario(platforms: "  ios: { push: { drop: 0.02 } }\n  android: {}")
        let file = temporary.appendingPathComponent("push.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let out = temporary.appendingPathComponent("out")
        XCTAssertEqual(invoke([file.path, "--out", out.path, "--quiet"]).code, 0)
        let summary = try String(
            contentsOf: out.appendingPathComponent("push-keys").appendingPathComponent("summary.md"), encoding: .utf8)
        let ios = try XCTUnwrap(summary.split(separator: "\n").first { $0.hasPrefix("- **iOS push (APNs):**") })
        let android = try XCTUnwrap(summary.split(separator: "\n").first { $0.hasPrefix("- **Android push (FCM):**") })
        XCTAssertTrue(ios.contains("lost 2.0%"), String(ios))
        XCTAssertFalse(ios.contains("documented defaults"), String(ios))
        XCTAssertTrue(android.contains("documented defaults (docs/push.md)"), String(android))
        XCTAssertTrue(android.contains("delay fixed 500 ms, lost 0.5%"), String(android))
        XCTAssertTrue(summary.contains("| pushes / day |"))
    }
}
