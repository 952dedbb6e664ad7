import XCTest

@testable import DNSimScenario

/// Schedules of several times a day (issue 56, item 7): `init --notify-at 08:00,20:00` writes one
/// cron, and a `lead` sweep moves each of its times.
final class DailyCronTests: XCTestCase {
    func testTimesSharingTheirMinuteMakeOneCron() throws {
        XCTAssertEqual(try DailyCron.cron([8 * 60, 20 * 60]).get(), "0 8,20 * * *")
        XCTAssertEqual(try DailyCron.cron([20 * 60 + 30, 8 * 60 + 30, 8 * 60 + 30]).get(), "30 8,20 * * *")
        XCTAssertEqual(try DailyCron.cron([8 * 60, 8 * 60 + 30, 20 * 60, 20 * 60 + 30]).get(), "0,30 8,20 * * *")
        XCTAssertEqual(
            try DailyCron.cron([-5, 8 * 60 - 5]).get(), "55 7,23 * * *",
            "a time before midnight is the day before's")
        guard case .failure(let problem) = DailyCron.cron([8 * 60, 20 * 60 + 30]) else {
            return XCTFail("08:00 and 20:30 have no cron")
        }
        XCTAssertEqual(
            problem.message,
            "08:00, 20:30 do not make one cron: a cron fires at every listed minute of "
                + "every listed hour, so the times must share their minutes (08:00 and 20:00 make 0 8,20 * * *)")
    }

    func testACronsTimesAndTheListsInitReads() throws {
        XCTAssertEqual(DailyCron.minutes("0 8,20 * * *"), [480, 1200])
        XCTAssertEqual(DailyCron.minutes("30 18 * * *"), [1110])
        XCTAssertNil(DailyCron.minutes("0 8-20 * * *"), "a range is not a list of times")
        XCTAssertNil(DailyCron.minutes("0 8 * * 1"))
        XCTAssertEqual(try DailyCron.times("08:00, 20:00").get(), [480, 1200])
        guard case .failure(let problem) = DailyCron.times("08:00,8pm") else { return XCTFail("8pm is not HH:MM") }
        XCTAssertTrue(problem.message.hasSuffix("'8pm' is not one (did you mean 20:00?)"), problem.message)
        guard case .failure(let twice) = DailyCron.times("08:00,08:00") else { return XCTFail("a time given twice") }
        XCTAssertEqual(twice.message, "gives 08:00 twice")
    }

    static func scenario(notify: String, leads: String) -> String {
        """
        name: twice
        seed: 1
        devices: 2
        days: 3
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "55 7,19 * * *" }
          userNotification: { schedule: "\(notify)" }
        platforms: { android: {} }
        strategies: [independent]
        sweep:
          - { key: lead, values: [\(leads)] }

        """
    }

    /// Every fetch time of a two-times-a-day schedule moves with the lead.
    func testALeadSweepMovesEveryFetchTime() throws {
        let text = Self.scenario(notify: "0 8,20 * * *", leads: "5m, 30m, 90m")
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "t.yaml")
        let points = try scenario.sweepPoints()
        XCTAssertEqual(points.map(\.scenario.fetchSchedule.text), ["55 7,19 * * *", "30 7,19 * * *", "30 6,18 * * *"])
        XCTAssertEqual(points.map(\.scenario.notifySchedule.text), Array(repeating: "0 8,20 * * *", count: 3))
    }

    /// A schedule a lead cannot move is said once, at the sweep entry, not once per value.
    func testAScheduleALeadCannotMoveIsSaidOnce() throws {
        let text = Self.scenario(notify: "0 8-20/12 * * *", leads: "5m, 30m, 1h")
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "t.yaml")
        XCTAssertThrowsError(try scenario.sweepPoints()) { error in
            let problems = (error as! DiagnosticList).diagnostics
            XCTAssertEqual(problems.count, 1, "\(problems)")
            XCTAssertEqual(problems.first?.mark?.line, 12)
            let expected =
                "a lead sweep needs a daily notification schedule 'M H * * *' (lists such as "
                + "'0 8,20 * * *' too), not "
            XCTAssertTrue(problems.first?.message.hasPrefix(expected) == true, "\(problems)")
        }
        // Times whose fetches a cron cannot give together: said at the value.
        let halves = Self.scenario(notify: "0,30 8 * * *", leads: "15m")
        let split = try ScenarioLoader.load(bytes: Array(halves.utf8), file: "t.yaml")
        XCTAssertThrowsError(try split.sweepPoints()) { error in
            let problems = (error as! DiagnosticList).diagnostics
            XCTAssertEqual(problems.count, 1)
            let message = problems[0].message
            XCTAssertTrue(
                message.hasPrefix("with lead 15m, the fetch times 07:45, 08:15 do not make one cron"),
                message)
        }
    }
}
