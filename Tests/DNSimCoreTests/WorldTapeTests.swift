import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// `WorldTapes`: a study's worlds that share a server or a user read it from one tape, and every
/// result is the same as when each world generates its own.
final class WorldTapeTests: XCTestCase {
    /// The study of `UncertaintyStudyTests` (Android, two uncertain conditions of the fetch), plus
    /// optionally an uncertain rate of app opens, which gives worlds users of their own.
    private func plans(opensUncertain: Bool, design: String = "sobol") throws -> [SimulationPlan] {
        var text = ScenarioTexts.study(samples: 8, design: design)
        text = text.replacingOccurrences(
            of: "server:\n  updatesPerDay: 20",
            with: "server:\n  updatesPerDay: 20\nuser:\n  appOpensPerDay: 1.5\n  forceQuitPerDay: 0.2")
        if opensUncertain {
            text = text.replacingOccurrences(
                of: "    - { key: fetch.failure,",
                with:
                    "    - { key: user.appOpensPerDay, distribution: { uniform: { min: 0.5, max: 4 } } }\n    - { key: fetch.failure,"
            )
        }
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "study.yaml")
        return try scenario.validated().worlds.map { try $0.scenario.plan().get() }
    }

    private func encoded(_ results: [SimulationResult]) throws -> [Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try results.map { try encoder.encode($0) }
    }

    func testWorldsThatShareNothingUncertainShareOneServerAndOneUser() throws {
        let plans = try plans(opensUncertain: false)
        XCTAssertEqual(plans.count, 8 * 4, "Saltelli's scheme with 2 parameters: N (k + 2) worlds")
        let tapes = WorldTapes(plans: plans, jobs: 2)
        XCTAssertEqual(tapes.serverTapes, 1)
        XCTAssertEqual(tapes.userTapes, 1)
        XCTAssertGreaterThan(tapes.values, 0)
    }

    func testAnUncertainUserGetsATapePerSharedValue() throws {
        let plans = try plans(opensUncertain: true)
        // Saltelli's matrices: each rate of A's and B's rows recurs in the AB matrices of the other
        // parameters, so 2N rates, each shared by several worlds, each with a tape.
        var uses: [Double: Int] = [:]
        for plan in plans { uses[plan.world.user.appOpensPerDay, default: 0] += 1 }
        XCTAssertEqual(uses.count, 2 * 8)
        XCTAssertTrue(uses.values.allSatisfy { $0 > 1 })
        let tapes = WorldTapes(plans: plans, jobs: 2)
        XCTAssertEqual(tapes.userTapes, 2 * 8)
        // A world alone with its rate gets none.
        var lone = plans[0]
        lone.world.user.appOpensPerDay = 9
        XCTAssertEqual(WorldTapes(plans: plans + [lone], jobs: 2).userTapes, 2 * 8)
        XCTAssertEqual(tapes.serverTapes, 1)
    }

    func testResultsAreTheSameWithTapesWithoutThemAndForAnyJobs() throws {
        for opensUncertain in [false, true] {
            let plans = try plans(opensUncertain: opensUncertain)
            let generated = try encoded(StudyRunner.run(plans: plans, jobs: 1, sharing: false))
            XCTAssertEqual(
                try encoded(StudyRunner.run(plans: plans, jobs: 1)), generated, "opens uncertain: \(opensUncertain)")
            XCTAssertEqual(
                try encoded(StudyRunner.run(plans: plans, jobs: 3)), generated, "opens uncertain: \(opensUncertain)")
            // Each world alone, as a plain run generates it.
            for (plan, result) in zip(plans, generated).prefix(6) {
                XCTAssertEqual(try encoded([ParallelRunner.run(plan: plan, jobs: 1)]), [result])
            }
        }
    }

    /// iOS beside Android, with every process a user has (low power, offline, New Activity off,
    /// time changes, starred-list edits), and an uncertain BG delay and rate of opens.
    func testAnIOSStudyWithEveryUserProcessGivesTheSameResultsWithTapes() throws {
        let text = """
            name: lifecycle-study
            seed: 5
            devices: 6
            days: 12
            start: 2027-01-04
            timeZone: America/New_York
            plugin:
              contentFetch: { schedule: "25 18 * * *" }
              userNotification: { schedule: "30 18 * * *" }
            platforms:
              ios:
                fetchTask: { delay: { lognormal: { median: 90m, sigma: 1.5 } }, never: 0.15 }
              android:
                fetchAlarm: { delay: { fixed: 0s } }
            fetch:
              latency: { lognormal: { median: 800ms, sigma: 0.6 } }
              failure: 0.05
            server:
              updatesPerDay: 3
              starredPlans: 5
            user:
              appOpensPerDay: 1.2
              forceQuitPerDay: 0.2
              offline: { perDay: 0.5, duration: { exponential: { mean: 1h } } }
              lowPowerMode: { perDay: 0.5, duration: { uniform: { min: 2h, max: 8h } } }
              disablePerDay: 0.1
              disabledFor: { exponential: { mean: 2d } }
              timeChangePerDay: 0.1
              notifyTimes: { "07:00": 2, "18:30": 2 }
              starredChangePerDay: 0.3
              emptyStarredShare: 0.2
            strategies: [independent, chained]
            objective:
              weights: { fresh: 1, stale: -0.2, fallback: -0.5, missed: -2 }
            uncertainty:
              design: sobol
              samples: 4
              devices: 6
              parameters:
                - { key: platforms.ios.fetchTask.delay.lognormal.median, distribution: { loguniform: { min: 10m, max: 8h } } }
                - { key: user.appOpensPerDay, distribution: { uniform: { min: 0.5, max: 4 } } }
            """
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "lifecycle-study.yaml")
        let plans = try scenario.validated().worlds.map { try $0.scenario.plan().get() }
        XCTAssertEqual(plans.count, 4 * 4)
        XCTAssertEqual(Set(plans[0].arms.map(\.platform)), [.ios, .android])
        let tapes = WorldTapes(plans: plans, jobs: 2)
        XCTAssertEqual(tapes.serverTapes, 1)
        XCTAssertEqual(tapes.userTapes, 2 * 4)
        let generated = try encoded(StudyRunner.run(plans: plans, jobs: 1, sharing: false))
        XCTAssertEqual(try encoded(StudyRunner.run(plans: plans, jobs: 2)), generated)
    }

    func testATapeOverTheLimitIsLeftOutAndItsWorldsGenerate() throws {
        let plans = try plans(opensUncertain: false)
        let full = WorldTapes(plans: plans, jobs: 1)
        XCTAssertEqual(WorldTapes(plans: plans, jobs: 1, valueLimit: 0).serverTapes, 0)
        // Room for one of the two tapes only: the server's, built first, is kept.
        let one = WorldTapes(plans: plans, jobs: 1, valueLimit: full.values - 1)
        XCTAssertEqual(one.serverTapes, 1)
        XCTAssertEqual(one.userTapes, 0)
        XCTAssertLessThanOrEqual(one.values, full.values - 1)
        let runner = DeviceRunner(plan: plans[0], tapes: WorldTapes(plans: plans, jobs: 1, valueLimit: 0))
        runner.simulate(devices: 0..<plans[0].devices)
        let tape = DeviceRunner(plan: plans[0], tapes: full)
        tape.simulate(devices: 0..<plans[0].devices)
        XCTAssertEqual(try encoded([runner.result]), try encoded([tape.result]))
    }

    /// What docs/performance.md says of the shipped study: no parameter touches the server, so one
    /// server tape serves all 512 worlds, and each of Saltelli's 2N = 128 rates of app opens recurs.
    func testTheShippedStudySharesOneServerAnd128Users() throws {
        let file = GoldenFiles.repository.appendingPathComponent("Scenarios/ios-policy-under-uncertainty.yaml")
        let scenario = try ScenarioLoader.load(bytes: Array(try Data(contentsOf: file)), file: file.path)
        let plans = try scenario.validated().worlds.map { try $0.scenario.plan().get() }
        XCTAssertEqual(plans.count, 512)
        let tapes = WorldTapes(plans: plans, jobs: 2)
        XCTAssertEqual(tapes.serverTapes, 1)
        XCTAssertEqual(tapes.userTapes, 128)
    }

    func testAPlanOfOneWorldGetsNoTape() throws {
        let plans = try plans(opensUncertain: false)
        let tapes = WorldTapes(plans: [plans[0]], jobs: 2)
        XCTAssertEqual(tapes.serverTapes + tapes.userTapes, 0)
        XCTAssertEqual(tapes.values, 0)
    }
}
