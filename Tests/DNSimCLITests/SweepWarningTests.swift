import XCTest

@testable import DNSimScenario

/// A sweep point's warnings (issue 26): a swept lead of 8h is warned about as a
/// scenario with that lead is, once, at the sweep value, saying which points have it.
final class SweepWarningTests: CommandLineTestCase {
    static let base = """
        name: sw
        devices: 2
        days: 7
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
          relationship: { contentTimeout: 300000 }
        platforms:
          ios:
            fetchTask: { kind: appRefresh }
        strategies: [independent, chained]

        """

    func write(_ sweep: String, base: String = SweepWarningTests.base) -> String {
        let path = temporary.appendingPathComponent("sw.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data((base + sweep).utf8)))
        return path
    }

    func testASweptLeadOverSixHoursIsWarnedAboutOnceAtItsValue() {
        let sweep = """
            sweep:
              - { key: lead, values: [5m, 8h] }
              - { key: plugin.relationship.contentTimeout, values: [90000, 300000] }

            """
        let path = write(sweep)
        let result = invoke(["validate", path])
        XCTAssertEqual(result.code, 0)
        let lines = result.err.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.filter { $0.contains("warning:") },
            [
                "\(path):14:31: warning: with lead = 8h (2 of 4 points): the lead T − F is 8h (fetch 10:30, notification 18:30 local): "
                    + "content is fetched that long before it is shown; did you mean a fetch shortly before T, such as "
                    + "plugin.contentFetch.schedule \"0 18 * * *\" (30 minutes ahead)?"
            ])
        XCTAssertEqual(lines.last, String(repeating: " ", count: 2 + 30) + "^", "the caret stands under 8h")
        XCTAssertTrue(result.out.contains("sweep: 4 point(s)"))

        let strict = invoke(["validate", path, "--warnings-as-errors"])
        XCTAssertEqual(strict.code, 2)
        XCTAssertTrue(
            strict.err.contains(":14:31: error: with lead = 8h (2 of 4 points): the lead T − F is 8h"), strict.err)
        XCTAssertFalse(strict.err.contains("warning:"))

        let run = invoke([path, "--out", temporary.appendingPathComponent("r").path, "--quiet"])
        XCTAssertEqual(run.code, 0)
        XCTAssertTrue(run.err.contains("warning: with lead = 8h (2 of 4 points)"), "a run says it too: \(run.err)")
    }

    func testPointsWithoutWarningsOfTheirOwnAddNone() {
        let path = write("sweep:\n  - { key: lead, values: [1m, 5m, 30m] }\n")
        let result = invoke(["validate", path])
        XCTAssertEqual(result.code, 0)
        XCTAssertFalse(result.err.contains("warning"), result.err)
    }

    func testAWarningTheScenarioHasItselfIsNotRepeatedForEachPoint() {
        let long = Self.base.replacingOccurrences(of: "\"25 18 * * *\"", with: "\"30 10 * * *\"")
        let path = write(
            "sweep:\n  - { key: plugin.relationship.contentTimeout, values: [90000, 300000] }\n", base: long)
        let result = invoke(["validate", path])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(
            result.err.components(separatedBy: "warning:").count - 1, 1,
            "the scenario's own lead warning, once: \(result.err)")
        XCTAssertFalse(result.err.contains("points)"))
    }

    func testAWarningOfPointsThatShareNoValueListsThem() throws {
        let scenario = try ScenarioLoader.load(
            bytes: Array(
                (Self.base + "sweep:\n  - { key: lead, values: [8h, 5m] }\n  - { key: days, values: [7, 8] }\n").utf8),
            file: "sw.yaml")
        let points = try scenario.sweepPoints()
        let picked = [points[0], points[3]]
        XCTAssertEqual(
            SweepWarnings.label(picked, of: 4), "sweep points lead = 8h, days = 7; lead = 5m, days = 8 (2 of 4 points)")
        XCTAssertEqual(SweepWarnings.label([points[1]], of: 4), "lead = 8h, days = 8 (point 2 of 4)")
    }
}
