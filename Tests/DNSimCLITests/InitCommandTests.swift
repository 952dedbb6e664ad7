import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimCore
@testable import DNSimRun
@testable import DNSimScenario

/// `dnsim-events init`: a complete scenario from the app's configuration that
/// validate accepts and run runs, with the library's calibration; mistakes in
/// the JSON reported where they are; nothing overwritten without --force.
final class InitCommandTests: CommandLineTestCase {
    static let appConfig = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios/app-config/timesafari-config.json").path
    static let shipped = URL(fileURLWithPath: appConfig).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("new-activity.yaml").path

    func path(_ name: String) -> String { temporary.appendingPathComponent(name).path }

    func write(_ text: String, to name: String) -> String {
        _ = FileManager.default.createFile(atPath: path(name), contents: Data(text.utf8))
        return path(name)
    }

    /// From the configuration TimeSafari sends: the plugin block is the app's; the platforms keep the
    /// library's cited starting point, but no number of TimeSafari's own world (its update rate, its
    /// starred projects, its JWT pool, its users' opens) is passed off as the new app's: each world
    /// number is marked `# GUESS:` with what measures it.
    func testFromTheAppsConfigurationGivesTheLibrarysCalibration() throws {
        let out = path("app.yaml")
        let result = invoke(["init", "--from", Self.appConfig, "--out", out, "--time-zone", "America/New_York"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("wrote \(out): scenario 'timesafari-config', 4 arms"), result.out)
        let made = try ScenarioLoader.load(path: out)
        let shipped = try ScenarioLoader.load(path: Self.shipped)
        XCTAssertEqual(made.name, "timesafari-config")
        XCTAssertEqual(made.plugin, shipped.plugin)
        XCTAssertEqual(made.fetchSchedule.text, "25 18 * * *")
        XCTAssertEqual(made.notifySchedule.text, "30 18 * * *")
        XCTAssertEqual(made.ios, shipped.ios)
        XCTAssertEqual(made.android, shipped.android)
        XCTAssertEqual(made.fetch.latency, shipped.fetch.latency)
        XCTAssertEqual(made.fetch.failure, shipped.fetch.failure)
        // The copy of fetched content is a guess of its own, so a trace shows the team's text, not TimeSafari's.
        XCTAssertNil(shipped.fetch.copy)
        XCTAssertEqual(
            made.fetch.copy,
            CopyTemplate(
                oneTitle: "New update", oneBody: "“{first}” has an update.",
                manyTitle: "{count} updates",
                manyBody: "“{first}” and {more} more have updates.",
                itemName: "Item {n}"))
        XCTAssertNotEqual(made.server, shipped.server, "TimeSafari's 1.5 updates a day across 5 projects are its own")
        XCTAssertEqual(made.server.updatesPerDay, 1)
        XCTAssertNil(made.user.tokenLifetime, "no 3-day JWT pool")
        XCTAssertEqual(made.strategies, shipped.strategies)
        XCTAssertEqual(made.lateAfter, shipped.lateAfter)
        XCTAssertEqual(
            made.arms.map(\.name), ["independent/ios", "chained/ios", "independent/android", "chained/android"])
        XCTAssertEqual(made.timeZone.identifier, "America/New_York")
        XCTAssertTrue(made.warnings.isEmpty)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(text.contains("# Sources of the numbers that are not guesses"), "the calibration is cited")
        XCTAssertTrue(result.out.contains("15 values are guesses, marked '# GUESS:' in \(out)"), result.out)
        for key in [
            "delay:", "never:", "latency:", "failure:", "copy:",
            "updatesPerDay:", "starredPlans:", "appOpensPerDay:", "forceQuitPerDay:",
            "tokenLifetime:",
        ] {
            let line = try XCTUnwrap(
                text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(key) }, key)
            XCTAssertTrue(line.contains("# GUESS:"), String(line))
        }
        XCTAssertTrue(
            text.contains("# GUESS: BG launch delay after earliestBeginDate; dnsim-events fit"),
            "the command that measures it")
        for borrowed in ["new-activity", "1.5 updates", "starred projects", "seed"] {
            XCTAssertFalse(
                made.headerComment.joined().contains(borrowed), "the header cites sources by name, not \(borrowed)")
        }
        XCTAssertTrue(
            made.headerComment.contains { $0.contains("BGTaskScheduler docs") }, "and reaches the report's recap")

        XCTAssertEqual(invoke(["validate", out]).code, 0)
        let run = invoke([out, "--devices", "3", "--days", "7", "--out", path("report"), "--quiet"])
        XCTAssertEqual(run.code, 0, run.err)
        // --out report writes the report folder report/<name>@<overrides>/ (the run's --devices and --days).
        let report = ReportFolders.folder(made, RunOverrides(devices: 3, days: 7), out: path("report"))
        XCTAssertTrue(report.hasPrefix(path("report/timesafari-config@")), report)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(report)/summary.csv"), report)
    }

    /// By name: the notification carries the name given, not "New Activity"; a schedule init was not
    /// given is marked to replace, and one it was given is written as given.
    func testByNameWithTheExampleConfiguration() throws {
        let out = path("demo.yaml")
        XCTAssertEqual(invoke(["init", "--name", "demo", "--out", out, "--quiet"]).code, 0)
        let made = try ScenarioLoader.load(path: out)
        XCTAssertEqual(made.name, "demo")
        XCTAssertEqual(made.timeZone.identifier, "UTC")
        XCTAssertEqual(made.plugin.fallbackTitle, "demo")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(
            text.contains(
                "schedule: \"30 18 * * *\"  # GUESS: when your app notifies (cron, local time; or init --notify-at HH:MM)"
            ), text)
        XCTAssertTrue(text.contains("schedule: \"25 18 * * *\"  # GUESS: when your app fetches"), text)
        XCTAssertFalse(text.contains("New Activity"))
        XCTAssertEqual(invoke([out, "--devices", "2", "--days", "3", "--out", path("r"), "--quiet"]).code, 0)

        let digest = path("digest.yaml")
        let given = invoke([
            "init", "--name", "digest", "--notify-at", "07:00", "--fetch-at", "06:30", "--time-zone", "Europe/Berlin",
            "--out", digest,
        ])
        XCTAssertEqual(given.code, 0, given.err)
        let news = try ScenarioLoader.load(path: digest)
        XCTAssertEqual(news.fetchSchedule.text, "30 6 * * *")
        XCTAssertEqual(news.notifySchedule.text, "0 7 * * *")
        XCTAssertFalse(
            try String(contentsOfFile: digest, encoding: .utf8).contains("# GUESS: when your app"),
            "a given schedule is no guess")
        XCTAssertEqual(
            try ScenarioLoader.load(
                path: {
                    let p = path("lead.yaml");
                    _ = invoke(["init", "--name", "lead", "--notify-at", "07:00", "--out", p]); return p
                }()
            )
            .fetchSchedule.text, "55 6 * * *", "the fetch defaults to 5 minutes before the notification")
        let twelveHour = invoke(["init", "--name", "x", "--notify-at", "7:00 PM", "--out", path("x.yaml")])
        XCTAssertTrue(
            twelveHour.err.hasPrefix(
                "error: --notify-at takes local times HH:MM separated by commas, "
                    + "such as 08:00,20:00; '7:00 PM' is not one (did you mean 19:00?)"),
            twelveHour.err)
        let withFrom = invoke(["init", "--from", Self.appConfig, "--notify-at", "07:00", "--out", path("y.yaml")])
        XCTAssertTrue(withFrom.err.hasPrefix("error: --notify-at is for init without --from"), withFrom.err)
    }

    /// Two reminders a day (issue 56, item 7): one cron for the notifications and one for their
    /// fetches, 5 minutes before each; a `lead` sweep moves both fetches. Times no one cron gives
    /// together are refused before anything is written.
    func testSeveralNotificationTimesADay() throws {
        let out = path("reminders.yaml")
        let made = invoke(["init", "--name", "reminders", "--notify-at", "20:00,08:00", "--out", out])
        XCTAssertEqual(made.code, 0, made.err)
        let scenario = try ScenarioLoader.load(path: out)
        XCTAssertEqual(scenario.notifySchedule.text, "0 8,20 * * *")
        XCTAssertEqual(scenario.fetchSchedule.text, "55 7,19 * * *")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(
            text.hasPrefix(
                "# reminders: a dnsim-events scenario for the dual schedule in a plugin block "
                    + "made by init (fetch 07:55, 19:55, notify 08:00, 20:00)."), text)
        let run = invoke([out, "--devices", "2", "--days", "3", "--out", path("r"), "--quiet"])
        XCTAssertEqual(run.code, 0, run.err)
        let folder = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: path("r")).first)
        let summary = try String(contentsOfFile: path("r/\(folder)/summary.csv"), encoding: .utf8)
        let cycles = summary.split(separator: "\n")[1].split(separator: ",")[4]
        XCTAssertEqual(cycles, "12", "two cycles a day, 2 devices, 3 days")
        try (text + "sweep:\n  - { key: lead, values: [5m, 1h] }\n").write(
            toFile: out, atomically: true,
            encoding: .utf8)
        XCTAssertEqual(
            try ScenarioLoader.load(path: out).sweepPoints().map(\.scenario.fetchSchedule.text),
            ["55 7,19 * * *", "0 7,19 * * *"])

        let fetches = invoke([
            "init", "--name", "f", "--notify-at", "08:00,20:00", "--fetch-at", "07:30,19:30",
            "--out", path("f.yaml"),
        ])
        XCTAssertEqual(fetches.code, 0, fetches.err)
        XCTAssertEqual(try ScenarioLoader.load(path: path("f.yaml")).fetchSchedule.text, "30 7,19 * * *")
        let apart = invoke(["init", "--name", "apart", "--notify-at", "08:00,20:30", "--out", path("apart.yaml")])
        XCTAssertEqual(apart.code, 2)
        XCTAssertTrue(
            apart.err.hasPrefix(
                "error: --notify-at: the times 08:00, 20:30 do not make one cron: a cron "
                    + "fires at every listed minute of every listed hour, so the times must "
                    + "share their minutes"), apart.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("apart.yaml")))
    }

    /// What init cannot know (the platform mix, the push setup, the permissions, the app-open rate…)
    /// ends with `# GUESS: <what to measure, and how>`, the file still loads with those values, and
    /// the output's last lines list every guess with its line and key (issue 45, item 4).
    func testEveryGuessIsMarkedInTheFileAndListedAtTheEnd() throws {
        let out = path("podcast.yaml")
        let result = invoke([
            "init", "--name", "podcast", "--notify-at", "07:00", "--time-zone", "Europe/Berlin", "--out", out,
        ])
        XCTAssertEqual(result.code, 0, result.err)
        let made = try ScenarioLoader.load(path: out)
        XCTAssertTrue(made.warnings.isEmpty, "\(made.warnings)")
        XCTAssertEqual(made.user.appOpensPerDay, 1)
        XCTAssertEqual(made.android?.exactAlarmPermission, true)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        let guessed: [(key: String, written: String)] = [
            ("plugin.userNotification.body", "    body: "),
            ("plugin.relationship.contentTimeout", "    contentTimeout: "),
            ("platforms", "platforms:"), ("platforms.ios.fetchTask.delay", "      delay: "),
            ("platforms.ios.fetchTask.never", "      never: "),
            ("platforms.ios.notificationAuthorization", "    notificationAuthorization: authorized"),
            ("platforms.android.exactAlarmPermission", "    exactAlarmPermission: true"),
            ("platforms.android.notificationPermission", "    notificationPermission: granted"),
            ("fetch.latency", "  latency: "), ("fetch.failure", "  failure: "), ("fetch.copy", "  copy:"),
            ("server.updatesPerDay", "  updatesPerDay: "),
            ("server.starredPlans", "  starredPlans: "), ("user.appOpensPerDay", "  appOpensPerDay: 1 "),
            ("user.forceQuitPerDay", "  forceQuitPerDay: "),
            ("user.tokenLifetime", "  tokenLifetime: "), ("strategies", "strategies:"),
        ]
        let output = result.out.split(separator: "\n").map(String.init)
        let heading = try XCTUnwrap(
            output.firstIndex { $0.hasPrefix("\(guessed.count) values are guesses, marked '# GUESS:' in \(out)") },
            result.out)
        let listed = Array(output[(heading + 1)...])
        XCTAssertEqual(listed.count, guessed.count, "the list is the output's end, one line a guess: \(result.out)")
        for ((key, written), entry) in zip(guessed, listed) {
            // "  line  70  user.appOpensPerDay  your analytics' app opens per user per day; …"
            let words = entry.split(separator: " ", maxSplits: 3).map(String.init)
            XCTAssertEqual(words.count, 4, entry)
            XCTAssertEqual(words[0], "line", entry)
            XCTAssertEqual(words[2], key, entry)
            let number = try XCTUnwrap(Int(words[1]), entry)
            let line = lines[number - 1]
            XCTAssertTrue(line.hasPrefix(written), "line \(number) is \(key)'s: \(line)")
            let comment = try XCTUnwrap(line.range(of: "# GUESS: "), line)
            XCTAssertEqual(
                String(line[comment.upperBound...]), words[3].trimmingCharacters(in: .whitespaces),
                "the file and the list say the same")
            XCTAssertGreaterThan(words[3].count, 20, "what to measure, and how: \(entry)")
        }
        XCTAssertEqual(
            lines.filter { !$0.hasPrefix("#") && $0.contains("# GUESS:") }.count, guessed.count,
            "no other line is marked")
        XCTAssertTrue(
            listed.contains {
                $0.contains("user.appOpensPerDay") && $0.contains("your analytics' app opens per user per day")
            })
        XCTAssertTrue(listed.contains { $0.contains("strategies") && $0.contains("push") }, "the push setup is a guess")
        XCTAssertTrue(
            listed.contains { $0.contains(" platforms ") && $0.contains("iOS/Android split") },
            "the platform mix is a guess")
        XCTAssertEqual(
            invoke(["init", "--name", "quiet", "--out", path("quiet.yaml"), "--quiet"]).out, "", "--quiet lists nothing"
        )
    }

    /// The app calls scheduleDualNotification({ config }): the wrapper is accepted.
    func testTheConfigWrapperIsAccepted() throws {
        let inner = try String(contentsOfFile: Self.appConfig, encoding: .utf8)
        let config = write("{\"config\": \(inner)}", to: "wrapped.json")
        XCTAssertEqual(invoke(["init", "--from", config, "--out", path("w.yaml"), "--quiet"]).code, 0)
        XCTAssertEqual(try ScenarioLoader.load(path: path("w.yaml")).name, "wrapped")
    }

    func testAnExistingFileIsKeptWithoutForce() throws {
        let out = write("mine\n", to: "taken.yaml")
        let refused = invoke(["init", "--name", "x", "--out", out])
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.contains("\(out) exists; pass --force to overwrite it"), refused.err)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "mine\n")
        XCTAssertEqual(invoke(["init", "--name", "x", "--out", out, "--force", "--quiet"]).code, 0)
        XCTAssertEqual(try ScenarioLoader.load(path: out).name, "x")
    }

    /// Bad JSON: exit 2, the file's line and column, nothing written.
    func testBadJSONIsReportedAtItsLineAndColumn() {
        let cases: [(String, String)] = [
            (
                "{\"contentFetch\": {\"schedule\": \"25 18 * * *\",}}",
                ":1:45: error: a trailing comma before '}' is not JSON"
            ),
            (
                "{\"contentFetch\": {}\n  \"userNotification\": {}}",
                ":2:3: error: expected ',' or '}' after the value of \"contentFetch\", found '\"'"
            ),
            ("{'contentFetch': 1}", ":1:2: error: expected a key in double quotes, found '''"),
            ("{\"a\": tru}", ":1:7: error: unexpected 'tru': JSON's words are true, false and null"),
            ("{\"a\": 01}", ":1:7: error: invalid number '01'"),
            ("{\"a\": \"x\\q\"}", ":1:9: error: invalid escape '\\q' in a string"),
            ("{\"a\": 1, \"a\": 2}", ":1:10: error: duplicate key \"a\""),
            ("{\"a\": [1, 2}", ":1:12: error: expected ',' or ']' after an array item, found '}'"),
            ("", ":1:1: error: the file is empty; expected a JSON object"),
            ("{\"a\": 1} x", ":1:10: error: unexpected 'x' after the JSON value"),
            ("[1]", ":1:1: error: expected the DualScheduleConfiguration object"),
        ]
        for (text, message) in cases {
            let config = write(text, to: "bad.json")
            let result = invoke(["init", "--from", config, "--out", path("never.yaml")])
            XCTAssertEqual(result.code, 2, text)
            XCTAssertTrue(result.err.contains(config + message), "\(text): \(result.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("never.yaml")))
        }
    }

    /// What the loader finds wrong in the plugin block is reported in the JSON, at the key or value.
    func testAPluginMistakeIsReportedInTheJSON() {
        let unknown = write(
            """
            {
              "contentFetch": { "schedule": "25 18 * * *", "shedule": 1 },
              "userNotification": { "schedule": "30 18 * * *" }
            }
            """, to: "unknown.json")
        let result = invoke(["init", "--from", unknown, "--out", path("u.yaml")])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains(
                "\(unknown):2:48: error: unknown key 'shedule' in plugin.contentFetch (did you mean 'schedule'?)"),
            result.err)
        XCTAssertTrue(result.err.contains("\"shedule\": 1"), "the JSON line is quoted: \(result.err)")

        let cron = write(
            "{\"contentFetch\": {\"schedule\": \"25 18 * *\"}, \"userNotification\": {\"schedule\": \"30 18 * * *\"}}",
            to: "cron.json")
        let bad = invoke(["init", "--from", cron, "--out", path("c.yaml")])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.contains("\(cron):1:31: error: plugin.contentFetch.schedule"), bad.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("c.yaml")))
    }

    func testUsage() {
        XCTAssertEqual(invoke(["init"]).code, 2)
        XCTAssertEqual(invoke(["init", "--name", "bad name"]).code, 2)
        XCTAssertTrue(
            invoke(["init", "--name", "x", "--time-zone", "Mars/Base", "--out", path("m.yaml")]).err.contains(
                "--time-zone"))
        XCTAssertEqual(invoke(["init", "--from", path("missing.json")]).code, 2)
        XCTAssertEqual(InitCommand.defaultName("dir/my app.config.json"), "my-app.config")
    }

    func testJSONReaderValues() throws {
        let json = try JSONReader.parse(
            Array(
                "\u{FEFF}{\"s\": \"caf\\u00e9 \\ud83d\\ude00\\n\", \"n\": -1.5e3, \"a\": [true, false, null], \"o\": {}}"
                    .utf8),
            file: "j")
        guard case .string(let text, let mark)? = json["s"] else { return XCTFail("\(json)") }
        XCTAssertEqual(text, "café 😀\n")
        XCTAssertEqual(mark, SourceMark(line: 1, column: 7))
        guard case .number(let number, _)? = json["n"] else { return XCTFail() }
        XCTAssertEqual(number, "-1.5e3")
        guard case .array(let items, _)? = json["a"], items.count == 3 else { return XCTFail() }
        XCTAssertThrowsError(try JSONReader.parse(Array(String(repeating: "[", count: 500).utf8), file: "deep"))
        XCTAssertThrowsError(try JSONReader.parse([0x7B, 0xFF, 0x7D], file: "binary"))
        XCTAssertThrowsError(try JSONReader.parse(Array("\"\\ud800\"".utf8), file: "surrogate"))
    }
}
