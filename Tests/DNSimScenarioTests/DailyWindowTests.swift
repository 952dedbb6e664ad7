import DNSimTestSupport
import XCTest

@testable import DNSimScenario

/// Daily windows (`user.charging` and the like): both ends checked at once, 12-hour and dotted
/// times answered with their HH:MM spelling (issue 26, item 14), and `null` for no window.
final class DailyWindowTests: XCTestCase {
    func errors(_ text: String) -> [String] {
        do {
            _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "n.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testEveryEndOfAChargingWindowIsCheckedAndTwelveHourTimesAreTranslated() {
        let text = ScenarioTexts.appending("user: { charging: { start: \"11:00 PM\", end: \"6:30 AM\" } }")
        XCTAssertEqual(
            errors(text),
            [
                "n.yaml:12:28: error: user.charging.start '11:00 PM' must be a local time HH:MM (did you mean \"23:00\"?)",
                "n.yaml:12:45: error: user.charging.end '6:30 AM' must be a local time HH:MM (did you mean \"06:30\"?)",
            ])
    }

    func testTwelveHourAndDottedTimesHaveTheirTwentyFourHourSpelling() {
        for (text, meant) in [
            ("11:00 PM", "23:00"), ("12:00 am", "00:00"), ("12 pm", "12:00"), ("7am", "07:00"), ("6.30", "06:30"),
            ("7 p.m.", "19:00"), ("23h15", "23:15"),
        ] {
            XCTAssertEqual(DailyWindow.suggestion(for: text), meant, text)
        }
        for text in ["13:00 PM", "0 am", "7", "25.00", "6:3 pm", "noon", ""] {
            XCTAssertNil(DailyWindow.suggestion(for: text), text)
        }
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
