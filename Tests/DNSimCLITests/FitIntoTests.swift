import DNSimCore
import DNSimRun
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimScenario

/// `fit FILE.csv --into SCENARIO.yaml` (issue 26, item 10): the fitted keys set in the scenario file,
/// every other byte kept; keys added where they are missing; refusals leave the file as it was; a
/// second run changes nothing.
final class FitIntoTests: CommandLineTestCase {
    static let hours =
        "[0, 0.19, 0.09, 0.09, 0.38, 0.09, 0.66, 2.16, 1.69, 1.22, 1.04, 1.22, 1.04, 1.04, 0.66, 0.94, 0.47, 1.98, 1.88, 1.98, "
        + "1.6, 2.45, 0.75, 0.38]"
    static let head = """
        name: t
        seed: 1
        devices: 2
        days: 3
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }

        """

    func write(_ name: String, _ text: String) -> String {
        let path = temporary.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    func read(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    /// `fit` of one of the shipped telemetry files into `scenario`, its report in a folder of its own.
    func fit(_ kind: String, into scenario: String, _ extra: [String] = []) -> (code: Int32, out: String, err: String) {
        invoke(
            [
                "fit", GoldenFiles.repositoryPath("Scenarios/telemetry/\(kind).csv"), "--bootstrap", "0",
                "--out", temporary.appendingPathComponent("fit-\(kind)").path, "--into", scenario,
            ] + extra)
    }

    func testBlockValuesAreReplacedOnTheirKeysLinesAndEveryCommentStays() {
        let hours = (0..<24).map { _ in "    - 1\n" }.joined()
        let path = write(
            "calibrated.yaml",
            """
            # Calibrated by hand in 2026; fit --into keeps this comment.
            \(Self.head)
            platforms:   # iOS only
              ios:
                fetchTask:
                  kind: appRefresh
                  # From last year's logs.
                  delay:   # measured in 2026
                    weibull:
                      shape: 0.8   # heavy tail
                      scale: 2h

                  never:
                    0.2   # a guess
                  # Keep this comment.
            fetch:
              latency:
                lognormal: { median: 1s,
                             sigma: 0.5 }
              failure: 0.05 # old rate
            user:
              appOpensPerDay: 1   # per device
              appOpenHours:
            \(hours)strategies: [independent]

            """)
        let bg = fit("bg-launches", into: path)
        XCTAssertEqual(bg.code, 0, bg.err)
        XCTAssertEqual(fit("fetch-attempts", into: path).code, 0)
        let opens = fit("app-opens", into: path)
        XCTAssertEqual(opens.code, 0, opens.err)
        XCTAssertEqual(
            read(path),
            """
            # Calibrated by hand in 2026; fit --into keeps this comment.
            \(Self.head)
            platforms:   # iOS only
              ios:
                fetchTask:
                  kind: appRefresh
                  # From last year's logs.
                  delay: { lognormal: { median: 97m, sigma: 1.51 } }   # measured in 2026

                  never: 0.156
                  # Keep this comment.
            fetch:
              latency: { lognormal: { median: 794ms, sigma: 0.812 } }
              failure: 0.033 # old rate
            user:
              appOpensPerDay: 1.21   # per device
              appOpenHours: \(Self.hours)
            strategies: [independent]

            """)
        XCTAssertTrue(
            bg.out.hasPrefix(
                "Set in \(path):\n"
                    + "  platforms.ios.fetchTask.delay: { weibull: { shape: 0.8, scale: 2h } } → { lognormal: { median: 97m, sigma: 1.51 } } (\(path):16:14)\n"
                    + "  platforms.ios.fetchTask.never: 0.2 → 0.156 (\(path):18:14)\n"), bg.out)
        XCTAssertTrue(
            bg.out.contains("the sampling distributions of the fitted values are in the uncertainty: block of "), bg.out
        )
        XCTAssertTrue(
            opens.out.contains(
                "  user.appOpenHours: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] → \(Self.hours)"
            ), opens.out)
        XCTAssertFalse(read(path).contains("uncertainty"), "the uncertainty block stays in fit.yaml")
        XCTAssertTrue(
            read(temporary.appendingPathComponent("fit-bg-launches/fit.yaml").path).contains(
                "uncertainty:\n  parameters:\n"))
    }

    /// Missing keys go into the deepest mapping that is written, at its indentation; missing
    /// sections are added at the end with the file's indentation step. The result loads, with the fit's values.
    func testAbsentKeysAreAddedAtTheirMappingsIndentationWithTheFitsValues() throws {
        let head = Self.head.replacingOccurrences(of: "\n  ", with: "\n    ")
        let path = write(
            "fresh.yaml",
            head + """
                platforms:
                    ios:
                        fetchTask:
                            kind: appRefresh
                strategies: [independent]   # no fetch or user section
                """)
        for kind in ["bg-launches", "fetch-attempts", "app-opens"] {
            let result = fit(kind, into: path)
            XCTAssertEqual(result.code, 0, "\(kind): \(result.err)")
        }
        XCTAssertEqual(
            read(path),
            head + """
                platforms:
                    ios:
                        fetchTask:
                            kind: appRefresh
                            delay: { lognormal: { median: 97m, sigma: 1.51 } }
                            never: 0.156
                strategies: [independent]   # no fetch or user section
                fetch:
                    latency: { lognormal: { median: 794ms, sigma: 0.812 } }
                    failure: 0.033
                user:
                    appOpensPerDay: 1.21
                    appOpenHours: \(Self.hours)
                """)
        // Read back, the scenario holds what fit.yaml says.
        let scenario = try ScenarioLoader.load(path: path)
        let fitted = { (kind: String) throws -> YAMLNode in
            try XCTUnwrap(
                try YAMLParser.parse(
                    self.read(self.temporary.appendingPathComponent("fit-\(kind)/fit.yaml").path), file: "fit.yaml"))
        }
        let bg = try fitted("bg-launches").value(forKey: "platforms")?.value(forKey: "ios")?.value(forKey: "fetchTask")
        XCTAssertEqual(scenario.ios?.delay, try lognormal(XCTUnwrap(bg?.value(forKey: "delay"))))
        XCTAssertEqual(scenario.ios?.never, Double(try XCTUnwrap(bg?.value(forKey: "never")?.scalar)))
        let fetch = try fitted("fetch-attempts").value(forKey: "fetch")
        XCTAssertEqual(scenario.fetch.latency, try lognormal(XCTUnwrap(fetch?.value(forKey: "latency"))))
        XCTAssertEqual(scenario.fetch.failure, Double(try XCTUnwrap(fetch?.value(forKey: "failure")?.scalar)))
        let user = try fitted("app-opens").value(forKey: "user")
        XCTAssertEqual(
            scenario.user.appOpensPerDay, Double(try XCTUnwrap(user?.value(forKey: "appOpensPerDay")?.scalar)))
        let weights = try XCTUnwrap(user?.value(forKey: "appOpenHours")?.sequence).compactMap {
            $0.scalar.flatMap(Double.init)
        }
        XCTAssertEqual(weights.count, 24)
        let loaded = try XCTUnwrap(scenario.user.appOpenHours)
        for (hour, weight) in weights.enumerated() {
            XCTAssertEqual(loaded[hour], weight, accuracy: 0.01, "hour \(hour)")
        }
    }

    /// `{ lognormal: { median: 97m, sigma: 1.51 } }` as the scenario's distribution.
    func lognormal(_ node: YAMLNode) throws -> Distribution {
        let values = try XCTUnwrap(node.value(forKey: "lognormal"), "the fixtures' best family is lognormal")
        guard case .success(let median) = DurationSyntax.parse(try XCTUnwrap(values.value(forKey: "median")?.scalar))
        else {
            throw XCTSkip("not a duration")
        }
        return .lognormal(
            median: Double(median), sigma: try XCTUnwrap(Double(try XCTUnwrap(values.value(forKey: "sigma")?.scalar))))
    }

    func testFlowMappingsGetTheirNewEntriesInFlowForm() {
        let path = write(
            "flow.yaml",
            Self.head + """
                platforms: { ios: { fetchTask: { kind: appRefresh, never: 0.2 } } }   # one line
                fetch: {}
                user: { forceQuitPerDay: 0.1 }
                strategies: [independent]

                """)
        let bg = fit("bg-launches", into: path)
        XCTAssertEqual(bg.code, 0, bg.err)
        XCTAssertEqual(fit("fetch-attempts", into: path).code, 0)
        XCTAssertEqual(fit("app-opens", into: path).code, 0)
        XCTAssertEqual(
            read(path),
            Self.head + """
                platforms: { ios: { fetchTask: { kind: appRefresh, never: 0.156, delay: { lognormal: { median: 97m, sigma: 1.51 } } } } }   # one line
                fetch: { latency: { lognormal: { median: 794ms, sigma: 0.812 } }, failure: 0.033 }
                user: { forceQuitPerDay: 0.1, appOpensPerDay: 1.21, appOpenHours: \(Self.hours) }
                strategies: [independent]

                """)
        // The marks are those of the final text: the delay's moved with the shorter never before it.
        XCTAssertTrue(
            bg.out.contains(
                "  added platforms.ios.fetchTask.delay: { lognormal: { median: 97m, sigma: 1.51 } } (\(path):9:73)\n"),
            bg.out)
        XCTAssertTrue(bg.out.contains("  platforms.ios.fetchTask.never: 0.2 → 0.156 (\(path):9:59)\n"), bg.out)
    }

    /// A parent that is not a mapping written in place is refused at its line and column, before
    /// the fit (no report is written), and the file keeps every byte.
    func testParentsThatAreNotMappingsWrittenInPlaceAreRefusedBeforeTheFit() throws {
        let cases: [(String, String, String)] = [
            (
                "scalar.yaml", Self.head + "platforms:\n  ios:\n    fetchTask: appRefresh\nstrategies: [independent]\n",
                ":11:16: error: platforms.ios.fetchTask must be a mapping, not a scalar"
            ),
            (
                "alias.yaml",
                Self.head
                    + "fleet:\n  - { segment: a, share: 0.5, set: { user: &u { appOpensPerDay: 2 } } }\n  - { segment: b, share: 0.5 }\n"
                    + "platforms: { ios: {} }\nuser: *u\nstrategies: [independent]\n",
                ":13:7: error: user is an alias (*u) of a mapping written elsewhere, so user.appOpensPerDay cannot be set here; "
                    + "write the mapping out in place of the alias, or set user.appOpensPerDay by hand"
            ),
            (
                "anchor.yaml",
                Self.head
                    + "user: &u { appOpensPerDay: 2 }\nfleet:\n  - { segment: a, share: 0.5, set: { user: *u } }\n"
                    + "  - { segment: b, share: 0.5 }\nplatforms: { ios: {} }\nstrategies: [independent]\n",
                ":9:7: error: user is anchored (&u), so aliases elsewhere may copy it; setting user.appOpensPerDay here would change them too: set it by hand"
            ),
        ]
        for (name, text, message) in cases {
            let path = write(name, text)
            let result = fit(name == "scalar.yaml" ? "bg-launches" : "app-opens", into: path)
            XCTAssertEqual(result.code, 2, name)
            XCTAssertTrue(result.err.hasPrefix(path + message), "\(name): \(result.err)")
            XCTAssertEqual(read(path), text, name)
            XCTAssertEqual(result.out, "", name)
        }
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: temporary.appendingPathComponent("fit-bg-launches").path),
            "refused before the fit")
        // A scalar or a list where a mapping belongs, as the editor itself says it (the loader refuses such a scenario first).
        for (text, expected) in [
            (
                "platforms:\n  ios: 3\n",
                "s.yaml:2:8: error: platforms.ios is a scalar, not a mapping, so platforms.ios.fetchTask.never cannot be set in it"
            ),
            (
                "platforms: [ios]\n",
                "s.yaml:1:12: error: platforms is a list, not a mapping, so platforms.ios.fetchTask.never cannot be set in it"
            ),
            ("- platforms\n", "s.yaml:1:1: error: the scenario's top level is a list, not a mapping"),
        ] {
            XCTAssertThrowsError(
                try ScenarioEditor.setting(
                    [("platforms.ios.fetchTask.never", "0.1")], in: Array(text.utf8), file: "s.yaml")
            ) { error in
                XCTAssertEqual((error as? Diagnostic)?.description, expected)
            }
        }
    }

    /// The edited text is loaded and validated first: a sweep over the old family's parameter no
    /// longer fits the new family, so the file stays as it was and the loader's problems are shown.
    /// BG launches from two populations (half within two minutes of earliestBeginDate, half about
    /// ten hours later): no single family fits them, the bootstrap test says so, and `--into`
    /// refuses to paste the fit unless told to (issue 42); plain `fit` warns.
    func testAFitItsOwnTestRejectsIsNotPastedWithoutAcceptPoorFit() throws {
        var rows = ["request_id,submitted_at,earliest_begin,launched_at,observed_until"]
        for i in 0..<120 {
            let day = 1 + i / 24, hour = i % 24
            let earliest = String(format: "2027-02-%02dT%02d:00:00+00:00", day, hour)
            let delay = i % 2 == 0 ? 30 + i : 36_000 + 60 * i
            let launched = String(
                format: "2027-02-%02dT%02d:%02d:%02d+00:00", day + (hour * 3_600 + delay) / 86_400,
                (hour * 3_600 + delay) / 3_600 % 24, delay / 60 % 60, delay % 60)
            let until = String(format: "2027-02-%02dT%02d:00:00+00:00", day + 1, hour)
            rows.append("r\(i),\(earliest),\(earliest),\(launched),\(until)")
        }
        let telemetry = write("bimodal.csv", rows.joined(separator: "\n") + "\n")
        let text =
            Self.head + "platforms:\n  ios:\n    fetchTask: { delay: { fixed: 5m } }\nstrategies: [independent]\n"
        let path = write("scenario.yaml", text)
        let options = [
            "--families", "lognormal", "--bootstrap", "40", "--out", temporary.appendingPathComponent("fit").path,
        ]
        let refused = invoke(["fit", telemetry, "--into", path] + options)
        XCTAssertEqual(refused.code, 2, refused.err)
        XCTAssertTrue(
            refused.err.hasPrefix(
                "\(path): error: not changed: the goodness-of-fit test rejects the BG launch delay's best family, "
                    + "lognormal (Kaplan–Meier gap "), refused.err)
        XCTAssertTrue(refused.err.contains("< 0.05 over 40 replicates); see "), refused.err)
        XCTAssertTrue(refused.err.contains("or pass --accept-poor-fit to set it anyway"), refused.err)
        XCTAssertEqual(read(path), text, "a refused fit leaves the scenario as it was")
        XCTAssertTrue(
            read(temporary.appendingPathComponent("fit/fit.md").path).contains("**not acceptable**"),
            "the fit's report is still written")

        let plain = invoke(["fit", telemetry, "--quiet"] + options)
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertTrue(
            plain.err.contains(
                "\(telemetry): warning: the goodness-of-fit test rejects the BG launch delay's best family"), plain.err)

        let accepted = invoke(["fit", telemetry, "--into", path, "--accept-poor-fit", "--quiet"] + options)
        XCTAssertEqual(accepted.code, 0, accepted.err)
        XCTAssertTrue(accepted.err.contains("warning: the goodness-of-fit test rejects"), accepted.err)
        XCTAssertNotEqual(read(path), text, "--accept-poor-fit sets the keys")
    }

    func testAScenarioThatWouldNotLoadAfterTheEditIsLeftAsItWas() throws {
        let text =
            Self.head + """
                platforms:
                  ios:
                    fetchTask:
                      delay: { weibull: { shape: 0.8, scale: 2h } }
                strategies: [independent]
                sweep:
                  - { key: platforms.ios.fetchTask.delay.weibull.scale, values: [1h, 2h] }

                """
        let path = write("sweep.yaml", text)
        let result = fit("bg-launches", into: path)
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.hasPrefix(
                "\(path): error: with the fitted values set, the scenario does not load, so \(path) was left as it was; "
                    + "the fitted values are in "), result.err)
        XCTAssertTrue(
            result.err.contains(
                "\n\(path):12:14: error: with platforms.ios.fetchTask.delay.weibull.scale = 1h: platforms.ios.fetchTask.delay must be"
            ), result.err)
        XCTAssertEqual(read(path), text)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: temporary.appendingPathComponent("fit-bg-launches/fit.yaml").path),
            "the fit is still written")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], "no temporary file is left")
    }

    func testMissingFoldersPipesAndUnparsableScenariosAreRefused() throws {
        let missing = temporary.appendingPathComponent("missing.yaml").path
        let pipe = temporary.appendingPathComponent("pipe.yaml").path
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        let broken = write("broken.yaml", "name: [\n")
        for (path, expected) in [
            (missing, "\(missing): error: no such file"),
            (temporary.path, "\(temporary.path): error: is a directory, not a scenario file"),
            (
                pipe,
                "\(pipe): error: is not a regular file (a pipe, a device or a socket), so it cannot be edited in place"
            ),
            (broken, "\(broken):1:8: error: invalid YAML: did not find expected node content"),
        ] {
            let result = fit("bg-launches", into: path)
            XCTAssertEqual(result.code, 2, path)
            XCTAssertTrue(result.err.hasPrefix(expected), "\(path): \(result.err)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        XCTAssertEqual(read(broken), "name: [\n")
    }

    func testASecondRunChangesNoByte() throws {
        let path = write(
            "twice.yaml",
            Self.head + "platforms:\n  ios:\n    fetchTask:\n      never:\n        0.2\nstrategies: [independent]\n")
        for kind in ["bg-launches", "fetch-attempts", "app-opens"] {
            XCTAssertEqual(fit(kind, into: path).code, 0, kind)
        }
        let once = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let modified = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        for kind in ["bg-launches", "fetch-attempts", "app-opens"] {
            let again = fit(kind, into: path)
            XCTAssertEqual(again.code, 0, kind)
            XCTAssertTrue(again.out.hasPrefix("Already set in \(path):\n"), again.out)
            XCTAssertTrue(again.out.contains("(unchanged, \(path):"), again.out)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), once)
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, modified,
            "not even rewritten")
    }

    /// Two edits of one scenario at once lose neither (issue 44, item 3): a fit waits while another
    /// editor holds the file's lock (as a second `fit --into` does from its comparison to its rename),
    /// then finds the file changed and refuses, so the other editor's text stays whole.
    func testAFitWaitsForAnotherEditorsLockAndKeepsItsEdit() throws {
        let text = Self.head + "platforms:\n  ios: {}\nfetch:\n  failure: 0.1\nstrategies: [independent]\n"
        let path = write("locked.yaml", text)
        let fitter = try FitIntoScenario(path: path, keys: ["fetch.failure"])
        // The other editor has compared the file and is about to rename its own text over it.
        let other = open(path, O_RDONLY)
        XCTAssertEqual(flock(other, LOCK_EX), 0)
        final class Outcome: @unchecked Sendable { var error: (any Error)? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Thread {
            do { _ = try fitter.set([("fetch.failure", "0.033")], fitFolder: "F") } catch { outcome.error = error }
            done.signal()
        }.start()
        let waited = done.wait(timeout: .now() + 1)
        XCTAssertEqual(waited, .timedOut, "the fit waits for the lock instead of writing")
        let theirs = text.replacingOccurrences(of: "days: 3", with: "days: 4")
        let staged = write(".locked.yaml.other", theirs)
        XCTAssertEqual(rename(staged, path), 0)
        close(other)
        if waited == .timedOut { XCTAssertEqual(done.wait(timeout: .now() + 60), .success) }
        XCTAssertEqual(
            (outcome.error as? SetupError)?.message,
            "\(path) changed while the fit ran; \(path) was left as it was; the fitted values are in F/fit.yaml (run fit --into again)"
        )
        XCTAssertEqual(read(path), theirs, "the other editor's text is kept whole")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path), ["locked.yaml"],
            "no temporary file left")
    }

    /// `fit --into` twice at once, as two processes setting different keys: each round ends with
    /// both edits in the file, or with one refused (exit 2, naming the file) and the other's keys
    /// in it; never two exit 0s and one edit gone.
    func testTwoFitsIntoOneScenarioAtOnceLoseNoEdit() throws {
        guard let executable = InterruptTests.executable else {
            throw XCTSkip("no dnsim-events executable beside the tests; run 'swift build' first")
        }
        // Each kind's key as the fit sets it, over a value it does not have.
        let kinds = [("bg-launches", "never: 0.156"), ("fetch-attempts", "failure: 0.033")]
        for round in 1...3 {
            let path = write(
                "race-\(round).yaml",
                Self.head + "platforms:\n  ios:\n    fetchTask:\n      never: 0.2\nfetch:\n  failure: 0.1\n"
                    + "strategies: [independent]\n")
            let processes = try kinds.map { kind, _ in
                let process = Process()
                process.executableURL = executable
                process.arguments = [
                    "fit", GoldenFiles.repositoryPath("Scenarios/telemetry/\(kind).csv"), "--bootstrap", "0", "--quiet",
                    "--out", temporary.appendingPathComponent("fit-\(round)-\(kind)").path, "--into", path,
                ]
                let errors = Pipe()
                process.standardError = errors
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                return (process, errors)
            }
            var codes: [Int32] = []
            for (process, errors) in processes {
                let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                codes.append(process.terminationStatus)
                if process.terminationStatus == 2 {
                    XCTAssertTrue(err.contains("error: \(path) changed while the fit ran; "), err)
                }
            }
            let text = read(path)
            for ((_, setting), code) in zip(kinds, codes) {
                XCTAssertTrue(code == 0 || code == 2, "round \(round): exit \(code)")
                if code == 0 { XCTAssertTrue(text.contains(setting), "round \(round): \(setting) was lost:\n\(text)") }
            }
            XCTAssertTrue(codes.contains(0), "round \(round): one of the two fits at least is written")
        }
    }

    /// A fleet segment that sets a fitted key keeps its own value: the top level is edited, and a
    /// warning (on stderr even with --quiet) names the segment.
    func testFleetSegmentsThatSetAFittedKeyAreNamed() {
        let path = write(
            "fleet.yaml",
            Self.head + """
                platforms: { ios: { fetchTask: { never: 0.2 } } }
                fleet:
                  - { segment: stock, share: 0.85 }
                  - segment: heavy-users
                    share: 0.15
                    set: { user.appOpensPerDay: 6, platforms.ios.fetchTask.never: 0.05 }
                strategies: [independent]

                """)
        let result = fit("bg-launches", into: path, ["--quiet"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(
            result.err,
            "\(path):14:36: warning: fleet segment 'heavy-users' sets platforms.ios.fetchTask.never: 0.05, so its devices keep that, "
                + "not the fitted platforms.ios.fetchTask.never (set for the rest of the fleet)\n")
        XCTAssertTrue(
            read(path).contains(
                "platforms: { ios: { fetchTask: { never: 0.156, delay: { lognormal: { median: 97m, sigma: 1.51 } } } } }\n"
            ))
    }

    /// What the editor keeps of a file's own spelling: CRLF line breaks, a byte order mark, JSON's quoted keys.
    func testEditsKeepTheFilesLineBreaksAndQuoting() throws {
        let crlf = "\u{FEFF}platforms:\r\n  ios:\r\n    fetchTask:\r\n      never: 0.2\r\nfetch:\r\n  failure: 0.1\r\n"
        let edited = try ScenarioEditor.setting(
            [
                ("platforms.ios.fetchTask.never", "0.156"), ("platforms.ios.fetchTask.delay", "{ fixed: 1m }"),
                ("user.appOpensPerDay", "2"),
            ], in: Array(crlf.utf8), file: "c.yaml")
        XCTAssertEqual(
            String(decoding: edited.bytes, as: UTF8.self),
            "\u{FEFF}platforms:\r\n  ios:\r\n    fetchTask:\r\n      never: 0.156\r\n      delay: { fixed: 1m }\r\nfetch:\r\n  failure: 0.1\r\nuser:\r\n  appOpensPerDay: 2\r\n"
        )
        XCTAssertEqual(
            edited.changes.map(\.description),
            [
                "platforms.ios.fetchTask.never: 0.2 → 0.156 (c.yaml:4:14)",
                "added platforms.ios.fetchTask.delay: { fixed: 1m } (c.yaml:5:14)",
                "added user.appOpensPerDay: 2 (c.yaml:9:19)",
            ])
        let json = "{\n  \"platforms\": {\"ios\": {}},\n  \"fetch\": {\"failure\": 0.1}\n}\n"
        let set = try ScenarioEditor.setting(
            [("fetch.failure", "0.033"), ("platforms.ios.fetchTask.never", "0.156")], in: Array(json.utf8),
            file: "j.json")
        XCTAssertEqual(
            String(decoding: set.bytes, as: UTF8.self),
            "{\n  \"platforms\": {\"ios\": { \"fetchTask\": { \"never\": 0.156 } }},\n  \"fetch\": {\"failure\": 0.033}\n}\n"
        )
    }

    /// Values of every form give way to the new one on their key's line; a key a merge brings is refused.
    func testEditorReplacesValuesOfEveryFormAndRefusesMergedKeys() throws {
        let cases: [(String, String, String)] = [
            ("a:\n  b:\n  - 1\n  - 2\n  c: 3\n", "a.b", "a:\n  b: [9]\n  c: 3\n"),
            ("a:\n  t: |\n    line one\n\n  u: 1\n", "a.t", "a:\n  t: [9]\n\n  u: 1\n"),
            ("a:\n  d: !!map   # d\n    x: 1   # x\n", "a.d", "a:\n  d: [9]   # d\n"),
            ("a:\n  b: [1,\n      2]   # list\n", "a.b", "a:\n  b: [9]   # list\n"),
            ("base: &b { x: 1 }\na:\n  v: *b\n", "a.v", "base: &b { x: 1 }\na:\n  v: [9]\n"),
            ("a:\n  v:   # v\n", "a.v", "a:\n  v: [9]   # v\n"),
            ("---\na:\n  b: 1\n...\n", "z", "---\na:\n  b: 1\nz: [9]\n...\n"),
        ]
        for (text, key, expected) in cases {
            let edited = try ScenarioEditor.setting([(key, "[9]")], in: Array(text.utf8), file: "e.yaml")
            XCTAssertEqual(String(decoding: edited.bytes, as: UTF8.self), expected, text)
        }
        let merged = "base: &b { x: 1 }\na:\n  <<: *b\n  y: 2\n"
        XCTAssertThrowsError(try ScenarioEditor.setting([("a.x", "5")], in: Array(merged.utf8), file: "m.yaml")) {
            error in
            XCTAssertEqual(
                (error as? Diagnostic)?.description,
                "m.yaml:3:3: error: a.x comes from the merge '<<' here, so it is written elsewhere; set a.x by hand")
        }
        let added = try ScenarioEditor.setting([("a.z", "5")], in: Array(merged.utf8), file: "m.yaml")
        XCTAssertEqual(String(decoding: added.bytes, as: UTF8.self), merged + "  z: 5\n")
    }

    func testHelpAndCompletionsKnowInto() {
        let help = invoke(["fit", "--help"]).out
        XCTAssertTrue(help.contains("fit FILE.csv [--into SCENARIO.yaml]"), help)
        XCTAssertTrue(
            help.contains("--into SCENARIO") && help.contains("set the fitted keys in this scenario file"), help)
        XCTAssertTrue(
            invoke(["completions", "bash"]).out.contains(
                "fit:--into) COMPREPLY=($(compgen -f -X '!*.yaml' -- \"$cur\")"))
        XCTAssertTrue(
            invoke(["completions", "zsh"]).out.contains(
                "'--into[set the fitted keys in this scenario file, keeping the rest of its text; written only if it then loads]:SCENARIO:_files -g '\\''*.(yaml|yml)(-.)'\\'''"
            ))
        XCTAssertTrue(
            invoke(["completions", "fish"]).out.contains(
                "__fish_seen_subcommand_from fit' -l into -x -a '(__fish_complete_suffix .yaml)'"))
    }

    /// `init` marks world numbers `# GUESS: …`; once fit sets one, its line says it was measured,
    /// and the guesses fit did not set stay marked. An earlier init's `# replace: …` goes the same way.
    func testAFittedValueLosesItsGuessCommentAndTheOthersKeepTheirs() throws {
        let path = temporary.appendingPathComponent("digest.yaml").path
        XCTAssertEqual(
            invoke([
                "init", "--name", "digest", "--notify-at", "07:00", "--fetch-at", "06:30", "--out", path, "--quiet",
            ]).code, 0)
        let written = read(path)
        let before = written.components(separatedBy: "# GUESS:").count - 1
        let result = fit("bg-launches", into: path, ["--quiet"])
        XCTAssertEqual(result.code, 0, result.err)
        let lines = read(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let measured =
            "# measured: dnsim-events fit bg-launches.csv (\(temporary.appendingPathComponent("fit-bg-launches").path)/fit.md)"
        let delay = try? XCTUnwrap(lines.first { $0.hasPrefix("      delay: ") })
        let never = try? XCTUnwrap(lines.first { $0.hasPrefix("      never: ") })
        XCTAssertEqual(
            delay.map {
                $0.hasSuffix(measured) && $0.hasPrefix("      delay: { lognormal: { median: 97m, sigma: 1.51 } }")
            }, true, delay ?? "")
        XCTAssertEqual(never.map { $0.hasSuffix(measured) && $0.hasPrefix("      never: 0.156 ") }, true, never ?? "")
        XCTAssertEqual(
            read(path).components(separatedBy: "# GUESS:").count - 1, before - 2,
            "only the two lines fit set lose their mark")
        let again = fit("bg-launches", into: path, ["--quiet"])
        XCTAssertEqual(again.code, 0)
        XCTAssertEqual(
            read(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init), lines,
            "a second fit changes no byte")

        try Data(written.replacingOccurrences(of: "# GUESS:", with: "# replace:").utf8).write(
            to: URL(fileURLWithPath: path))
        XCTAssertEqual(fit("bg-launches", into: path, ["--quiet"]).code, 0)
        let older = read(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(
            older.first { $0.hasPrefix("      delay: ") }.map { $0.hasSuffix(measured) }, true,
            "an earlier init's mark is replaced too")
        XCTAssertEqual(read(path).components(separatedBy: "# replace:").count - 1, before - 2)
    }
}
