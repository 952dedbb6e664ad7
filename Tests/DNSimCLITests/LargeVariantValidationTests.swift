import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimDecision

/// `validate` of the largest studies and sweeps (issue 44, items 10 and 12): it builds each
/// parameter at its extremes (each axis value) and a bounded sample spread over the design (the
/// grid), not every world or point, so it answers in seconds and bounded memory; a run estimates
/// what building and keeping every world costs before it builds one, and warns or refuses.
final class LargeVariantValidationTests: CommandLineTestCase {
    func write(_ text: String, _ name: String) -> String {
        let path = temporary.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// The study fixture with `samples` and, when `third`, a third parameter (5 worlds per sample, not 4).
    func study(samples: Int, third: Bool = false) -> String {
        var text = ScenarioTexts.study(samples: samples)
        let line = "    - { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } } }"
        XCTAssertTrue(text.contains(line), "the fixture changed: adapt the test")
        let updates = "\n    - { key: server.updatesPerDay, distribution: { uniform: { min: 10, max: 30 } } }"
        if third { text = text.replacingOccurrences(of: line, with: line + updates) }
        return write(text, "study-\(samples)-\(third).yaml")
    }

    func testValidateOfA400000WorldStudyChecksABoundedSampleAndWarnsOfTheRunsCost() throws {
        let started = Date()
        let result = invoke(["validate", study(samples: 100_000)])
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("uncertainty: 400000 worlds (sobol, N = 100000)"), result.out)
        XCTAssertTrue(
            result.out.contains(
                "4096 of them, spread over the design, valid (each parameter at its extremes too; "
                    + "a run checks every world before it starts)"), result.out)
        XCTAssertTrue(result.err.contains("warning: uncertainty: the run takes about 6.8 GB of memory"), result.err)
        // Every world built took about a minute and gigabytes in a debug build.
        XCTAssertLessThan(elapsed, 20, "validate builds a bounded sample, not every world")
        // A small design is still checked whole.
        let small = invoke(["validate", study(samples: 8)])
        XCTAssertTrue(small.out.contains("32 worlds (sobol, N = 8)") && small.out.contains("all valid"), small.out)
        XCTAssertEqual(small.err, "")
    }

    func testAStudyTooBigToHoldIsRefusedBeforeAnyWorldIsBuilt() throws {
        let path = study(samples: 100_000, third: true)
        let out = temporary.appendingPathComponent("out").path
        for arguments in [["validate", path], [path, "--out", out, "--quiet"]] {
            let started = Date()
            let result = invoke(arguments)
            XCTAssertEqual(result.code, 2, result.err)
            XCTAssertTrue(
                result.err.hasPrefix("\(path):22:3: error: uncertainty: the run would take about 8.5 GB of memory "),
                result.err)
            XCTAssertTrue(
                result.err.contains("for 500,000 worlds")
                    && result.err.contains("over the limit of 8 GB; give fewer samples"),
                result.err)
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "refused before the worlds are built")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing is written")
    }

    func testTheSampledWorldsAreThoseOfTheWholeDesign() {
        for kind in [DesignKind.sobol, .lhs] {
            let keys = ["a", "b", "c"]
            let whole = ExperimentDesign.worlds(kind, samples: 50, parameterKeys: keys, seed: 9)
            let some = ExperimentDesign.worlds(
                kind, samples: 50, parameterKeys: keys, seed: 9, selecting: { $0 % 7 == 1 || $0 == 50 })
            XCTAssertEqual(some, whole.filter { $0.sample % 7 == 1 || $0.sample == 50 }, "\(kind)")
        }
    }

    /// A 100,000-point grid of two axes (1,000 × 100 values) of the sweep example.
    func sweep(lastFailure: String = "0.99") throws -> String {
        var text = try String(
            contentsOfFile: GoldenFiles.repositoryPath("Scenarios/new-activity-sweep.yaml"), encoding: .utf8)
        guard let start = text.range(of: "\nsweep:\n") else {
            XCTFail("the example changed: adapt the test"); return ""
        }
        let timeouts = (0..<1_000).map { String(90_000 + $0 * 1_000) }.joined(separator: ", ")
        let failures = ((0..<99).map { String(Double($0) / 100) } + [lastFailure]).joined(separator: ", ")
        let lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let rest = lines.drop { $0.hasPrefix("  ") || $0.hasPrefix("#") }.joined(separator: "\n")
        text =
            String(text[..<start.upperBound])
            + "  - { key: plugin.relationship.contentTimeout, values: [\(timeouts)] }\n"
            + "  - { key: fetch.failure, values: [\(failures)] }\n" + rest
        return write(text, "sweep-\(lastFailure).yaml")
    }

    func testValidateOfA100000PointSweepChecksEachValueAndASample() throws {
        let started = Date()
        let result = invoke(["validate", try sweep()])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(
            result.out.contains(
                "sweep: 100000 point(s) over plugin.relationship.contentTimeout × fetch.failure, "
                    + "5149 of them valid: every value of every axis and points spread over the grid"), result.out)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "11.5 s in a release build when every point was built")
        // A value that fails is still found, though only its first point is built.
        let bad = invoke(["validate", try sweep(lastFailure: "1.5")])
        XCTAssertEqual(bad.code, 2, bad.err)
        XCTAssertTrue(
            bad.err.contains("with plugin.relationship.contentTimeout = 90000, fetch.failure = 1.5: "), bad.err)
    }
}
