import DNSimAnalysis
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimReports

/// `check` of an uncertainty study (docs/model.md §9, "Checking a study"): `expect:` entries with
/// `probability:` counted over the worlds, and the study against its baseline's decision.json
/// (the same recommendation; P(best) within its Monte Carlo tolerance). The study is
/// UncertaintyStudyTests' tiny one at 4 Sobol samples of 2 parameters: 16 worlds of 8 devices × 10 days.
final class StudyCheckTests: CommandLineTestCase {
    static let worlds = 16
    /// The Sobol design's independent draws: its A and B matrices, 2 × 4.
    static let draws = 8.0
    static let text = ScenarioTexts.study(samples: 4)
    /// Baselines written once per scenario text for the whole class, copied into each test's folder.
    nonisolated(unsafe) static var written: [String: URL] = [:]
    static let shared = FileManager.default.temporaryDirectory.appendingPathComponent(
        "dnsim-StudyCheckTests-\(UUID().uuidString)")

    override class func tearDown() {
        try? FileManager.default.removeItem(at: shared)
        super.tearDown()
    }

    /// `line:col` (1-based) of where `needle` ends in `text`, or where it starts with `start`.
    static func position(of needle: String, in text: String, start: Bool = false) -> String {
        let lines = text.components(separatedBy: "\n")
        let line = lines.firstIndex { $0.contains(needle) }!
        let range = lines[line].range(of: needle)!
        let column =
            lines[line].distance(from: lines[line].startIndex, to: start ? range.lowerBound : range.upperBound) + 1
        return "\(line + 1):\(column)"
    }

    func write(_ text: String, _ name: String = "study.yaml") -> String {
        let path = temporary.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// A baseline written by a plain run of `file` (once per text), copied to this test's folder:
    /// the report folder `--out DIR` writes, `DIR/study/` (every text here is named `study`).
    func baseline(_ file: String) throws -> String {
        let text = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: file)), as: UTF8.self)
        if Self.written[text] == nil {
            let folder = Self.shared.appendingPathComponent("\(Self.written.count)")
            let result = invoke([file, "--out", folder.path, "--quiet"])
            XCTAssertEqual(result.code, 0, result.err)
            Self.written[text] = folder
        }
        let folder = temporary.appendingPathComponent("baseline")
        try FileManager.default.copyItem(at: Self.written[text]!.appendingPathComponent("study"), to: folder)
        return folder.path
    }

    func decision(_ folder: String) throws -> [String: Any] {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/decision.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap((json["platforms"] as? [String: Any])?["android"] as? [String: Any])
    }

    /// `decision.json` with `edit` applied to its text.
    func editDecision(_ folder: String, _ edit: (String) -> String) throws {
        let path = "\(folder)/decision.json"
        let text = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: path)), as: UTF8.self)
        let edited = edit(text)
        XCTAssertNotEqual(edited, text, "the edit changed nothing")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    }

    func testACheckPassesAgainstItsOwnFreshBaseline() throws {
        let file = write(Self.text)
        let folder = try baseline(file)
        let result = invoke(["check", file, "--baseline", folder, "--strict", "--quiet"])
        XCTAssertEqual(result.code, 0, result.out + result.err)
        // One recommendation (android) and 6 figures for each of the 2 arms.
        XCTAssertTrue(
            result.out.contains("1 recommendation(s) and 12 study figure(s) against \(folder)/decision.json"),
            result.out)
    }

    func testAnotherRecommendedArmInTheBaselineFails() throws {
        let file = write(Self.text)
        let folder = try baseline(file)
        let recommended = try XCTUnwrap(try decision(folder)["recommended"] as? String)
        let other = recommended == "chained/android" ? "independent/android" : "chained/android"
        try editDecision(folder) {
            $0.replacingOccurrences(of: "\"recommended\": \"\(recommended)\"", with: "\"recommended\": \"\(other)\"")
        }
        let result = invoke(["check", file, "--baseline", folder, "--quiet"])
        XCTAssertEqual(result.code, 1, result.out + result.err)
        let line = try XCTUnwrap(
            result.out.split(separator: "\n").first { $0.contains("recommendation changed") }, result.out)
        XCTAssertEqual(
            String(line),
            "REGRESSION study: android recommendation changed: the baseline \(folder)/decision.json recommends \(other), "
                + "this run \(recommended); regenerate the baseline if this is intended")
    }

    /// P(best)'s tolerance, recomputed: 3 binomial standard errors of both shares over the
    /// design's independent draws, at least one world's worth (1/16).
    static func tolerance(_ baseline: Double, _ run: Double) -> Double {
        max(3 * (baseline * (1 - baseline) / draws + run * (1 - run) / draws).squareRoot(), 1 / Double(worlds))
    }

    /// With the alarm always later than the notification, chained (which waits for the fetch)
    /// is best in every world, so independent's P(best) is 0 and a baseline that had it higher
    /// makes this run worse: beyond the tolerance of 8 draws a regression, within it not. (No world
    /// is contested by device noise here: the arms are far apart in every world.)
    func testProbabilityBestBeyondItsToleranceFailsAndWithinPasses() throws {
        let file = write(
            Self.text.replacingOccurrences(of: "uniform: { min: 0s, max: 10m }", with: "uniform: { min: 6m, max: 10m }")
        )
        let folder = try baseline(file)
        let arms = try XCTUnwrap(try decision(folder)["arms"] as? [String: [String: Any]])
        let arm = "independent/android"
        let run = try XCTUnwrap(arms[arm]?["probability_best"] as? Double)
        XCTAssertEqual(run, 0)
        let written = String(format: "\"%@\": {\"probability_best\": %.6f,", arm, run)
        // The baseline higher, by a share that is inside (or beyond) the tolerance it gives.
        let sign = 1.0
        var inside = 0.0, beyond = 0.0
        for step in 1...1000 {
            let shift = Double(step) / 1000
            let moved = run + sign * shift
            guard (0...1).contains(moved) else { break }
            if shift < Self.tolerance(moved, run) - 1e-4 { inside = shift }
            if shift > Self.tolerance(moved, run) + 1e-4 { beyond = shift; break }
        }
        XCTAssertGreaterThan(inside, 0)
        XCTAssertGreaterThan(beyond, 0)
        for (shift, code) in [(inside, Int32(0)), (beyond, Int32(1))] {
            let moved = run + sign * shift
            try editDecision(folder) {
                $0.replacingOccurrences(
                    of: written, with: String(format: "\"%@\": {\"probability_best\": %.6f,", arm, moved))
            }
            let result = invoke(["check", file, "--baseline", folder, "--quiet"])
            XCTAssertEqual(result.code, code, "P(best) \(run) against \(moved): " + result.out + result.err)
            if code == 1 {
                let expected = String(
                    format:
                        "REGRESSION study: \(arm) probability_best: %.4f → %.4f (%+.4f, tolerance %.4f) over 16 → 16 worlds",
                    moved, run, run - moved, Self.tolerance(moved, run))
                XCTAssertTrue(result.out.contains(expected), "\(expected) not in \(result.out)")
            }
            try editDecision(folder) {
                $0.replacingOccurrences(
                    of: String(format: "\"%@\": {\"probability_best\": %.6f,", arm, moved), with: written)
            }
        }
    }

    /// `expect: { metric: utility }` gates on the objective's utility per cycle in the scenario as
    /// written: a bound above chained's utility fails at its line, one below passes; without an
    /// objective, and as a constraint, `utility` is refused at its place.
    func testExpectUtilityGatesOnTheObjective() throws {
        let high = Self.text + "expect:\n  - { arm: chained/android, metric: utility, min: 5 }\n"
        let failing = write(high, "high.yaml")
        let result = invoke(["check", failing, "--quiet"])
        XCTAssertEqual(result.code, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("REGRESSION study: chained/android utility: "), result.out + result.err)
        XCTAssertTrue(
            result.out.contains(
                "per cycle is below the expected min 5.000 (\(failing):\(Self.position(of: "{ arm: chained", in: high, start: true)))"
            ),
            result.out)
        let low = write(Self.text + "expect:\n  - { arm: chained/android, metric: utility, min: -5 }\n", "low.yaml")
        XCTAssertEqual(invoke(["check", low, "--quiet"]).code, 0)
        let noObjective =
            Self.text.components(separatedBy: "objective:")[0]
            + "expect:\n  - { arm: chained/android, metric: utility, min: 0 }\n"
        let refused = invoke(["check", write(noObjective, "bare.yaml"), "--quiet"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(refused.err.contains("expect[1].metric 'utility' needs an objective: section"), refused.err)
    }

    /// `check --arms` gates only the named arms: a regression of independent's expected regret fails
    /// `--arms independent/android` and passes `--arms chained/android`; a name that is not an arm is
    /// a usage error with a suggestion.
    func testArmsGatesOnlyTheNamedArms() throws {
        let file = write(Self.text)
        let folder = try baseline(file)
        let arms = try XCTUnwrap(try decision(folder)["arms"] as? [String: [String: Any]])
        let regret = try XCTUnwrap(arms["independent/android"]?["expected_regret"] as? Double)
        let written = String(format: "\"expected_regret\": %.6f,", regret)
        try editDecision(folder) { text in
            let start = text.range(of: "\"independent/android\": {")!
            let field = text.range(of: written, range: start.upperBound..<text.endIndex)!
            return text.replacingCharacters(in: field, with: String(format: "\"expected_regret\": %.6f,", regret - 3))
        }
        let gated = invoke(["check", file, "--baseline", folder, "--quiet", "--arms", "independent/android"])
        XCTAssertEqual(gated.code, 1, gated.out + gated.err)
        XCTAssertTrue(gated.out.contains("REGRESSION study: independent/android expected_regret"), gated.out)
        let other = invoke(["check", file, "--baseline", folder, "--quiet", "--arms", "chained/android"])
        XCTAssertEqual(other.code, 0, other.out + other.err)
        let unknown = invoke(["check", file, "--baseline", folder, "--quiet", "--arms", "chained/andriod"])
        XCTAssertEqual(unknown.code, 2, unknown.out + unknown.err)
        XCTAssertTrue(
            unknown.err.contains(
                "--arms: chained/andriod is not an arm of the scenarios checked (did you mean chained/android?)"),
            unknown.err)
    }

    /// The share of worlds in which chained/android's fallback rate is at most a bound, counted
    /// from uncertainty.csv: a probability equal to it passes, one world more fails.
    func testProbabilityExpectationsCountTheWorldsOfTheStudyTable() throws {
        let folder = try baseline(write(Self.text, "plain.yaml"))
        let table = String(
            decoding: try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/uncertainty.csv")), as: UTF8.self)
        let rows = table.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let arm = rows[0].firstIndex(of: "arm")!, fallback = rows[0].firstIndex(of: "fallback_rate")!
        let rates = rows.dropFirst().filter { $0[arm] == "chained/android" }.map { Double($0[fallback])! }
        XCTAssertEqual(rates.count, Self.worlds)
        // A bound halfway between two distinct middle values, so no world sits on it.
        let distinct = Array(Set(rates)).sorted()
        XCTAssertGreaterThan(distinct.count, 2, "the fallback rate does not vary over the worlds")
        let middle = distinct.count / 2
        let bound = (distinct[middle - 1] + distinct[middle]) / 2
        let held = rates.filter { $0 <= bound }.count
        XCTAssertTrue((1..<Self.worlds).contains(held))
        let share = Double(held) / Double(Self.worlds)
        for (required, code) in [(share, Int32(0)), (share + 1 / Double(Self.worlds), Int32(1))] {
            let text =
                Self.text
                + "expect:\n  - { arm: chained/android, metric: fallback, max: \(bound), probability: \(required) }\n"
            let file = write(text)
            let result = invoke(["check", file, "--format", "json", "--quiet"])
            XCTAssertEqual(result.code, code, result.out + result.err)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            let scenario = try XCTUnwrap((json["scenarios"] as? [[String: Any]])?.first)
            let expectation = try XCTUnwrap((scenario["expectations"] as? [[String: Any]])?.first)
            XCTAssertEqual(expectation["value"] as? Double, share)
            XCTAssertEqual(expectation["worlds"] as? Int, Self.worlds)
            XCTAssertEqual(expectation["verdict"] as? String, code == 0 ? "pass" : "fail")
            let failures = try XCTUnwrap(scenario["failures"] as? [[String: Any]])
            XCTAssertEqual(failures.count, Int(code))
            if code == 1 {
                XCTAssertEqual(
                    failures[0]["message"] as? String,
                    "chained/android fallback_rate ≤ \(ScenarioCheck.show(bound, fraction: true)) in \(ScenarioCheck.share(share)) "
                        + "of 16 worlds (\(held)), needs \(ScenarioCheck.share(required)) (\(file):\(Self.position(of: "{ arm: chained/android", in: text, start: true)))"
                )
            }
        }
    }

    func testBadProbabilitiesAreRefusedAtTheirLine() {
        let study = Self.text
        let plain = study.components(separatedBy: "objective:")[0]
        let entry = { (value: String) in
            "expect:\n  - { arm: chained/android, metric: missed, max: 5%, probability: \(value) }\n"
        }
        let cases: [(String, String)] = [
            (plain + entry("0.9"), "error: expect[1].probability needs an uncertainty section"),
            (
                study + entry("0"),
                "error: expect[1].probability is 0: a share of the uncertainty study's worlds, above 0 and at most 1"
            ),
            (study + entry("1.5"), "error: expect[1].probability is 1.5: a share"),
            (study + entry("150%"), "error: expect[1].probability is 1.5: a share"),
        ]
        for (text, expected) in cases {
            let file = write(text)
            let result = invoke(["check", file, "--quiet"])
            XCTAssertEqual(result.code, 2, result.out + result.err)
            // The value's line and column: where `probability: ` ends.
            let place = "\(file):\(Self.position(of: "probability: ", in: text)): "
            XCTAssertTrue(result.err.contains(place + expected), "\(place + expected) not in \(result.err)")
        }
    }

    func testABaselineWithoutDecisionJSONIsASetupError() throws {
        let file = write(Self.text)
        let folder = try baseline(file)
        try FileManager.default.removeItem(atPath: "\(folder)/decision.json")
        let result = invoke(["check", file, "--baseline", folder, "--quiet"])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        XCTAssertTrue(
            result.err.contains(
                "baseline \(folder) has no decision.json, but \(file) has an uncertainty section: the baseline predates the study"
            ),
            result.err)
    }
    /// Issue 44, item 5: a decision.json emptied or cut would compare nothing and pass. Every
    /// platform and arm manifest.json declares must be there, and every recommendation recorded,
    /// or check is exit 2 naming the file and the field.
    func testATamperedDecisionIsRefusedNamingTheFileAndTheField() throws {
        let file = write(Self.text)
        let fresh = try baseline(file)
        let path = "\(fresh)/decision.json"
        let original = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let recommended = try XCTUnwrap(try decision(fresh)["recommended"] as? String)
        let edits: [(edit: (inout [String: Any]) -> Void, expected: String)] = [
            ({ $0["platforms"] = [String: Any]() }, "platforms: missing android, which manifest.json declares"),
            (
                { $0["platforms"] = ["android": Self.android($0), "ios": Self.android($0)] },
                "platforms: ios is not a platform of manifest.json's arms"
            ),
            (
                {
                    var p = Self.android($0); var arms = p["arms"] as! [String: Any]; arms["chained/android"] = nil;
                    p["arms"] = arms
                    $0["platforms"] = ["android": p]
                }, "platforms.android.arms: missing chained/android, which manifest.json declares"
            ),
            (
                {
                    var p = Self.android($0); p["arms"] = [String: Any](); $0["platforms"] = ["android": p]
                },
                "platforms.android.arms: missing independent/android, chained/android, which manifest.json declares"
            ),
            (
                {
                    var p = Self.android($0); p["recommended"] = nil; $0["platforms"] = ["android": p]
                },
                "platforms.android.recommended: missing, or neither an arm's name nor null"
            ),
            (
                {
                    var p = Self.android($0); p["recommended"] = "push/ios"; $0["platforms"] = ["android": p]
                },
                "platforms.android.recommended: push/ios is not one of its arms"
            ),
        ]
        XCTAssertTrue(["independent/android", "chained/android"].contains(recommended))
        for (edit, expected) in edits {
            let result = try check(file, against: fresh, decision: original, edited: edit)
            XCTAssertEqual(result.code, 2, expected + "\n" + result.out + result.err)
            XCTAssertTrue(
                result.err.hasPrefix("error: \(path): \(expected); regenerate it "), "\(expected) not in \(result.err)")
            XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        }
    }

    /// A figure no study has (P(best) outside 0–1, a utility beyond ±1e15, quantiles out of order) is
    /// damage: P(best) 1.5 once made a tolerance that was not a number, and passed. A decision of
    /// another design, or whose worlds are not its design's, is not comparable. Each is exit 2.
    func testADecisionNoStudyCouldWriteIsRefused() throws {
        let file = write(Self.text)
        let fresh = try baseline(file)
        let path = "\(fresh)/decision.json"
        let original = try XCTUnwrap(FileManager.default.contents(atPath: path))
        func arm(_ edit: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
            { json in
                var platform = Self.android(json)
                var arms = platform["arms"] as! [String: Any]
                var figures = arms["chained/android"] as! [String: Any]
                edit(&figures)
                arms["chained/android"] = figures
                platform["arms"] = arms
                json["platforms"] = ["android": platform]
            }
        }
        let edits: [(edit: (inout [String: Any]) -> Void, expected: String)] = [
            (arm { $0["probability_best"] = 1.5 }, "chained/android: probability_best is 1.5, outside 0–1"),
            (arm { $0["probability_best"] = -5 }, "chained/android: probability_best is -5.0, outside 0–1"),
            (arm { $0["expected_regret"] = 1e308 }, "chained/android: a utility figure is 1e+308, beyond ±1e15"),
            (
                arm {
                    var utility = $0["utility"] as! [String: Any]
                    (utility["q05"], utility["q95"]) = (utility["q95"], utility["q05"])
                    $0["utility"] = utility
                }, "chained/android: its utility quantiles"
            ),
            ({ $0["design"] = "lhs" }, "is not comparable with this study: its design is lhs, this scenario's sobol"),
            ({ $0["worlds"] = 5 }, "is not comparable with this study: it has 5 worlds, where"),
        ]
        for (edit, expected) in edits {
            let result = try check(file, against: fresh, decision: original, edited: edit)
            XCTAssertEqual(result.code, 2, expected + "\n" + result.out + result.err)
            XCTAssertTrue(result.err.hasPrefix("error: "), result.err)
            XCTAssertTrue(result.err.contains(expected), "\(expected) not in \(result.err)")
        }
    }

    /// `check` of `file` against the baseline `fresh`, its decision.json the `decision` bytes with `edit` applied.
    func check(
        _ file: String, against fresh: String, decision: Data, edited edit: (inout [String: Any]) -> Void
    ) throws -> (code: Int32, out: String, err: String) {
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: decision) as? [String: Any])
        edit(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: "\(fresh)/decision.json"))
        return invoke(["check", file, "--baseline", fresh, "--quiet"])
    }

    static func android(_ json: [String: Any]) -> [String: Any] {
        (json["platforms"] as! [String: Any])["android"] as! [String: Any]
    }
}
