import DNSimAnalysis
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// docs/model.md §9, "Only what can act": a two-platform study whose iOS keys are pure noise for Android
/// (no Android arm reads them). At every seed, every Android EVPPI of an iOS key is exactly 0 with
/// standard error 0, no Android flip or failure box names one, and decision.json lists them under
/// Android's `not_acting`, `evppi_se` right after `evppi`. 20 seeds in long mode, 2 by default.
final class StudyActingTests: XCTestCase {
    static func text(seed: Int) -> String {
        """
        name: two-platforms
        seed: \(seed)
        devices: 8
        days: 10
        start: 2027-01-04
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        platforms:
          android:
            fetchAlarm: { delay: { fixed: 1m } }
          ios:
            fetchTask: { kind: appRefresh, delay: { fixed: 5m }, never: 0.1, budget: 30s }
        fetch:
          latency: { fixed: 0s }
          failure: 0.1
        server:
          updatesPerDay: 20
        strategies: [independent, chained]
        objective:
          weights: { fresh: 1, stale: -0.2, fallback: -0.5, missed: -2 }
          constraints: [ { metric: fallback, max: 30% } ]
        uncertainty:
          design: sobol
          samples: 8
          devices: 8
          parameters:
            - { key: platforms.android.fetchAlarm.delay.fixed, distribution: { uniform: { min: 0s, max: 10m } } }
            - { key: platforms.ios.fetchTask.never, distribution: { uniform: { min: 0.05, max: 0.5 } } }
            - { key: platforms.ios.fetchTask.delay.fixed, distribution: { uniform: { min: 1m, max: 60m } } }
            - { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } } }

        """
    }

    /// A push block's key acts only where a push arm reads it: without a push arm neither platform's
    /// `push.drop` acts on anything (it once counted on its own platform, EVPPI and all); with an alert
    /// push arm each acts on its own platform alone, and the background push's own delay on neither.
    func testPushKeysActOnlyWhereAPushArmReadsThem() throws {
        let keys = [
            "platforms.ios.push.drop", "platforms.android.push.drop", "platforms.ios.push.background.delay.fixed",
        ]
        func notActing(strategies: String) throws -> [String: [String]] {
            let text = Self.text(seed: 1)
                .replacingOccurrences(of: "strategies: [independent, chained]", with: "strategies: \(strategies)")
                .replacingOccurrences(
                    of: "    - { key: fetch.failure,",
                    with: """
                            - { key: \(keys[0]), distribution: { uniform: { min: 0, max: 0.5 } } }
                            - { key: \(keys[1]), distribution: { uniform: { min: 0, max: 0.5 } } }
                            - { key: \(keys[2]), distribution: { uniform: { min: 1s, max: 1m } } }
                            - { key: fetch.failure,
                        """)
            let study = try UncertaintyStudyTests.study(text)
            XCTAssertEqual(study.parameters.count, 7, "the push keys are under uncertainty")
            var result: [String: [String]] = [:]
            for decision in UncertaintyAnalysis(study).decisions {
                result[decision.platform.rawValue] = decision.notActing.map { study.parameters[$0].key }
            }
            return result
        }
        let local = try notActing(strategies: "[independent, chained]")
        XCTAssertEqual(local["ios"], ["platforms.android.fetchAlarm.delay.fixed"] + keys)
        XCTAssertEqual(
            local["android"], ["platforms.ios.fetchTask.never", "platforms.ios.fetchTask.delay.fixed"] + keys)
        let alert = try notActing(strategies: "[independent, push]")
        XCTAssertEqual(alert["ios"], ["platforms.android.fetchAlarm.delay.fixed", keys[1], keys[2]])
        XCTAssertEqual(
            alert["android"],
            ["platforms.ios.fetchTask.never", "platforms.ios.fetchTask.delay.fixed", keys[0], keys[2]])
    }

    /// `acts` key by key: push keys and `stopsPush` only with a push arm that reads them, but a mapping
    /// above `stopsPush` (`batteryManager`) acts on the local arms too (it holds `stopsAfterUnused`).
    func testKeysActOnAPlatformOnlyWhereOneOfItsArmsReadsThem() {
        let local = [
            Arm(strategy: StrategyConfiguration(kind: .independent), platform: .android),
            Arm(strategy: StrategyConfiguration(kind: .chained), platform: .android),
        ]
        let push = local + [Arm(strategy: StrategyConfiguration(kind: .push), platform: .android)]
        for (key, withLocal, withPush) in [
            ("platforms.android.batteryManager", true, true),
            ("platforms.android.batteryManager.stopsAfterUnused", true, true),
            ("platforms.android.batteryManager.stopsPush", false, true),
            ("platforms.android.push.drop", false, true),
            ("platforms.ios.push.drop", false, false),
            ("platforms.ios.fetchTask.never", false, false),
            ("user.appOpensPerDay", true, true),
        ] {
            XCTAssertEqual(UncertaintyAnalysis.acts(key, on: .android, arms: local), withLocal, key)
            XCTAssertEqual(UncertaintyAnalysis.acts(key, on: .android, arms: push), withPush, key)
        }
    }

    /// A mapping's parts that hold a duration or a distribution take numbers under `uncertainty` like
    /// any leaf (they were refused with "it takes )"), and each world gets its drawn value.
    func testMappingPartsTakeNumbers() throws {
        let text = Self.text(seed: 3)
            .replacingOccurrences(
                of: "    fetchAlarm: { delay: { fixed: 1m } }\n",
                with: "    fetchAlarm: { delay: { fixed: 1m } }\n    doze: { firstIdle: 1h, maxIdle: 6h }\n"
            )
            .replacingOccurrences(
                of: "fetch:\n",
                with: """
                    user:
                      idle: { start: "23:00", end: "07:00" }
                      offline: { perDay: 0.5, duration: { exponential: { mean: 1h } } }
                    fetch:

                    """
            )
            .replacingOccurrences(
                of: "    - { key: fetch.failure,",
                with: """
                        - { key: platforms.android.doze.firstIdle, distribution: { uniform: { min: 30m, max: 2h } } }
                        - { key: user.offline.duration.exponential.mean, distribution: { uniform: { min: 10m, max: 3h } } }
                        - { key: platforms.ios.push.background.delay.exponential.mean, distribution: { uniform: { min: 1m, max: 1h } } }
                        - { key: fetch.failure,
                    """)
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "study.yaml")
        let worlds = try scenario.validated().worlds
        XCTAssertEqual(scenario.uncertainty?.parameters.count, 7)
        let idle = worlds.compactMap { $0.scenario.android?.doze?.firstIdle }
        XCTAssertEqual(idle.count, worlds.count)
        XCTAssertEqual(Set(idle).count, 16, "a Sobol design of N = 8 has 2N values of each parameter")
        XCTAssertTrue(idle.allSatisfy { (30 * SimTime.minute...2 * SimTime.hour).contains($0) }, "\(idle)")
        let offline = worlds.map { $0.scenario.user.offlineDuration }
        XCTAssertEqual(Set(offline.map(\.mean)).count, 16)
        let background = worlds.compactMap { $0.scenario.ios?.push.background.delay.mean }
        XCTAssertTrue(
            background.allSatisfy { (Double(SimTime.minute)...Double(SimTime.hour)).contains($0) }, "\(background)")
    }

    func testAnotherPlatformsKeysNeverActOnAndroid() throws {
        let seeds = TestMode.long ? Array(1...20) : [1, 2]
        let iosKeys = ["platforms.ios.fetchTask.never", "platforms.ios.fetchTask.delay.fixed"]
        var rendered = ""
        for seed in seeds {
            let study = try UncertaintyStudyTests.study(Self.text(seed: seed))
            let analysis = UncertaintyAnalysis(study)
            let text = DecisionJSON.render(study, analysis)
            if rendered.isEmpty { rendered = text }
            let android = try XCTUnwrap(analysis.decisions.first { $0.platform.rawValue == "android" })
            let ios = try XCTUnwrap(analysis.decisions.first { $0.platform.rawValue == "ios" })
            let iosColumns = study.parameters.indices.filter { iosKeys.contains(study.parameters[$0].key) }
            XCTAssertEqual(iosColumns.count, 2)
            XCTAssertEqual(android.notActing, iosColumns, "seed \(seed)")
            XCTAssertEqual(ios.notActing, [0], "the Android key cannot act on iOS")
            for j in iosColumns {
                XCTAssertEqual(android.summary.evppi[j], 0, "seed \(seed): \(study.parameters[j].key)")
                XCTAssertEqual(android.summary.evppiErrors[j], 0)
                XCTAssertFalse(android.summary.isDistinguishable(j))
            }
            XCTAssertFalse(android.summary.flips.contains { iosColumns.contains($0.parameter) }, "seed \(seed)")
            XCTAssertFalse(
                android.failureBoxes.contains {
                    $0.boxes.contains { $0.limits.contains { iosColumns.contains($0.parameter) } }
                })
            XCTAssertFalse(analysis.decidingRows(android, study).contains { iosKeys.contains($0.parameter) })

            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let platform = try XCTUnwrap((json["platforms"] as? [String: Any])?["android"] as? [String: Any])
            XCTAssertEqual(platform["not_acting"] as? [String], iosKeys)
            let se = try XCTUnwrap(platform["evppi_se"] as? [String: Double])
            XCTAssertEqual(Set(se.keys), Set(study.parameters.map(\.key)))
            for key in iosKeys { XCTAssertEqual(se[key], 0) }
        }
        // The order of decision.json's keys (docs/report-format.md).
        let keys = [
            "\"evpi\"", "\"evppi\"", "\"evppi_se\"", "\"not_acting\"", "\"flips\"", "\"runner_up\"", "\"difference\"",
            "\"knife_edge\"", "\"stability\"", "\"worlds_needed\"", "\"coverage\"", "\"break_even\"", "\"robust\"",
            "\"failure_boxes\"",
        ]
        let positions = keys.map { rendered.range(of: $0 + ":")?.lowerBound }
        XCTAssertFalse(positions.contains(nil), "\(keys)")
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted())
    }
}
