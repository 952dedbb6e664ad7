import DNSimTestSupport
import XCTest

@testable import DNSimScenario

/// The bad-input corpus: each broken scenario and the exact first message it
/// must produce (`file:line:col: error: …`). None may crash, hang or pass.
final class BadScenarioTests: XCTestCase {
    /// The corpus edits `ScenarioTexts.minimal` line by line.
    static let minimal = ScenarioTexts.minimal
    static func replacing(_ line: Int, with text: String) -> String { ScenarioTexts.replacing(line, with: text) }
    static func appending(_ text: String) -> String { ScenarioTexts.appending(text) }

    static let corpus: [(String, String)] = [
        (replacing(2, with: "seeed: 1"), "2:1: error: unknown key 'seeed' at the top level (did you mean 'seed'?)"),
        (replacing(3, with: "devices: 0"), "3:10: error: devices must be between 1 and 10000000, not 0"),
        (replacing(3, with: "devices: 1e15"), "3:10: error: devices must be between 1 and 10000000, not 1e15"),
        (replacing(3, with: "devices: 2.5"), "3:10: error: devices must be a whole number, not 2.5"),
        (replacing(3, with: "devices: .nan"), "3:10: error: devices must be a number, not '.nan'"),
        (replacing(3, with: "devices: -3"), "3:10: error: devices must be between 1 and 10000000, not -3"),
        (replacing(3, with: "devices: \"2\""), "3:10: error: devices must be a number, not quoted text"),
        (replacing(3, with: "devices: [2]"), "3:10: error: devices must be a number, not a list"),
        (replacing(4, with: "days: 0"), "4:7: error: days must be between 1 and 36600, not 0"),
        (
            replacing(5, with: "start: 2027-02-30"),
            "5:8: error: start '2027-02-30' must be a date YYYY-MM-DD between 1970 and 9000"
        ),
        (
            replacing(5, with: "start: tomorrow"),
            "5:8: error: start 'tomorrow' must be a date YYYY-MM-DD between 1970 and 9000"
        ),
        (
            appending("timeZone: America/New_Yrok"),
            "12:11: error: timeZone 'America/New_Yrok' is not an IANA time zone (did you mean 'America/New_York'?)"
        ),
        (
            replacing(7, with: "  contentFetch: { schedule: \"61 18 * * *\" }"),
            "7:30: error: plugin.contentFetch.schedule: minute 61 is out of range 0-59"
        ),
        (
            replacing(7, with: "  contentFetch: { schedule: \"25 18 * *\" }"),
            "7:39: error: plugin.contentFetch.schedule: expected 5 fields, found 4"
        ),
        (
            replacing(8, with: "  userNotification: { schedule: \"30 18 * JAM *\" }"),
            "8:42: error: plugin.userNotification.schedule: unknown month name 'JAM' (did you mean 'JAN'?)"
        ),
        (
            replacing(8, with: "  userNotification: { schedul: \"30 18 * * *\" }"),
            "8:23: error: unknown key 'schedul' in plugin.userNotification (did you mean 'schedule'?)"
        ),
        (replacing(10, with: "  iso: {}"), "10:3: error: unknown key 'iso' in platforms (did you mean 'ios'?)"),
        (
            replacing(10, with: "  ios: { fetchTask: { delay: { lognormal: { median: 90m, sigma: -1 } } } }"),
            "10:65: error: platforms.ios.fetchTask.delay.lognormal.sigma must be greater than zero"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { delay: { lognormal: { median: 90, sigma: 1 } } } }"),
            "10:53: error: platforms.ios.fetchTask.delay.lognormal.median: '90' has no unit; add one of ms, s, m, h, d (did you mean 90s or 90m?)"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { delay: { exponental: { mean: 3m } } } }"),
            "10:32: error: unknown distribution 'exponental' in platforms.ios.fetchTask.delay; use one of fixed, exponential, lognormal, uniform, gamma, weibull, empirical, mixture (did you mean 'exponential'?)"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { delay: { exponential: { mean: 3m, extra: 1 } } } }"),
            "10:57: error: unknown key 'extra' in platforms.ios.fetchTask.delay.exponential"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { delay: { uniform: { min: 5m, max: 1m } } } }"),
            "10:41: error: platforms.ios.fetchTask.delay.uniform: max must not be below min"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { delay: { mixture: [{ weight: 0, fixed: 1s }] } } }"),
            "10:52: error: platforms.ios.fetchTask.delay.mixture[1].weight must be greater than zero"
        ),
        (
            replacing(
                10, with: "  ios: { fetchTask: { delay: { empirical: { points: [[1s, 0.5], [2s, 0.4], [3s, 1]] } } } }"),
            "10:70: error: platforms.ios.fetchTask.delay.empirical.points[2]: cumulative probabilities must not decrease (the CDF is not monotone)"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { delay: { empirical: { points: [[1s, 0.5], [2s, 0.9]] } } } }"),
            "10:65: error: platforms.ios.fetchTask.delay.empirical.points: the last cumulative probability must be 1, not 0.9"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { never: 1.5 } }"),
            "10:30: error: platforms.ios.fetchTask.never must be between 0 and 1, not 1.5"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { kind: appRefrsh } }"),
            "10:29: error: platforms.ios.fetchTask.kind 'appRefrsh' is not one of appRefresh, processing (did you mean 'appRefresh'?)"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { budget: 0s } }"),
            "10:31: error: platforms.ios.fetchTask.budget must be longer than zero"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { budget: { fixed: 0s } } }"),
            "10:31: error: platforms.ios.fetchTask.budget must be longer than zero"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { budget: { lognormall: { median: 4s, sigma: 0.5 } } } }"),
            "10:33: error: unknown distribution 'lognormall' in platforms.ios.fetchTask.budget; use one of fixed, exponential, lognormal, uniform, gamma, weibull, empirical, mixture (did you mean 'lognormal'?)"
        ),
        (
            replacing(10, with: "  ios: { fetchTask: { launch: beforeUs } }"),
            "10:31: error: platforms.ios.fetchTask.launch 'beforeUs' is not one of afterEarliest, beforeUse (did you mean 'beforeUse'?)"
        ),
        (
            replacing(10, with: "  ios: { backgroundAppRefresh: off }"),
            "10:32: error: platforms.ios.backgroundAppRefresh must be true or false"
        ),
        (
            replacing(10, with: "  ios: { backgroundAppRefesh: false }"),
            "10:10: error: unknown key 'backgroundAppRefesh' in platforms.ios (did you mean 'backgroundAppRefresh'?)"
        ),
        (
            replacing(11, with: "strategies: [independant]"),
            "11:14: error: unknown strategy 'independant'; use independent, chained, push or onNews (did you mean 'independent'?)"
        ),
        (
            replacing(11, with: "strategies: [{ onNews: { interval: 10m } }]"),
            "11:36: error: onNews.interval must be at least 15m: androidx runs periodic work no more often (did you mean 15m?)"
        ),
        (
            replacing(11, with: "strategies: [{ onNews: { guard: none } }]"),
            "11:26: error: unknown key 'guard' in onNews"
        ),
        (
            replacing(11, with: "strategies: [chained, chained]"),
            "11:23: error: strategy label 'chained' is already used at line 11; give this variant its own, e.g. { chained: { label: chained-2 } }"
        ),
        (
            replacing(11, with: "strategies: [{ chained: { guard: maybe } }]"),
            "11:34: error: chained.guard 'maybe' is not one of deadline, none"
        ),
        (
            replacing(11, with: "strategies: [{ independent: { stale: fallback } }]"),
            "11:31: error: unknown key 'stale' in independent"
        ),
        (
            replacing(11, with: "strategies: []"),
            "11:13: error: strategies must be a non-empty list, e.g. [independent, chained]"
        ),
        (appending("seed: 2"), "12:1: error: duplicate key 'seed' (first at line 2)"),
        (
            replacing(1, with: "name: ../etc"),
            "1:7: error: name '../etc' must be letters, digits, '-', '_' or '.' (it names the report folder)"
        ),
        (
            replacing(7, with: "  contentFetch: { schedule: \"25 18 * * *\" }\n  relationship: { contentTimeout: -5 }"),
            "8:35: error: plugin.relationship.contentTimeout (milliseconds) must be between 0 and 2592000000, not -5"
        ),
        (
            replacing(
                7,
                with:
                    "  contentFetch: { schedule: \"25 18 * * *\" }\n  relationship: { fallbackBehavior: show_defualt }"),
            "8:37: error: plugin.relationship.fallbackBehavior 'show_defualt' is not one of show_default, skip (did you mean 'show_default'?)"
        ),
        (
            appending("expect:\n  - { arm: independent/iso, metric: stale, max: 0.5 }"),
            "13:12: error: expect[1].arm 'independent/iso' matches no arm; arms are independent/ios (did you mean 'independent/ios'?)"
        ),
        (
            appending("expect:\n  - { arm: independent/ios, metric: stail, max: 0.5 }"),
            "13:37: error: expect[1].metric 'stail' is not a summary.csv column (did you mean 'stale'?)"
        ),
        (
            appending("expect:\n  - { arm: independent/ios, metric: miss, max: 0.5 }"),
            "13:37: error: expect[1].metric 'miss' is not a summary.csv column (did you mean 'missed'?)"
        ),
        (
            appending("expect:\n  - { arm: independent/ios, metric: orphans, max: 0.5 }"),
            "13:37: error: expect[1].metric 'orphans' is not a summary.csv column (did you mean 'orphans_per_1000_device_days'?)"
        ),
        (
            appending("metrics: { lateAfter: 1x }"),
            "12:23: error: metrics.lateAfter: 'x' is not a duration unit; use ms, s, m, h or d"
        ),
        (
            appending("user: { appOpensPerDay: -1 }"),
            "12:25: error: user.appOpensPerDay must be between 0 and 1000, not -1"
        ),
        (
            appending("server: { starredPlans: 0 }"),
            "12:25: error: server.starredPlans must be between 1 and 10000, not 0"
        ),
        ("- just\n- a list\n", "1:1: error: the scenario must be a mapping, not a list"),
        (
            minimal.replacingOccurrences(
                of:
                    "plugin:\n  contentFetch: { schedule: \"25 18 * * *\" }\n  userNotification: { schedule: \"30 18 * * *\" }\n",
                with: ""),
            "1:1: error: the scenario needs 'plugin'"
        ),
        (
            replacing(8, with: "  userNotification: { schedule: \"0 0 30 2 *\" }"),
            "8:33: error: plugin.userNotification.schedule '0 0 30 2 *' never fires in the 3 simulated day(s) from 2027-01-01"
        ),
        ("", "1:1: error: the scenario file is empty"),
        (
            replacing(2, with: "seed: 18446744073709551616"),
            "2:7: error: seed must be a whole number from 0 to 18446744073709551615, not '18446744073709551616'"
        ),
        (
            appending("timeZone: GMT+5"),
            "12:11: error: timeZone 'GMT+5' is not an IANA time zone (did you mean 'Etc/GMT-5'? 'Etc/GMT-5' is UTC+5 all year with no summer time (POSIX zone names invert the sign))"
        ),
        (appending("user: { tokenLifetime: 0.4ms }"), "12:24: error: user.tokenLifetime must be longer than zero"),
        (
            appending("expect:\n  - { arm: '*', metric: lateness_p50_s, max: 5% }"),
            "13:46: error: expect[1].max: a percentage bounds only a rate (a fraction column)"
        ),
        (
            appending("expect:\n  - { arm: '*', metric: missed, min: 0.2, max: 0.1 }"),
            "13:5: error: expect[1]: min 0.2 is above max 0.1"
        ),
        (
            "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
                + "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
                + "g: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n",
            "6:36: error: the document expands to more than 1000000 nodes (alias bomb?)"
        ),
        (
            appending("fetch:\n  copy: { one: { title: a, body: \"{frist}\" }, many: { title: b, body: c } }"),
            "13:34: error: fetch.copy.one.body: unknown placeholder '{frist}'; use {first}, {count} or {more} (did you mean '{first}'?)"
        ),
        // Lifecycle (docs/lifecycle.md).
        (
            replacing(8, with: "  userNotification: { schedule: \"30 18 * * *\" }\n  defects: [cancelLeavesGuard]"),
            "9:13: error: plugin.defects 'cancelLeavesGuard' is not one of cancelLeavesGuards, cancelLeavesBGRequest, rescheduleKeepsOldTime (did you mean 'cancelLeavesGuards'?)"
        ),
        (
            appending("user:\n  disabledFor: { exponential: { mean: 3d } }"),
            "13:16: error: user.disabledFor needs user.disablePerDay, how often the user turns New Activity off"
        ),
        (
            appending("user:\n  notifyTimes: [\"7.30\"]"),
            "13:17: error: user.notifyTimes: '7.30' is not a local time HH:MM (did you mean \"07:30\"?)"
        ),
        (
            appending("user:\n  notifyTimes: [\"25:00\"]"),
            "13:17: error: user.notifyTimes: '25:00' is not a local time HH:MM"
        ),
        (
            appending("user:\n  notifyTimes: [\"6:30 pm\"]"),
            "13:17: error: user.notifyTimes: '6:30 pm' is not a local time HH:MM (did you mean \"18:30\"?)"
        ),
        (
            appending("user:\n  notifyTimes: [\"6pm\"]"),
            "13:17: error: user.notifyTimes: '6pm' is not a local time HH:MM (did you mean \"18:00\"?)"
        ),
        (
            appending("user:\n  notifyTimes: [\"12:30am\"]"),
            "13:17: error: user.notifyTimes: '12:30am' is not a local time HH:MM (did you mean \"00:30\"?)"
        ),
        (
            appending("user:\n  notifyTimes: [\"12:00PM\"]"),
            "13:17: error: user.notifyTimes: '12:00PM' is not a local time HH:MM (did you mean \"12:00\"?)"
        ),
        (
            appending("user:\n  notifyTimes: [\"18:30:00\"]"),
            "13:17: error: user.notifyTimes: '18:30:00' is not a local time HH:MM (did you mean \"18:30\"?)"
        ),
        (
            appending("user:\n  notifyTimes: [\"13:00pm\"]"),
            "13:17: error: user.notifyTimes: '13:00pm' is not a local time HH:MM"
        ),
        (
            appending("user:\n  timeChangePerDay: 0.1"),
            "13:21: error: user.timeChangePerDay needs user.notifyTimes, the times the user picks from (e.g. [\"07:00\", \"12:30\"])"
        ),
        (
            appending("app:\n  defects: [enableSchedulesReminder]"),
            "13:12: error: app.defects concern the Daily Reminder: add app.dailyReminder (e.g. { schedule: \"0 9 * * *\" })"
        ),
        (
            replacing(11, with: "strategies: [{ chained: { defects: [leaveGuards] } }]"),
            "11:37: error: chained.defects 'leaveGuards' is not one of cancelLeavesGuards, cancelLeavesBGRequest, rescheduleKeepsOldTime"
        ),
        (
            replacing(10, with: "  android: { apiLevel: 25 }"),
            "10:24: error: platforms.android.apiLevel must be between 26 and 36, not 25"
        ),
        (
            replacing(10, with: "  android: { apiLevel: 33.5 }"),
            "10:24: error: platforms.android.apiLevel must be a whole number, not 33.5"
        ),
        (
            replacing(10, with: "  android: { push: { deprioritizeBelow: 1.5 } }"),
            "10:41: error: platforms.android.push.deprioritizeBelow must be between 0 and 1, not 1.5"
        ),
        (
            replacing(10, with: "  android: { standbyBucket: rarely }"),
            "10:29: error: platforms.android.standbyBucket 'rarely' is not one of active, workingSet, frequent, rare, restricted, fromUsage (did you mean 'rare'?)"
        ),
        (
            replacing(10, with: "  android: { backgroundRestricted: maybe }"),
            "10:36: error: platforms.android.backgroundRestricted must be true or false"
        ),
        (
            replacing(10, with: "  android: { batteryManager: {} }"),
            "10:30: error: platforms.android.batteryManager needs 'stopsAfterUnused'"
        ),
        (
            replacing(10, with: "  android: { batteryManager: { stopsAfterUnused: 0s } }"),
            "10:50: error: platforms.android.batteryManager.stopsAfterUnused must be longer than zero"
        ),
        (
            replacing(10, with: "  android: { batteryManager: { stopAfterUnused: 3d } }"),
            "10:32: error: unknown key 'stopAfterUnused' in platforms.android.batteryManager (did you mean 'stopsAfterUnused'?)"
        ),
        (
            replacing(10, with: "  android: { fetchIn: service }"),
            "10:23: error: platforms.android.fetchIn 'service' is not one of receiver, worker"
        ),
        (
            replacing(10, with: "  android: { receiverBudget: 2m }"),
            "10:30: error: platforms.android.receiverBudget must be at most 1m, not '2m'"
        ),
        (
            replacing(10, with: "  android: { batteryManager: { stopsAfterUnused: 3 } }"),
            "10:50: error: platforms.android.batteryManager.stopsAfterUnused: '3' has no unit; add one of ms, s, m, h, d (did you mean 3s or 3m?)"
        ),
    ]

    func testMinimalScenarioIsValid() throws {
        let scenario = try ScenarioLoader.load(bytes: Array(Self.minimal.utf8), file: "bad.yaml")
        XCTAssertEqual(scenario.arms.map(\.name), ["independent/ios"])
    }

    func testEveryBadScenarioGivesItsMessage() {
        XCTAssertGreaterThanOrEqual(Self.corpus.count, 40)
        for (text, expected) in Self.corpus {
            do {
                _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "bad.yaml")
                XCTFail("accepted a bad scenario; expected \(expected)")
            } catch {
                XCTAssertEqual(error.diagnostics.first?.description, "bad.yaml:" + expected)
            }
        }
    }

    func testBinaryFileIsRejected() {
        XCTAssertThrowsError(
            try ScenarioLoader.load(bytes: [0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01, 0xFF], file: "bad.yaml")
        ) { error in
            XCTAssertTrue((error as! DiagnosticList).diagnostics[0].description.hasPrefix("bad.yaml:1:"), "\(error)")
            XCTAssertTrue("\(error)".contains("not a text file") || "\(error)".contains("not allowed"), "\(error)")
        }
    }

    func testAllProblemsAreReportedAtOnce() {
        let text = Self.replacing(3, with: "devices: 0").replacingOccurrences(of: "days: 3", with: "dayz: 3")
        XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(text.utf8), file: "bad.yaml")) { error in
            let messages = (error as! DiagnosticList).diagnostics.map(\.description)
            XCTAssertTrue(
                messages.contains("bad.yaml:3:10: error: devices must be between 1 and 10000000, not 0"), "\(messages)")
            XCTAssertTrue(
                messages.contains("bad.yaml:4:1: error: unknown key 'dayz' at the top level (did you mean 'days'?)"),
                "\(messages)")
        }
    }

    /// The plugin's configuration and a telemetry CSV, passed where a scenario belongs, each get
    /// one error naming the command that takes them; the corpus shows other mappings still get
    /// the usual missing-key errors.
    func testConfigurationsAndTelemetryPointToTheirCommands() {
        let configuration = ScenarioTemplate.exampleConfiguration
        let cases: [(String, String)] = [
            (
                configuration,
                "this is the plugin's DualScheduleConfiguration, not a scenario; make a scenario from it with: dnsim-events init --from bad.yaml"
            ),
            (
                "{\"config\": \(configuration)}",
                "this is the plugin's DualScheduleConfiguration, not a scenario; make a scenario from it with: dnsim-events init --from bad.yaml"
            ),
            (
                "request_id,submitted_at,earliest_begin_at,launched_at\nr1,2027-01-01T10:00:00Z,2027-01-01T10:05:00Z,\n",
                "this looks like a CSV table, not a scenario; to calibrate a scenario from telemetry, run: dnsim-events fit bad.yaml"
            ),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(text.utf8), file: "bad.yaml")) { error in
                let diagnostics = (error as! DiagnosticList).diagnostics
                XCTAssertEqual(diagnostics.map(\.message), [expected])
                XCTAssertEqual(diagnostics.first?.mark, SourceMark(line: 1, column: 1))
            }
        }
        XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array("{\"name\": \"x\"}".utf8), file: "bad.yaml")) {
            error in
            XCTAssertTrue((error as! DiagnosticList).diagnostics[0].message.hasPrefix("the scenario needs"), "\(error)")
        }
    }

    /// The exact JSON config the app sends (TimeSafari's plugin feedback) pastes under `plugin:`.
    func testAppConfigJSONPastesUnderPlugin() throws {
        let json = """
            {"name": "pasted", "devices": 2, "days": 2, "start": "2027-01-01",
             "plugin": {
              "contentFetch": {"enabled": true, "schedule": "25 18 * * *", "callbacks": {}},
              "userNotification": {"enabled": true, "schedule": "30 18 * * *", "title": "New Activity",
                                   "body": "Check your starred projects and offers for updates.", "sound": true, "priority": "normal"},
              "relationship": {"autoLink": true, "contentTimeout": 300000, "fallbackBehavior": "show_default"}
             },
             "platforms": {"ios": {}, "android": {}},
             "strategies": ["independent", "chained"]}
            """
        let scenario = try ScenarioLoader.load(bytes: Array(json.utf8), file: "pasted.json")
        XCTAssertEqual(scenario.plugin.contentTimeout, 300_000)
        XCTAssertEqual(scenario.arms.count, 4)
    }
}
