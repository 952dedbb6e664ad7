import DNSimAnalysis
import DNSimTestSupport
import XCTest

@testable import DNSimReports

/// The command line end to end, in process: exit codes, messages and files.
final class CommandLineTests: CommandLineTestCase {
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) { invoke(arguments) }

    /// The small fixture with `edit` applied to its text, written to a temporary file.
    func scenario(_ edit: (String) -> String = { $0 }, name: String = "s.yaml") -> String {
        let text = String(
            decoding: FileManager.default.contents(atPath: GoldenFiles.scenarioPath("small.yaml"))!, as: UTF8.self)
        let path = temporary.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(edit(text).utf8))
        return path
    }

    func testRunWritesReportsAndPrintsTheTable() throws {
        let out = temporary.appendingPathComponent("report").path
        let result = run([scenario(), "--devices", "6", "--out", out])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("chained-noguard/android"))
        // --out DIR writes DIR/<name>/, tagged with the overrides: here DIR/small@devices=6/.
        let report = "\(out)/small@devices=6"
        XCTAssertTrue(result.out.contains("Reports written to \(report)/ ("), result.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(out)/small"))
        for file in ["summary.csv", "summary.md", "outcome-mix.svg", "lateness-cdf.svg", "manifest.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(report)/\(file)"), file)
        }
        let markdown = String(
            decoding: try XCTUnwrap(FileManager.default.contents(atPath: "\(report)/summary.md")), as: UTF8.self)
        XCTAssertTrue(markdown.contains("--seed 3 --devices 6"), "the report names the command that reproduces it")
    }

    func testBadInputExitsTwoWithLineAndColumnAndWritesNothing() {
        let path = scenario { $0.replacingOccurrences(of: "seed: 3", with: "seeed: 3") }
        let out = temporary.appendingPathComponent("never").path
        let result = run([path, "--out", out])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains("\(path):3:1: error: unknown key 'seeed' at the top level (did you mean 'seed'?)"),
            result.err)
        XCTAssertTrue(result.err.contains("^"), "the caret snippet is shown")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertFalse(result.err.contains("Fatal"))
    }

    func testUsageErrorsExitTwo() {
        XCTAssertEqual(run([]).code, 2)
        let unknown = run([scenario(), "--job", "2"])
        XCTAssertEqual(unknown.code, 2)
        XCTAssertTrue(unknown.err.contains("unknown option '--job' for 'run' (did you mean '--jobs'?)"), unknown.err)
        XCTAssertEqual(run([scenario(), "--devices", "0"]).code, 2)
        XCTAssertEqual(run(["/nonexistent/x.yaml"]).code, 2)
        XCTAssertEqual(run([temporary.path]).code, 2)
    }

    func testValidatePrintsWhatWillRun() {
        let result = run(["validate", scenario()])
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.out.contains("30 cycles per device"), result.out)
        XCTAssertTrue(result.out.contains("independent-fallback/ios"))
    }

    func testFailedExpectationExitsOneWithItsLine() {
        let path = scenario {
            $0.replacingOccurrences(of: "metric: missed, max: 0.02", with: "metric: fresh, max: 0.01")
        }
        let result = run(["check", path, "--devices", "8", "--quiet"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.out.contains("REGRESSION small: chained/android fresh_rate:"), result.out)
        XCTAssertTrue(result.out.contains("\(path):26:5"), result.out)
    }

    func testCheckPassesAgainstItsOwnBaselineAndCatchesAWorsePolicy() {
        let baseline = temporary.appendingPathComponent("baseline").path
        XCTAssertEqual(run([scenario(), "--out", baseline, "--quiet"]).code, 0)
        let same = run(["check", scenario(), "--baseline", baseline])
        XCTAssertEqual(same.code, 0, same.out + same.err)
        XCTAssertFalse(same.out.contains("behaviour changed"))

        // The policy change under test: chained loses its guard.
        let worse = scenario(
            { $0.replacingOccurrences(of: "  - chained\n", with: "  - { chained: { guard: none } }\n") },
            name: "worse.yaml")
        let result = run(["check", worse, "--baseline", baseline, "--quiet"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.out.contains("REGRESSION small: chained/ios missed:"), result.out)
    }

    /// Writes the unedited fixture's report as a baseline, then runs `check`
    /// on the fixture with `from` replaced by `to` against it.
    func checkEdited(replacing from: String, with to: String, _ extra: [String] = []) -> (
        code: Int32, out: String, err: String
    ) {
        let baseline = temporary.appendingPathComponent("baseline").path
        XCTAssertEqual(run([scenario(), "--out", baseline, "--quiet"]).code, 0)
        let edited = scenario({ $0.replacingOccurrences(of: from, with: to) }, name: "edited.yaml")
        return run(["check", edited, "--baseline", baseline, "--quiet"] + extra)
    }

    /// Cutting the prefetch lead from 5 min to 1 min hurts Android users: caught, with the arm and metric named.
    func testShorterLeadIsCaught() {
        let result = checkEdited(replacing: "\"25 18 * * *\"", with: "\"29 18 * * *\"")
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.out.contains("REGRESSION small: independent/android stale:"), result.out)
        XCTAssertTrue(result.out.contains("REGRESSION small: independent/android fresh:"), result.out)
    }

    /// `staleContent: show` instead of `fallback` shows stale content: the stale rate regresses.
    func testShowingStaleContentIsCaught() {
        let result = checkEdited(replacing: "staleContent: fallback", with: "staleContent: show")
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.out.contains("REGRESSION small: independent-fallback/ios stale:"), result.out)
        XCTAssertTrue(result.out.contains("improved small: independent-fallback/ios fallback:"), result.out)
    }

    /// A longer lead (fetch 5 min before T instead of 1) helps Android users on
    /// every metric; the gate passes and reports what improved. Both count fresh
    /// within 5 minutes: left to its default, the baseline's would be its 1-minute
    /// lead, and check would then measure the candidate under that (CheckDefinitionsTests).
    func testBetterPolicyPassesAndReportsTheImprovement() {
        let baseline = temporary.appendingPathComponent("baseline").path
        // Android only: on iOS a longer lead also lets on-time fetches overwrite late ones (more lost updates).
        let androidOnly = { (text: String) in
            text.replacingOccurrences(
                of: #"  ios:\n    fetchTask: \{[^\n]*\}\n"#, with: "", options: .regularExpression)
                + "metrics: { freshWithin: 5m }\n"
        }
        let shortLead = scenario(
            { androidOnly($0).replacingOccurrences(of: "\"25 18 * * *\"", with: "\"29 18 * * *\"") }, name: "short.yaml"
        )
        XCTAssertEqual(run([shortLead, "--out", baseline, "--quiet"]).code, 0)
        let result = run(["check", scenario({ androidOnly($0) }, name: "long.yaml"), "--baseline", baseline, "--quiet"])
        XCTAssertEqual(result.code, 0, result.out)
        XCTAssertTrue(result.out.contains("improved small: independent/android stale:"), result.out)
        XCTAssertTrue(result.out.contains("improved small: chained/android late:"), result.out)
        // `--arms` gates the improvements it reports as it gates the failures.
        let gated = run([
            "check", scenario({ androidOnly($0) }, name: "long.yaml"), "--baseline", baseline, "--quiet",
            "--arms", "chained/android",
        ])
        XCTAssertEqual(gated.code, 0, gated.out)
        XCTAssertTrue(gated.out.contains("improved small: chained/android late:"), gated.out)
        XCTAssertFalse(gated.out.contains("improved small: independent/android"), gated.out)
    }

    /// A change that moves no rate beyond tolerance still changes the event
    /// trajectories: a warning by default, a failure with --strict.
    func testBehaviourChangeIsFlaggedByTheFingerprint() {
        let lenient = checkEdited(replacing: "median: 800ms", with: "median: 801ms")
        XCTAssertEqual(lenient.code, 0, lenient.out)
        XCTAssertTrue(lenient.out.contains("warning small: behaviour changed: the event trajectories of"), lenient.out)
        let strict = checkEdited(replacing: "median: 800ms", with: "median: 801ms", ["--strict"])
        XCTAssertEqual(strict.code, 1)
        XCTAssertTrue(strict.out.contains("behaviour changed: its fingerprint"), strict.out)
    }

    /// A display delay moves no event, only when the user sees the notification:
    /// lateness p50 goes from 0 to 59 s (under lateAfter, and content stays within
    /// freshWithin, so no rate moves), and the fingerprint, which folds each
    /// cycle's display time and outcome, sees it.
    func testADisplayDelayChangesTheFingerprint() throws {
        let android = "    fetchAlarm: { delay: { uniform: { min: 0s, max: 2m } } }\n"
        let base = { (text: String) in text + "metrics: { freshWithin: 10m }\n" }
        let delayed = { (text: String) in
            base(text).replacingOccurrences(of: android, with: android + "    notificationDelay: { fixed: 59s }\n")
        }
        let baseline = temporary.appendingPathComponent("baseline").path
        XCTAssertEqual(run([scenario(base), "--out", baseline, "--quiet"]).code, 0)
        let out = temporary.appendingPathComponent("delayed").path
        let lenient = run([
            "check", scenario(delayed, name: "delayed.yaml"), "--baseline", baseline, "--out", out, "--quiet",
        ])
        XCTAssertEqual(lenient.code, 0, lenient.out + lenient.err)
        XCTAssertTrue(lenient.out.contains("behaviour changed"), lenient.out)
        let read = { (folder: String) in
            try SummaryCSVReader.read(
                String(contentsOfFile: "\(folder)/small/summary.csv", encoding: .utf8), file: folder)
        }
        let before = try read(baseline).row(arm: "independent/android"),
            after = try read(out).row(arm: "independent/android")
        XCTAssertEqual(before?.value("lateness_p50_s") ?? -1, 0, accuracy: 0.1)
        XCTAssertEqual(after?.value("lateness_p50_s") ?? -1, 59, accuracy: 0.1)
        XCTAssertEqual(before?.value("fresh"), after?.value("fresh"))
        XCTAssertNotEqual(before?.fingerprint, after?.fingerprint)
        let strict = run([
            "check", scenario(delayed, name: "delayed.yaml"), "--baseline", baseline, "--strict", "--quiet",
        ])
        XCTAssertEqual(strict.code, 1, strict.out)
        XCTAssertTrue(strict.out.contains("behaviour changed"), strict.out)
    }

    /// A baseline of another seed (or size, scenario or version) is a setup
    /// error: exit 2 with a plain message, before anything runs, never a regression.
    func testMismatchedBaselineSaysSoPlainly() {
        let result = checkEdited(replacing: "seed: 3", with: "seed: 3", ["--seed", "4"])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        let root = temporary.appendingPathComponent("baseline").path
        // It names the report folder in use and the command that writes exactly that folder again.
        XCTAssertTrue(
            result.err.contains("error: baseline \(root)/small/ is not comparable with this run (seed 3 vs 4)"),
            result.err)
        XCTAssertTrue(
            result.err.contains(
                "Regenerate it (dnsim-events \(temporary.appendingPathComponent("edited.yaml").path) --seed 4 --out \(root), "
                    + "and commit \(root)/), or pass the --seed/--devices/--days it was written with"), result.err)
        XCTAssertFalse(result.out.contains("REGRESSION"), result.out)
        let days = checkEdited(replacing: "days: 30", with: "days: 20")
        XCTAssertEqual(days.code, 2)
        XCTAssertTrue(days.err.contains("(days 30 vs 20)"), days.err)
    }

    func testTraceShowsTheNotificationText() {
        let result = run(["trace", scenario(), "--device", "2", "--arm", "chained/android", "--day", "2-3"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("notification.shown"))
        XCTAssertTrue(result.out.contains("Starred Project Update"))
        XCTAssertTrue(result.out.contains("2027-03-02 18:"))
        XCTAssertFalse(
            result.out.split(separator: "\n").contains { $0.hasPrefix("2027-03-04") || $0.hasPrefix("2027-03-01") },
            "only days 2–3 are printed")
        let json = run(["trace", scenario(), "--device", "1", "--arm", "chained/ios", "--json"])
        XCTAssertEqual(json.code, 0)
        let first = json.out.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(first.utf8)))
        let badArm = run(["trace", scenario(), "--device", "1", "--arm", "chained/iso"])
        XCTAssertEqual(badArm.code, 2)
        XCTAssertTrue(badArm.err.contains("did you mean 'chained/ios'?"), badArm.err)
    }

    /// A lifecycle run's terminal summary shows the lifecycle figures, and its sweep table the
    /// counts a sweep over the app's defects changes (no outcome rate moves with them).
    func testLifecycleFiguresReachTheTerminal() throws {
        let out = temporary.appendingPathComponent("lc").path
        let run = invoke([
            GoldenFiles.repositoryPath("Scenarios/lifecycle.yaml"), "--devices", "4", "--days", "30", "--out", out,
        ])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(
            run.out.contains("Lifecycle (orphans, unwanted reminders and duplicates per 1,000 device-days):"), run.out)
        XCTAssertTrue(run.out.contains("setup latency p50 / p90"), run.out)
        let sweepHeader = try XCTUnwrap(run.out.split(separator: "\n").first { $0.hasPrefix("point") })
        XCTAssertTrue(sweepHeader.hasSuffix("orphans  unwanted reminders  duplicates  front"), String(sweepHeader))
    }

    func write(_ name: String, _ text: String) -> String {
        let path = temporary.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    /// "Run 'dnsim-events --help' for usage." ends a usage error only: it would not help with bad data.
    func testOnlyUsageErrorsPointAtTheUsage() {
        let notAPartial = write("shard-1-of-2.json", "{}")
        let merge = invoke(["merge", notAPartial])
        XCTAssertEqual(merge.code, 2)
        XCTAssertEqual(merge.err, "error: \(notAPartial) is not a dnsim-events partial result\n")
        let usage = invoke(["merge"])
        XCTAssertTrue(usage.err.hasSuffix("Run 'dnsim-events --help' for usage.\n"), usage.err)
    }
}
