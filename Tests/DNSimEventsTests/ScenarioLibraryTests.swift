import XCTest
@testable import DNSimCLI
@testable import DNSimRun
@testable import DNSimCore
@testable import DNSimScenario

/// The model choices the scenario library's comparisons rest on (issue 18).
final class ScenarioLibraryTests: CommandLineTestCase {
    /// Every open resubmitting restarts the delay: with a 2 h delay and an open
    /// every ~30 min, few requests ever launch. Resubmitting only when none is
    /// pending keeps each request's draw, so BG tasks run about once a cycle.
    func testResubmittingOnlyWhenNoneIsPendingKeepsTasksRunning() {
        var world = TestWorlds.world(days: 30)
        world.ios.delay = .fixed(2 * SimTime.hour)
        world.user.appOpensPerDay = 48
        let always = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        world.ios.resubmitOnOpen = .ifNone
        let ifNone = DeviceRun(world, TestWorlds.arm(.independent, .ios))
        XCTAssertLessThan(always.activity[.backgroundRuns], 10)
        XCTAssertGreaterThanOrEqual(ifNone.activity[.backgroundRuns], 28)
    }

    /// `startHours` puts every Low Power Mode start in the weighted hours.
    func testPeriodStartsFollowTheirHourWeights() {
        var world = TestWorlds.world(days: 60)
        world.user.lowPowerPerDay = 2
        world.user.lowPowerDuration = .fixed(SimTime.minute)
        world.user.lowPowerHours = (0..<24).map { $0 == 19 ? 1 : 0 }
        let device = DeviceWorld(configuration: world, seed: 5)
        device.generate(device: 0)
        XCTAssertGreaterThan(device.user.lowPower.starts.count, 60)
        XCTAssertTrue(device.user.lowPower.starts.allSatisfy { ($0 - TestWorlds.start) % SimTime.day / SimTime.hour == 19 })
    }

    /// A guard at T + 60 s with `lateAfter: 60s` counts as on time: the report says so.
    func testTheReportFlagsLatenessOnTheThreshold() throws {
        let text = """
        name: edge
        devices: 20
        days: 20
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
          relationship: { contentTimeout: 60000 }
        platforms:
          ios: { fetchTask: { never: 1 } }
        strategies: [chained]
        metrics: { lateAfter: 60s }
        sweep: [{ key: plugin.relationship.contentTimeout, values: [60000, 90000] }]
        """
        let path = temporary.appendingPathComponent("edge.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        let out = temporary.appendingPathComponent("edge").path
        XCTAssertEqual(invoke([path, "--out", out, "--quiet"]).code, 0)
        let summary = try String(contentsOfFile: "\(out)/edge/summary.md", encoding: .utf8)
        XCTAssertTrue(summary.contains("⚠ chained/ios: 100.0% of its notifications appear exactly `lateAfter` (60 s) after T"), summary)
        XCTAssertTrue(summary.contains("## The comparison"), "a sweep scenario's report leads with its comparison")
        XCTAssertTrue(summary.contains("⚠ Point 1, chained/ios"))
        XCTAssertFalse(summary.contains("⚠ Point 2"))
        let sweep = try String(contentsOfFile: "\(out)/edge/sweep.md", encoding: .utf8)
        XCTAssertTrue(sweep.contains("⚠ Point 1, chained/ios"))
    }

    /// `user.charging: null` is no charging window, so a sweep can turn one off.
    func testANullWindowIsNoWindow() throws {
        let text = """
        name: n
        devices: 2
        days: 3
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        platforms: { android: {} }
        strategies: [independent]
        user: { charging: null, tokenLifetime: never }
        """
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "n.yaml")
        XCTAssertNil(scenario.chargingWindow)
        XCTAssertNil(scenario.user.tokenLifetime)
    }
}
