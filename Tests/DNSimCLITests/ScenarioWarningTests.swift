import XCTest

@testable import DNSimScenario

/// Settings that cut off every device are said as `file:line:col: warning:`.
final class ScenarioWarningTests: CommandLineTestCase {
    static let base = """
        name: w
        devices: 2
        days: 30
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        platforms:
          ios:
            fetchTask: { kind: appRefresh }
        strategies: [independent, chained]

        """

    func warnings(_ extra: String, replacing: (String, String)? = nil) throws -> [String] {
        var text = Self.base + extra
        if let (from, to) = replacing { text = text.replacingOccurrences(of: from, with: to) }
        return try ScenarioLoader.load(bytes: Array(text.utf8), file: "w.yaml").warnings.map(\.description)
    }

    func testACleanScenarioHasNoWarnings() throws {
        XCTAssertEqual(try warnings(""), [])
    }

    /// A digest at 07:00 with its fetch at 06:30, its notify cron's fields swapped ("7 0": 00:07).
    func testSwappedCronFieldsAreAWarningThatSaysWhatWasMeant() throws {
        // A morning fetch for an evening notification: 12 h, and no swap makes sense.
        XCTAssertEqual(
            try warnings("", replacing: ("\"25 18 * * *\"", "\"30 6 * * *\"")),
            [
                "w.yaml:6:29: warning: the lead T − F is 12h (fetch 06:30, notification 18:30 local): content is fetched that long before "
                    + "it is shown; did you mean a fetch shortly before T, such as plugin.contentFetch.schedule \"0 18 * * *\" (30 minutes ahead)?"
            ])
        let both = try warnings(
            "",
            replacing: (
                "\"25 18 * * *\" }\n  userNotification: { schedule: \"30 18 * * *\"",
                "\"30 6 * * *\" }\n  userNotification: { schedule: \"7 0 * * *\""
            ))
        XCTAssertEqual(
            both,
            [
                "w.yaml:7:33: warning: the lead T − F is 17h37m (fetch 06:30, notification 00:07 local): content is fetched that long before "
                    + "it is shown; the fetch comes after the notification in the day, so each notification gets the day before's fetch; "
                    + "did you mean plugin.userNotification.schedule \"0 7 * * *\" (07:00)? A cron gives the minute first, then the hour"
            ])
    }

    /// A fetch a few minutes after the notification gets the day before's content: a warning with a fetch to use instead.
    func testAFetchAfterItsNotificationIsAWarning() throws {
        XCTAssertEqual(
            try warnings("", replacing: ("\"25 18 * * *\"", "\"35 18 * * *\"")),
            [
                "w.yaml:6:29: warning: the lead T − F is 23h55m (fetch 18:35, notification 18:30 local): content is fetched that long before "
                    + "it is shown; the fetch comes after the notification in the day, so each notification gets the day before's fetch; "
                    + "did you mean a fetch shortly before T, such as plugin.contentFetch.schedule \"0 18 * * *\" (30 minutes ahead)?"
            ])
        XCTAssertEqual(
            try warnings("", replacing: ("\"25 18 * * *\"", "\"30 12 * * *\"")), [], "a 6-hour lead is allowed")
    }

    func testValidateAndTheRunHeaderShowTheFirstCycleInLocalTime() throws {
        let path = temporary.appendingPathComponent("w.yaml").path
        try Data((Self.base + "timeZone: Europe/Berlin\n").utf8).write(to: URL(fileURLWithPath: path))
        let validated = invoke(["validate", path])
        XCTAssertEqual(validated.code, 0, validated.err)
        XCTAssertTrue(
            validated.out.contains(
                "  first cycle: fetch F 2027-01-01 18:25, notification T 2027-01-01 18:30 (Europe/Berlin): "
                    + "lead 5m; fresh within 5m (the lead, by default)\n"), validated.out)
        let run = invoke([path, "--out", temporary.appendingPathComponent("r").path])
        XCTAssertTrue(
            run.out.contains("w: 2 devices × 30 days, seed 1; first cycle: fetch F 2027-01-01 18:25"), run.out)
    }

    func testInactivityWithoutOpens() throws {
        XCTAssertEqual(
            try warnings(
                "",
                replacing: ("fetchTask: { kind: appRefresh }", "fetchTask: { kind: appRefresh }\n    inactiveAfter: 7d")
            ),
            [
                "w.yaml:11:20: warning: inactiveAfter 7d with no app opens (user.appOpensPerDay is 0): every device stops getting BG launches after 7d"
            ])
        XCTAssertEqual(
            try warnings(
                "user: { appOpensPerDay: 1 }\n",
                replacing: ("fetchTask: { kind: appRefresh }", "fetchTask: { kind: appRefresh }\n    inactiveAfter: 7d")
            ), [])
    }

    func testTokenShorterThanTheRunWithoutOpens() throws {
        XCTAssertEqual(
            try warnings("user: { tokenLifetime: 3d }\n"),
            [
                "w.yaml:12:24: warning: tokenLifetime 3d is shorter than the run (30 days) and nothing opens the app (user.appOpensPerDay is 0): every fetch fails with 401 after it"
            ])
    }

    func testProcessingWithoutIdleWindowsOrOutsideTheCycle() throws {
        XCTAssertEqual(
            try warnings("", replacing: ("kind: appRefresh", "kind: processing")),
            [
                "w.yaml:10:24: warning: a processing task runs only while the phone is idle, and no user.idle windows are given: no BG task ever runs",
                "w.yaml:10:24: warning: a processing request is fulfilled only while the app was used within the past week, and nothing opens the app (user.appOpensPerDay is 0): no processing task runs after the first 7 days",
            ])
        XCTAssertEqual(
            try warnings(
                "user: { idle: { start: \"00:00\", end: \"07:00\" } }\n",
                replacing: ("kind: appRefresh", "kind: processing")),
            [
                "w.yaml:12:15: warning: user.idle (00:00–07:00) never overlaps a cycle's window from F to T + contentTimeout: a processing task, which runs only while idle, can never fetch in time",
                "w.yaml:10:24: warning: a processing request is fulfilled only while the app was used within the past week, and nothing opens the app (user.appOpensPerDay is 0): no processing task runs after the first 7 days",
            ])
        XCTAssertEqual(
            try warnings(
                "user: { idle: { start: \"18:00\", end: \"07:00\" } }\n",
                replacing: ("kind: appRefresh", "kind: processing")),
            [
                "w.yaml:10:24: warning: a processing request is fulfilled only while the app was used within the past week, and nothing opens the app (user.appOpensPerDay is 0): no processing task runs after the first 7 days"
            ])
        XCTAssertEqual(
            try warnings(
                "user: { appOpensPerDay: 1, idle: { start: \"18:00\", end: \"07:00\" } }\n",
                replacing: ("kind: appRefresh", "kind: processing")), [])
    }

    /// `beforeUse` needs an open profile to differ from `afterEarliest`.
    func testBeforeUseWithoutAnOpenProfile() throws {
        XCTAssertEqual(
            try warnings("", replacing: ("kind: appRefresh", "kind: appRefresh, launch: beforeUse")),
            [
                "w.yaml:10:44: warning: launch beforeUse without user.appOpenHours: every hour is a usage hour, so requests launch as with afterEarliest"
            ])
        XCTAssertEqual(
            try warnings(
                "user: { appOpenHours: [0, 0, 0, 0, 0, 0, 1, 3, 3, 2, 1, 1, 2, 1, 1, 1, 1, 2, 3, 3, 3, 2, 1, 0] }\n",
                replacing: ("kind: appRefresh", "kind: appRefresh, launch: beforeUse")), [])
    }

    func testGuardHorizonShorterThanTheCycleSpacing() throws {
        XCTAssertEqual(
            try warnings("", replacing: ("[independent, chained]", "[{ chained: { guardHorizon: 12h } }]")),
            [
                "w.yaml:11:41: warning: chained: guardHorizon 12h is shorter than the cycle spacing (1d): iOS guards are armed only when plugin code runs within 12h of a cycle's deadline"
            ])
        // In a block list, at the entry's own line, not the list's (issue 28, item 14).
        XCTAssertEqual(
            try warnings(
                "",
                replacing: (
                    "strategies: [independent, chained]",
                    "strategies:\n  - independent\n  - { chained: { guardHorizon: 12h } }"
                )),
            [
                "w.yaml:13:32: warning: chained: guardHorizon 12h is shorter than the cycle spacing (1d): iOS guards are armed only when plugin code runs within 12h of a cycle's deadline"
            ])
    }

    /// Warnings go to stderr even with --quiet and keep the exit status;
    /// --warnings-as-errors makes them exit 2 before anything runs.
    func testTheCommandLineSaysWarningsAndCanRefuseThem() throws {
        let path = temporary.appendingPathComponent("w.yaml").path
        let text = Self.base + "user: { tokenLifetime: 3d }\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        let validate = invoke(["validate", path])
        XCTAssertEqual(validate.code, 0)
        XCTAssertTrue(validate.err.contains("\(path):12:24: warning: tokenLifetime 3d"), validate.err)
        let out = temporary.appendingPathComponent("report").path
        let quiet = invoke([path, "--quiet", "--out", out])
        XCTAssertEqual(quiet.code, 0)
        XCTAssertTrue(quiet.err.contains("warning: tokenLifetime 3d"), "--quiet does not hide warnings")
        let strict = invoke([path, "--warnings-as-errors", "--out", temporary.appendingPathComponent("never").path])
        XCTAssertEqual(strict.code, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.appendingPathComponent("never").path))
    }

    func write(_ name: String, _ text: String) -> String {
        let path = temporary.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    func testWarningsThatStopTheRunArePrintedAsErrors() {
        let path = write("w.yaml", ScenarioWarningTests.base + "user: { tokenLifetime: 3d }\n")
        let strict = invoke(["validate", path, "--warnings-as-errors"])
        XCTAssertEqual(strict.code, 2)
        XCTAssertTrue(strict.err.hasPrefix("\(path):12:24: error: tokenLifetime 3d"), strict.err)
        XCTAssertFalse(strict.err.contains("warning:"), strict.err)
        XCTAssertTrue(invoke(["validate", path]).err.hasPrefix("\(path):12:24: warning: tokenLifetime 3d"))
    }
}
