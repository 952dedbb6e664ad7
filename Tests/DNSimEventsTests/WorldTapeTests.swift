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
        var text = UncertaintyStudyTests.scenario(samples: 8, design: design)
        text = text.replacingOccurrences(of: "server:\n  updatesPerDay: 20", with: "server:\n  updatesPerDay: 20\nuser:\n  appOpensPerDay: 1.5\n  forceQuitPerDay: 0.2")
        if opensUncertain {
            text = text.replacingOccurrences(
                of: "    - { key: fetch.failure,",
                with: "    - { key: user.appOpensPerDay, distribution: { uniform: { min: 0.5, max: 4 } } }\n    - { key: fetch.failure,")
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
            XCTAssertEqual(try encoded(StudyRunner.run(plans: plans, jobs: 1)), generated, "opens uncertain: \(opensUncertain)")
            XCTAssertEqual(try encoded(StudyRunner.run(plans: plans, jobs: 3)), generated, "opens uncertain: \(opensUncertain)")
            // Each world alone, as a plain run generates it.
            for (plan, result) in zip(plans, generated).prefix(6) {
                XCTAssertEqual(try encoded([ParallelRunner.run(plan: plan, jobs: 1)]), [result])
            }
        }
    }

    func testATapeOverTheLimitIsLeftOutAndItsWorldsGenerate() throws {
        let plans = try plans(opensUncertain: false)
        let full = WorldTapes(plans: plans, jobs: 1)
        XCTAssertEqual(WorldTapes(plans: plans, jobs: 1, valueLimit: 0).serverTapes, 0)
        // Room for one of the two tapes only: the server's, built first, is kept.
        let one = WorldTapes(plans: plans, jobs: 1, valueLimit: full.values - 1)
        XCTAssertEqual(one.serverTapes + one.userTapes, 1)
        let runner = DeviceRunner(plan: plans[0], tapes: WorldTapes(plans: plans, jobs: 1, valueLimit: 0))
        runner.simulate(devices: 0..<plans[0].devices)
        let tape = DeviceRunner(plan: plans[0], tapes: full)
        tape.simulate(devices: 0..<plans[0].devices)
        XCTAssertEqual(try encoded([runner.result]), try encoded([tape.result]))
    }

    /// What docs/performance.md says of the shipped study: no parameter touches the server, so one
    /// server tape serves all 384 worlds, and each of Saltelli's 2N = 128 rates of app opens recurs.
    func testTheShippedStudySharesOneServerAnd128Users() throws {
        let file = BuiltinScenarioTests.root.appendingPathComponent("Scenarios/ios-policy-under-uncertainty.yaml")
        let scenario = try ScenarioLoader.load(bytes: Array(try Data(contentsOf: file)), file: file.path)
        let plans = try scenario.validated().worlds.map { try $0.scenario.plan().get() }
        XCTAssertEqual(plans.count, 384)
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
