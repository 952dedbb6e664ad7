import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// Values inside every key's range that would multiply into days of run time (issue 28,
/// item 9): Doze idle periods have a physical minimum, and `validate` and the run estimate
/// the events per device-day and arm, warning above `EventEstimate.warnAbove` and refusing
/// above `refuseAbove` with the estimate.
final class EventEstimateTests: XCTestCase {
    static let base = """
        name: t
        seed: 1
        devices: 2
        days: 3
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        strategies: [independent]
        """

    func load(_ extra: String) throws(DiagnosticList) -> Scenario {
        try ScenarioLoader.load(bytes: Array((Self.base + "\n" + extra).utf8), file: "e.yaml")
    }

    func errors(_ extra: String) -> [String] {
        do {
            _ = try load(extra)
            return []
        } catch { return error.diagnostics.map(\.description) }
    }

    /// Kernel events per device-day and arm, as the run counts them.
    func measured(_ scenario: Scenario) throws -> Double {
        let plan = try scenario.plan().get()
        let result = ParallelRunner.run(plan: plan, jobs: 1, devices: 0..<plan.devices)
        return Double(result.events) / Double(plan.devices * scenario.days * plan.arms.count)
    }

    func testDozeIdlePeriodsOfMillisecondsAreRefused() {
        let found = errors(
            "platforms:\n  android: { doze: { firstIdle: 1ms, factor: 1, maxIdle: 1ms } }\nuser:\n  idle: { start: \"00:00\", end: \"23:59\" }"
        )
        XCTAssertEqual(
            found,
            [
                "e.yaml:11:33: error: platforms.android.doze.firstIdle 1ms is shorter than Doze's shortest idle period, 1m (Android's are an hour growing to six; light idle is 5m)",
                "e.yaml:11:58: error: platforms.android.doze.maxIdle 1ms is shorter than Doze's shortest idle period, 1m (Android's are an hour growing to six; light idle is 5m)",
            ])
    }

    func testOneHundredThousandUpdatesADayIsWarnedWithItsEstimate() throws {
        let scenario = try load("platforms:\n  ios: {}\nserver:\n  updatesPerDay: 100000")
        XCTAssertEqual(
            scenario.warnings.map(\.description),
            [
                "e.yaml:13:18: warning: the scenario takes about 200,006 events per device-day and arm (200,000 from server.updatesPerDay 100000, "
                    + "6 from 1 cycles a day); above 20,000 a run is slow (6 device-days here): lower the rate that dominates, or run fewer devices"
            ])
    }

    func testAnEstimateAboveTheRefusalLimitIsAnError() {
        // Every minute (1440 × 6 = 8,640), 100,000 updates (× 2) and 100 toggles a day that re-arm a day's cycles each (100 × (2 + 2 × 1440) = 288,200).
        let every = Self.base.replacingOccurrences(of: "\"25 18 * * *\"", with: "\"* * * * *\"").replacingOccurrences(
            of: "\"30 18 * * *\"", with: "\"* * * * *\"")
        do {
            _ = try ScenarioLoader.load(
                bytes: Array(
                    (every
                        + "\nplatforms:\n  ios: {}\nserver:\n  updatesPerDay: 100000\nuser:\n  disablePerDay: 100\n  disabledFor: { fixed: 1h }")
                        .utf8), file: "e.yaml")
            XCTFail("refused")
        } catch {
            let message = error.diagnostics.first?.message ?? ""
            XCTAssertTrue(
                message.hasPrefix(
                    "the scenario would take about 496,840 events per device-day and arm (288,200 from user.disablePerDay 100, 200,000 from server.updatesPerDay 100000"
                ), message)
            XCTAssertTrue(message.hasSuffix("over the limit of 250,000: lower the rate that dominates"), message)
        }
    }

    /// The estimate bounds what the run does, for the shipped scenarios and the hostile ones.
    func testTheEstimateIsAnUpperBoundOfTheEventsARunHandles() throws {
        let extras = [
            "platforms:\n  ios: {}\n  android: {}",
            "platforms:\n  ios: {}\nserver:\n  updatesPerDay: 300",
            "platforms:\n  ios: {}\n  android: {}\nuser:\n  disablePerDay: 100\n  disabledFor: { fixed: 1ms }",
            "platforms:\n  android: { doze: { firstIdle: 1m, factor: 1, maxIdle: 1m } }\nuser:\n  idle: { start: \"00:00\", end: \"23:59\" }",
        ]
        for extra in extras {
            let scenario = try load(extra)
            let estimate = EventEstimate(scenario, calendar: try scenario.plan().get().world.calendar)
            let events = try measured(scenario)
            XCTAssertLessThanOrEqual(
                events, estimate.perDeviceDay, "\(extra): measured \(events), estimated \(estimate.summary)")
        }
    }
}
