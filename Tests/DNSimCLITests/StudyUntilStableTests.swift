import DNSimTestSupport
import Foundation
import XCTest

/// `--until-stable` (docs/model.md §9, "How many worlds"): a Sobol study whose recommendation is not
/// stable at its written samples grows, doubling them, until the stability reaches 0.95 or the
/// cap; the earlier worlds keep their rows, and the grown study is exactly the fixed-size study of
/// its final samples; the same for any `--jobs`. A Latin hypercube and other nonsense are refused.
final class StudyUntilStableTests: CommandLineTestCase {
    /// The small study with a tighter constraint: its recommendation needs 32 worlds to be stable
    /// (stability 0.735 at 8 worlds, 0.944 at 16, 1 at 32).
    static func study(samples: Int, design: String = "sobol") -> String {
        ScenarioTexts.study(samples: samples, design: design).replacingOccurrences(of: "max: 30%", with: "max: 20%")
    }

    func write(_ text: String, _ name: String = "study.yaml") -> String {
        let path = temporary.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func decision(_ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/study/decision.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func stability(_ json: [String: Any]) throws -> Double {
        let android = try XCTUnwrap((json["platforms"] as? [String: Any])?["android"] as? [String: Any])
        return try XCTUnwrap(android["stability"] as? Double)
    }

    func file(_ folder: String, _ name: String) throws -> String {
        try String(contentsOfFile: "\(folder)/study/\(name)", encoding: .utf8)
    }

    func testGrowsUntilStableKeepingEarlierWorlds() throws {
        let initial = 2
        let path = write(Self.study(samples: initial))
        // At its written samples the recommendation is not stable.
        let fixed = temporary.appendingPathComponent("fixed").path
        XCTAssertEqual(invoke([path, "--out", fixed, "--quiet"]).code, 0)
        XCTAssertLessThan(try stability(decision(fixed)), 0.95)
        var reports: [String: String] = [:]
        for jobs in ["1", "2"] {
            let out = temporary.appendingPathComponent("grown\(jobs)").path
            let result = invoke([
                path, "--out", out, "--quiet", "--until-stable", "--max-worlds", "2048", "--jobs", jobs,
            ])
            XCTAssertEqual(result.code, 0, result.err)
            reports[jobs] = try file(out, "uncertainty.md") + file(out, "decision.json") + file(out, "uncertainty.csv")
        }
        XCTAssertEqual(reports["1"], reports["2"])
        let grown = temporary.appendingPathComponent("grown1").path
        let json = try decision(grown)
        let samples = try XCTUnwrap(json["samples"] as? Int)
        let worlds = try XCTUnwrap(json["worlds"] as? Int)
        print("until stable: \(samples) samples, \(worlds) worlds, stability \(try stability(json))")
        XCTAssertEqual(worlds, 32, "two doublings")
        XCTAssertTrue(try stability(json) >= 0.95 || 2 * worlds > 2048, "stopped early")
        let md = try file(grown, "uncertainty.md")
        XCTAssertTrue(
            md.contains("**Grown until stable** (`--until-stable`): from N = \(initial) (\(initial * 4) worlds)"), md)
        XCTAssertTrue(
            md.contains("stopped because every platform's stability reached 0.95") || md.contains("cap of 2048 worlds"),
            md)
        XCTAssertTrue(md.contains("--until-stable --max-worlds 2048\n```"), md)
        // The earlier worlds' rows are unchanged: the fixed run's rows begin the grown one's.
        let fixedRows = try file(fixed, "uncertainty.csv").split(separator: "\n")
        let grownRows = try file(grown, "uncertainty.csv").split(separator: "\n")
        XCTAssertEqual(Array(grownRows.prefix(fixedRows.count)), fixedRows)
        // And the grown study is the fixed-size study of its final samples.
        let same = write(Self.study(samples: samples), "same.yaml")
        let sized = temporary.appendingPathComponent("sized").path
        XCTAssertEqual(invoke([same, "--out", sized, "--quiet"]).code, 0)
        XCTAssertEqual(try file(sized, "uncertainty.csv"), try file(grown, "uncertainty.csv"))
        XCTAssertEqual(try file(sized, "decision.json"), try file(grown, "decision.json"))

        // `check` against the grown baseline runs the grown samples (the scenario still writes 2), so every study figure
        // is compared with itself: the same worlds, the same figures, exactly.
        let checked = invoke([
            "check", path, "--baseline", "\(grown)/study", "--out", temporary.appendingPathComponent("checked").path,
        ])
        XCTAssertEqual(checked.code, 0, checked.out + checked.err)
        XCTAssertTrue(
            checked.out.contains(
                "note study: the baseline's study grew with --until-stable to \(samples) samples (\(worlds) worlds); "
                    + "checked at the same samples"), checked.out)
        XCTAssertEqual(
            try file(temporary.appendingPathComponent("checked").path, "decision.json"),
            try file(grown, "decision.json"))
    }

    func testTheCapStopsIt() throws {
        let path = write(Self.study(samples: 2))
        let out = temporary.appendingPathComponent("capped").path
        let result = invoke([path, "--out", out, "--quiet", "--until-stable", "--max-worlds", "16"])
        XCTAssertEqual(result.code, 0, result.err)
        let json = try decision(out)
        XCTAssertEqual(json["worlds"] as? Int, 16)
        XCTAssertLessThan(try stability(json), 0.95)
        let md = try file(out, "uncertainty.md")
        XCTAssertTrue(
            md.contains(
                "0.735 at 8 worlds, 0.944 at 16 worlds. Stopped at 16 worlds, below 0.95: "
                    + "doubling again would pass the cap of 16"), md)
    }

    func testNonsenseIsRefused() {
        let sobol = write(Self.study(samples: 2))
        let lhs = write(Self.study(samples: 8, design: "lhs"), "lhs.yaml")
        let plain = write(ScenarioTexts.minimal, "plain.yaml")
        let cases: [([String], String)] = [
            (
                [lhs, "--until-stable"],
                "--until-stable needs design: sobol; a Latin hypercube's strata depend on its samples"
            ),
            ([sobol, "--max-worlds", "64"], "--max-worlds caps --until-stable; give both, or neither"),
            ([sobol, "--until-stable", "--max-worlds", "4"], "--max-worlds 4 is below the 8 worlds"),
            ([sobol, "--until-stable", "--shard", "1/2"], "--until-stable and --shard do not combine"),
            ([plain, "--until-stable"], "--until-stable grows an uncertainty study"),
            ([sobol, "--until-stable", "--max-worlds", "0"], "--max-worlds must be a whole number from 1 to 1000000"),
        ]
        for (arguments, expected) in cases {
            let result = invoke(arguments + ["--out", temporary.appendingPathComponent("refused").path, "--quiet"])
            XCTAssertEqual(result.code, 2, "\(arguments)")
            XCTAssertTrue(result.err.contains(expected), "\(expected)\n\(result.err)")
        }
    }
}
