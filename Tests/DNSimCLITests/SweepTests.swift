import DNSimTestSupport
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

#if canImport(FoundationXML)
    import FoundationXML
#endif

final class SweepTests: CommandLineTestCase {
    func write(_ name: String, _ sweep: String) -> String {
        let base = String(
            decoding: FileManager.default.contents(atPath: GoldenFiles.scenarioPath("small.yaml"))!, as: UTF8.self)
        let path = temporary.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data((base + "\n" + sweep).utf8))
        return path
    }

    func run(_ arguments: [String]) -> Int32 { invoke(arguments).code }

    func lines(_ path: String) -> [String] {
        String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self).split(separator: "\n").map(
            String.init)
    }

    /// A sweep of one point (the scenario's own lead of 5 min) equals the plain run of that point.
    func testOnePointSweepEqualsThePlainRun() {
        let out = temporary.appendingPathComponent("out").path
        XCTAssertEqual(
            run([
                write("one.yaml", "sweep:\n  - { key: lead, values: [5m] }\n"), "--devices", "10", "--out", out,
                "--quiet",
            ]), 0)
        // --out DIR writes DIR/<name>@<overrides>/; every scenario here is the small fixture's, named small: DIR/small@devices=10/.
        let summary = lines("\(out)/small@devices=10/summary.csv")
        let sweep = lines("\(out)/small@devices=10/sweep.csv")
        XCTAssertEqual(sweep.first, "point,lead," + summary[0])
        XCTAssertEqual(sweep.count, summary.count)
        for (row, plain) in zip(sweep.dropFirst(), summary.dropFirst()) { XCTAssertEqual(row, "1,5m," + plain) }
    }

    /// Each point equals a plain run of the scenario edited by hand to that point.
    func testEveryPointEqualsItsHandEditedScenario() {
        let out = temporary.appendingPathComponent("grid").path
        let sweep =
            "sweep:\n  - { key: lead, values: [1m, 10m] }\n  - { key: strategies.3, values: [{ chained: { guard: none } }, chained] }\n"
        XCTAssertEqual(run([write("grid.yaml", sweep), "--devices", "6", "--out", out, "--quiet"]), 0)
        let rows = lines("\(out)/small@devices=6/sweep.csv").dropFirst()
        XCTAssertEqual(rows.count, 4 * 8)
        // Point 2: lead 1m, the third strategy back to plain chained (which is the file as written, with fetch at 18:29).
        let base = String(
            decoding: FileManager.default.contents(atPath: GoldenFiles.scenarioPath("small.yaml"))!, as: UTF8.self)
        let edited = temporary.appendingPathComponent("edited.yaml").path
        // A sweep point keeps the base's freshWithin (the 5m lead), which updates_fresh reads: the edited file says it.
        let moved =
            base.replacingOccurrences(of: "\"25 18 * * *\"", with: "\"29 18 * * *\"") + "metrics: { freshWithin: 5m }\n"
        _ = FileManager.default.createFile(atPath: edited, contents: Data(moved.utf8))
        let plainOut = temporary.appendingPathComponent("plain").path
        XCTAssertEqual(run([edited, "--devices", "6", "--out", plainOut, "--quiet"]), 0)
        let plain = lines("\(plainOut)/small@devices=6/summary.csv").dropFirst()
        let point2 = rows.filter { $0.hasPrefix("2,") }
        XCTAssertEqual(point2.count, plain.count)
        for (row, expected) in zip(point2, plain) {
            XCTAssertTrue(row.hasSuffix("," + expected), "\(row)\n≠ \(expected)")
        }
        let svg = FileManager.default.contents(atPath: "\(out)/small@devices=6/sweep.svg")!
        XCTAssertTrue(XMLParser(data: svg).parse())
        XCTAssertTrue(
            String(decoding: FileManager.default.contents(atPath: "\(out)/small@devices=6/sweep.md")!, as: UTF8.self)
                .contains("★"))
    }

    /// A condition axis splits the front: ★ compares leads within each `never` value, never a lead in a
    /// kinder world against one in a harsher; the chart gets a panel per value and shows every outcome.
    func testTheFrontRangesOverLeversWithinEachConditionPoint() throws {
        let out = temporary.appendingPathComponent("cond").path
        let sweep =
            "sweep:\n  - { key: lead, values: [1m, 5m] }\n  - { key: platforms.ios.fetchTask.never, values: [0.05, 0.6] }\n"
        let result = invoke([write("cond.yaml", sweep), "--devices", "6", "--out", out])
        XCTAssertEqual(result.code, 0, result.err)
        let text = try String(contentsOfFile: "\(out)/small@devices=6/sweep.md", encoding: .utf8)
        XCTAssertTrue(
            text.contains(
                "★ marks the Pareto front of each platform within each value of the condition `platforms.ios.fetchTask.never`"
            ), text)
        // Every condition point keeps a front of its own on each platform.
        let scenario = try ScenarioLoader.load(path: write("cond2.yaml", sweep))
        var report = SweepReport(scenario: scenario, seed: scenario.seed, reproduceCommand: "")
        for point in try scenario.validated(devices: 6).sweepPoints {
            let plan = try point.scenario.plan(devices: 6).get()
            report.add(
                point,
                ReportContext(
                    scenario: point.scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 1),
                    days: point.scenario.days, reproduceCommand: ""))
        }
        XCTAssertEqual(report.conditionAxes, [1])
        let front = report.paretoFront
        for never in ["0.05", "0.6"] {
            for platform in Platform.allCases {
                XCTAssertTrue(
                    report.rows.indices.contains {
                        front.contains($0) && report.rows[$0].settings[1] == never
                            && report.rows[$0].arm.platform == platform
                    },
                    "a front at never = \(never) on \(platform)")
            }
        }
        // The harsher world's best iOS row would be dominated by the kinder world's: only a front per condition point keeps it.
        let harsh = report.rows.indices.filter {
            report.rows[$0].settings[1] == "0.6" && report.rows[$0].arm.platform == .ios
        }
        let kind = report.rows.indices.filter {
            report.rows[$0].settings[1] == "0.05" && report.rows[$0].arm.platform == .ios
        }
        let starred = harsh.filter(front.contains)
        XCTAssertTrue(
            starred.contains { h in
                kind.contains {
                    ParetoFront.dominates(
                        report.rows[$0].rates.mapValues(\.estimate), report.rows[h].rates.mapValues(\.estimate))
                }
            },
            "some ★ of the harsher world is dominated across worlds, so the test separates the two fronts")
        let svg = try String(contentsOfFile: "\(out)/small@devices=6/sweep.svg", encoding: .utf8)
        XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
        XCTAssertTrue(
            svg.contains(">platforms.ios.fetchTask.never = 0.05</text>")
                && svg.contains(">platforms.ios.fetchTask.never = 0.6</text>"))
        for outcome in ["fresh", "stale", "fallback", "suppressed", "missed"] {
            XCTAssertTrue(svg.contains(">\(outcome)</text>"), outcome)
        }
        // The terminal table shows fallback and suppressed, and the front.
        let header = try XCTUnwrap(result.out.split(separator: "\n").first { $0.hasPrefix("point") })
        for column in ["fresh", "stale", "fallback", "suppressed", "missed", "late", "front"] {
            XCTAssertTrue(header.contains(column), String(header))
        }
    }

    func testBadSweepValueIsReportedWithItsPoint() {
        let path = write("bad.yaml", "sweep:\n  - { key: platforms.ios.fetchTask.never, values: [0.1, 1.5] }\n")
        let (code, _, errors) = invoke([path, "--out", temporary.appendingPathComponent("x").path])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(
            errors.contains(
                "with platforms.ios.fetchTask.never = 1.5: platforms.ios.fetchTask.never must be between 0 and 1, not 1.5"
            ), errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.appendingPathComponent("x").path))
    }

    /// A guard at T + 60 s with `lateAfter: 60s` counts as on time: the report says so.
    func testTheReportFlagsLatenessOnTheThreshold() throws {
        let text = """
            name: edge
            devices: 20
            days: 20
            start: 2027-01-01
            plugin:
              contentFetch: { schedule: "25 18 * * *" }
              userNotification: { schedule: "30 18 * * *" }
              relationship: { contentTimeout: 60000 }
            platforms:
              ios: { fetchTask: { never: 1 } }
            strategies: [chained]
            metrics: { lateAfter: 60s }
            sweep: [{ key: plugin.relationship.contentTimeout, values: [60000, 90000] }]
            """
        let path = temporary.appendingPathComponent("edge.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        let out = temporary.appendingPathComponent("edge").path
        XCTAssertEqual(invoke([path, "--out", out, "--quiet"]).code, 0)
        let summary = try String(contentsOfFile: "\(out)/edge/summary.md", encoding: .utf8)
        XCTAssertTrue(
            summary.contains("⚠ chained/ios: 100.0% of its notifications appear exactly `lateAfter` (60 s) after T"),
            summary)
        XCTAssertTrue(summary.contains("## The comparison"), "a sweep scenario's report leads with its comparison")
        XCTAssertTrue(summary.contains("⚠ Point 1, chained/ios"))
        XCTAssertFalse(summary.contains("⚠ Point 2"))
        let sweep = try String(contentsOfFile: "\(out)/edge/sweep.md", encoding: .utf8)
        XCTAssertTrue(sweep.contains("⚠ Point 1, chained/ios"))
    }
}
