import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCLI
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimRun
@testable import DNSimScenario

/// `dnsim-events compare A B` (issue 45, item 6): both scenarios on the same devices, B − A of
/// every rate per shared arm with its paired 95% interval; incomparable files refused (exit 2).
final class CompareCommandTests: CommandLineTestCase {
    static let shipped = GoldenFiles.repositoryPath("Scenarios/new-activity.yaml")
    /// Small enough for a debug build, large enough for a clear Android difference.
    let size = ["--devices", "40", "--days", "60"]

    func path(_ name: String) -> String { temporary.appendingPathComponent(name).path }

    /// new-activity with `edit` applied to its text, written as `name`.
    func variant(_ name: String, _ edit: (String) -> String) throws -> String {
        let text = try String(contentsOfFile: Self.shipped, encoding: .utf8)
        let edited = edit(text)
        XCTAssertNotEqual(edited, text, "the edit of \(name) applies")
        _ = FileManager.default.createFile(atPath: path(name), contents: Data(edited.utf8))
        return path(name)
    }

    /// The copy of new-activity that changes one lever: Android's exact-alarm permission denied.
    func denied() throws -> String {
        try variant("denied.yaml") {
            $0.replacingOccurrences(of: "\n  android:\n", with: "\n  android:\n    exactAlarmPermission: false\n")
        }
    }

    func json(_ result: (code: Int32, out: String, err: String)) throws -> [String: Any] {
        XCTAssertEqual(result.code, 0, result.err)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], result.out)
    }

    func metrics(_ object: [String: Any]) throws -> [(arm: String, metric: [String: Any])] {
        let arms = try XCTUnwrap(object["arms"] as? [[String: Any]])
        return try arms.flatMap { arm in
            try XCTUnwrap(arm["metrics"] as? [[String: Any]]).map { (arm["arm"] as? String ?? "", $0) }
        }
    }

    func testAFileComparedWithItselfDiffersByExactlyZero() throws {
        let result = try json(invoke(["compare", Self.shipped, Self.shipped, "--format", "json"] + size))
        let rows = try metrics(result)
        XCTAssertEqual(
            Set(rows.map(\.arm)), ["independent/ios", "chained/ios", "independent/android", "chained/android"])
        XCTAssertEqual(rows.count, 4 * ScenarioComparison.metrics.count, "every rate of every arm")
        for (arm, metric) in rows {
            for key in ["difference", "low", "high"] {
                XCTAssertEqual(metric[key] as? Double, 0, "\(arm) \(metric["metric"] ?? "") \(key)")
            }
            XCTAssertEqual(metric["a"] as? Double, metric["b"] as? Double)
            XCTAssertEqual(metric["significant"] as? Bool, false)
        }
        XCTAssertEqual((result["only_in_a"] as? [Any])?.count, 0)
        XCTAssertEqual((result["only_in_b"] as? [Any])?.count, 0)
        XCTAssertEqual(result["seed"] as? String, "42")
        XCTAssertEqual(
            result["notes"] as? [String], ["\(Self.shipped)'s sweep is not run: compare runs each scenario as written"],
            "said once for the one file")
    }

    /// One lever apart: the reported difference is B's rate minus A's as two separate runs give
    /// them, each side's rates are those runs' own, and denying the exact-alarm permission costs
    /// independent/android a significant share of its fresh cycles while iOS moves not at all.
    func testOneLeverGivesTheDifferenceOfTheTwoRuns() throws {
        let b = try denied()
        let overrides = RunOverrides(devices: 40, days: 60)
        let runA = try ScenarioRuns.run(
            try ScenarioLoader.load(path: Self.shipped), overrides, jobs: 2, feedback: .silent)
        let runB = try ScenarioRuns.run(try ScenarioLoader.load(path: b), overrides, jobs: 2, feedback: .silent)
        let setup = try ScenarioComparisonRun.setUp(
            try ScenarioLoader.load(path: Self.shipped), try ScenarioLoader.load(path: b), overrides)
        let comparison = try ScenarioComparisonRun.run(setup, jobs: 2, feedback: .silent)
        XCTAssertEqual(comparison.arms.map(\.name), runA.plan.arms.map(\.name))
        for arm in comparison.arms {
            let index = try XCTUnwrap(runA.plan.arms.firstIndex { $0.name == arm.name })
            for difference in arm.differences {
                let (rateA, rateB) = (
                    runA.result.arms[index].rate(difference.metric), runB.result.arms[index].rate(difference.metric)
                )
                XCTAssertEqual(
                    difference.a, rateA, "\(arm.name) \(difference.metric.name): A's rate is the separate run's")
                XCTAssertEqual(
                    difference.b, rateB, "\(arm.name) \(difference.metric.name): B's rate is the separate run's")
                XCTAssertEqual(
                    difference.interval.estimate, rateB - rateA, accuracy: 1e-12,
                    "\(arm.name) \(difference.metric.name)")
                XCTAssertLessThanOrEqual(difference.interval.low, difference.interval.estimate)
                XCTAssertGreaterThanOrEqual(difference.interval.high, difference.interval.estimate)
                if arm.name.hasSuffix("/ios") {
                    XCTAssertEqual(difference.interval.estimate, 0, "the Android permission moves no iOS device")
                }
            }
        }
        let fresh = try XCTUnwrap(
            comparison.arms.first { $0.name == "independent/android" }?.differences.first { $0.metric == .fresh })
        XCTAssertTrue(fresh.significant, "\(fresh.interval)")
        XCTAssertLessThan(
            fresh.interval.high, -0.3, "an inexact alarm fires up to an hour late: most fresh cycles are lost")

        // The command line prints the same figures, marks the drop, and is the same for any --jobs.
        let text = invoke(["compare", Self.shipped, b, "--jobs", "1"] + size)
        XCTAssertEqual(text.code, 0, text.err)
        let row = try XCTUnwrap(
            text.out.split(separator: "\n").first { $0.hasPrefix("independent/android") && $0.contains(" fresh ") })
        XCTAssertTrue(
            row.contains(SummaryMarkdown.points(fresh.interval.estimate, significant: true) + " *"), String(row))
        XCTAssertTrue(text.out.contains("40 devices × 60 days, seed 42, the same devices in both"), text.out)
        XCTAssertEqual(
            invoke(["compare", Self.shipped, b, "--format", "json", "--jobs", "1"] + size).out,
            invoke(["compare", Self.shipped, b, "--format", "json", "--jobs", "3"] + size).out)
    }

    /// The interval is over the right pairs: device i of A against device i of B. Each device run
    /// alone on each plan gives its per-device differences, whose t-interval is the reported one
    /// (pairing device i with another device would keep the mean and change the interval).
    func testEachDeviceIsPairedWithItself() throws {
        let overrides = RunOverrides(devices: 12, days: 30)
        let setup = try ScenarioComparisonRun.setUp(
            try ScenarioLoader.load(path: Self.shipped), try ScenarioLoader.load(path: try denied()),
            overrides)
        let comparison = try ScenarioComparisonRun.run(setup, jobs: 2, feedback: .silent)
        var sums: [String: (sum: Double, squares: Double)] = [:]
        for device in 0..<12 {
            let a = DeviceRunner(plan: setup.planA), b = DeviceRunner(plan: setup.planB)
            a.simulate(devices: device..<device + 1)
            b.simulate(devices: device..<device + 1)
            for (name, indices) in setup.matched {
                let (armA, armB) = (a.result.arms[indices.a], b.result.arms[indices.b])
                XCTAssertEqual(armA.cycles, armB.cycles)
                for metric in ScenarioComparison.metrics {
                    let d = Double(armB.count(metric) - armA.count(metric)) / Double(armA.cycles)
                    let key = "\(name) \(metric.name)"
                    sums[key] = ((sums[key]?.sum ?? 0) + d, (sums[key]?.squares ?? 0) + d * d)
                }
            }
        }
        var spread = 0
        for arm in comparison.arms {
            for difference in arm.differences {
                let own = try XCTUnwrap(sums["\(arm.name) \(difference.metric.name)"])
                let expected = ConfidenceInterval.student(count: 12, sum: own.sum, sumOfSquares: own.squares)
                XCTAssertEqual(
                    difference.interval.estimate, expected.estimate, accuracy: 1e-12,
                    "\(arm.name) \(difference.metric.name)")
                XCTAssertEqual(
                    difference.interval.low, expected.low, accuracy: 1e-12, "\(arm.name) \(difference.metric.name)")
                XCTAssertEqual(
                    difference.interval.high, expected.high, accuracy: 1e-12, "\(arm.name) \(difference.metric.name)")
                if expected.high > expected.low { spread += 1 }
            }
        }
        XCTAssertGreaterThan(spread, 4, "the devices' differences vary, so a wrong pairing would show")
    }

    /// `onNews` arms count server updates, cron arms cycles: each pair is paired over its own unit. A copy of the podcast
    /// scenario with a shorter `onNews` interval and ten times the fetch failures: every pair's difference is the
    /// separate runs' (each pair took the device's last paired arm's count as its unit before: the cron arms' rates were
    /// over the device's updates). Servers that publish differently give an `onNews` arm other updates: refused.
    func testOnNewsArmsArePairedOverTheirOwnUpdates() throws {
        let podcast = GoldenFiles.repositoryPath("Scenarios/podcast-new-episodes.yaml")
        let text = try String(contentsOfFile: podcast, encoding: .utf8)
        let often = path("often.yaml")
        let edited = text.replacingOccurrences(of: "{ onNews: { interval: 6h } }", with: "{ onNews: { interval: 2h } }")
            .replacingOccurrences(of: "failure: 0.02", with: "failure: 0.2")
        XCTAssertNotEqual(edited, text)
        _ = FileManager.default.createFile(atPath: often, contents: Data(edited.utf8))
        let overrides = RunOverrides(devices: 30, days: 40)
        let runA = try ScenarioRuns.run(try ScenarioLoader.load(path: podcast), overrides, jobs: 2, feedback: .silent)
        let runB = try ScenarioRuns.run(try ScenarioLoader.load(path: often), overrides, jobs: 2, feedback: .silent)
        let setup = try ScenarioComparisonRun.setUp(
            try ScenarioLoader.load(path: podcast), try ScenarioLoader.load(path: often), overrides)
        let comparison = try ScenarioComparisonRun.run(setup, jobs: 2, feedback: .silent)
        XCTAssertEqual(comparison.arms.map(\.name), runA.plan.arms.map(\.name))
        var onNewsMoved = false, cronMoved = false
        for arm in comparison.arms {
            let index = try XCTUnwrap(runA.plan.arms.firstIndex { $0.name == arm.name })
            for difference in arm.differences {
                let (rateA, rateB) = (
                    runA.result.arms[index].rate(difference.metric), runB.result.arms[index].rate(difference.metric)
                )
                XCTAssertEqual(difference.a, rateA, "\(arm.name) \(difference.metric.name)")
                XCTAssertEqual(difference.b, rateB, "\(arm.name) \(difference.metric.name)")
                XCTAssertEqual(
                    difference.interval.estimate, rateB - rateA, accuracy: 1e-12,
                    "\(arm.name) \(difference.metric.name)")
                if arm.name.hasPrefix("onNews") {
                    if difference.metric == .fresh && difference.significant { onNewsMoved = true }
                } else if difference.metric == .fresh && difference.significant {
                    cronMoved = true
                }
            }
        }
        XCTAssertTrue(onNewsMoved, "a 2 h interval shows more updates within 12 h than a 6 h one")
        XCTAssertTrue(cronMoved, "failures cost the cron arms fresh cycles")
        XCTAssertEqual(runA.result.arms[2].cycles, runB.result.arms[2].cycles, "the same server: the same updates")

        let busier = path("busier.yaml")
        _ = FileManager.default.createFile(
            atPath: busier,
            contents: Data(
                text.replacingOccurrences(
                    of: "updatesPerDay: 1.2",
                    with: "updatesPerDay: 3"
                ).utf8))
        let refused = invoke(["compare", podcast, busier, "--devices", "4", "--days", "10"])
        XCTAssertEqual(refused.code, 2, refused.out)
        XCTAssertTrue(refused.err.contains("server updates in \(podcast) but"), refused.err)
        XCTAssertTrue(refused.err.contains("an onNews arm's rates are over other updates"), refused.err)
        let withoutOnNews = path("busier-cron.yaml")
        let cronOnly = text.replacingOccurrences(of: "updatesPerDay: 1.2", with: "updatesPerDay: 3")
            .replacingOccurrences(
                of: "strategies: [independent, chained, { onNews: { interval: 6h } }]",
                with: "strategies: [independent, chained]")
        _ = FileManager.default.createFile(atPath: withoutOnNews, contents: Data(cronOnly.utf8))
        let cron = invoke(["compare", podcast, withoutOnNews, "--devices", "4", "--days", "10"])
        XCTAssertEqual(cron.code, 0, "cron arms' cycles do not depend on the server: \(cron.err)")
    }

    /// --out DIR: compare.md with the command that reproduces it, compare.csv with every rate, report.html
    /// with the table's cells; a second comparison replaces them; a compare.md of the user's is never replaced.
    func testOutWritesTheMarkdownAndCSV() throws {
        let b = try variant("chained-only.yaml") { $0.replacingOccurrences(of: "  - independent\n", with: "") }
        let out = path("cmp")
        let result = invoke(["compare", Self.shipped, b, "--out", out] + size)
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(
            result.out.contains("Comparison written to \(out)/ (compare.md, compare.csv, report.html)"),
            result.out)
        XCTAssertTrue(result.out.contains("independent/ios: only in A (fresh "), result.out)
        let md = try String(contentsOfFile: "\(out)/compare.md", encoding: .utf8)
        XCTAssertTrue(md.hasPrefix("# dnsim-events compare: new-activity → new-activity\n"), md)
        XCTAssertTrue(
            md.contains("```sh\ndnsim-events compare \(Self.shipped) \(b) --seed 42 --devices 40 --days 60\n```"), md)
        XCTAssertTrue(md.contains("- `independent/android`: only in A ("), md)
        let csv = try String(contentsOfFile: "\(out)/compare.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(String(csv[0]), ComparisonCSV.header)
        XCTAssertEqual(
            csv.count, 1 + 4 * ScenarioComparison.metrics.count, "two shared arms and two in A only, every rate")
        XCTAssertTrue(csv.contains { $0.hasPrefix("independent/ios,fresh,a,") && $0.hasSuffix(",,,,,") }, "\(csv)")
        XCTAssertTrue(csv.contains { $0.hasPrefix("chained/ios,fresh,both,") }, "\(csv)")
        let page = try String(contentsOfFile: "\(out)/report.html", encoding: .utf8)
        XCTAssertTrue(page.hasPrefix(HTMLReportWriter.opening), page)
        XCTAssertTrue(page.contains("<h1>dnsim-events compare: new-activity → new-activity</h1>"), page)
        let command = "dnsim-events compare \(Self.shipped) \(b) --seed 42 --devices 40 --days 60"
        XCTAssertTrue(page.contains("<pre><code>\(command)</code></pre>"), page)
        XCTAssertTrue(
            page.contains("<tr><th>arm</th><th>metric</th><th class=\"num\">A</th><th class=\"num\">B</th>"),
            page)
        XCTAssertTrue(page.contains("<tr><td>chained/ios</td><td>fresh</td>"), page)
        XCTAssertTrue(page.contains("<li><code>independent/android</code>: only in A ("), page)
        XCTAssertEqual(
            invoke(["compare", Self.shipped, b, "--out", out, "--quiet"] + size).code, 0, "its own files are replaced")

        let mine = path("mine")
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: "\(mine)/compare.md", contents: Data("my notes\n".utf8))
        let refused = invoke(["compare", Self.shipped, b, "--out", mine] + size)
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.contains("compare.md"), refused.err)
        XCTAssertEqual(try String(contentsOfFile: "\(mine)/compare.md", encoding: .utf8), "my notes\n")
    }

    /// What makes the two files' cycles differ is refused at B's key, naming A's value, before anything runs.
    func testIncomparableFilesExitTwoAtTheKey() throws {
        let seed = try variant("seed.yaml") { $0.replacingOccurrences(of: "\nseed: 42\n", with: "\nseed: 7\n") }
        let refused = invoke(["compare", Self.shipped, seed] + size)
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(
            refused.err.contains(
                "\(seed):\(try line("seed: 7", in: seed)):7: error: seed is 7 here, but 42 in \(Self.shipped):"),
            refused.err)
        XCTAssertTrue(refused.err.contains("pass --seed N"), refused.err)
        XCTAssertTrue(refused.err.contains("\n  seed: 7\n        ^"), "the line and a caret: \(refused.err)")
        XCTAssertEqual(
            invoke(["compare", Self.shipped, seed, "--seed", "7", "--quiet", "--devices", "2", "--days", "2"]).code, 0,
            "--seed runs both with one seed")

        let zone = try variant("zone.yaml") {
            $0.replacingOccurrences(of: "timeZone: America/New_York", with: "timeZone: Europe/Berlin")
        }
        let zoned = invoke(["compare", Self.shipped, zone] + size)
        XCTAssertEqual(zoned.code, 2)
        XCTAssertTrue(
            zoned.err.contains(
                "\(zone):\(try line("timeZone:", in: zone)):11: error: timeZone is Europe/Berlin here, but America/New_York"
            ),
            zoned.err)

        let devices = try variant("devices.yaml") {
            $0.replacingOccurrences(of: "\ndevices: 1000\n", with: "\ndevices: 500\n")
        }
        let sized = invoke(["compare", Self.shipped, devices, "--days", "2"])
        XCTAssertEqual(sized.code, 2)
        XCTAssertTrue(sized.err.contains("error: devices is 500 here, but 1000 in"), sized.err)

        let notify = try variant("notify.yaml") {
            $0.replacingOccurrences(of: "schedule: \"30 18 * * *\"", with: "schedule: \"0 19 * * *\"")
        }
        let moved = invoke(["compare", Self.shipped, notify] + size)
        XCTAssertEqual(moved.code, 2)
        XCTAssertTrue(
            moved.err.contains(
                "error: plugin.userNotification.schedule '0 19 * * *' here notifies at other times than '30 18 * * *'"),
            moved.err)

        // A fetch time is a lever: it may differ, and B then counts fresh with A's lead (its own default would be its own lead).
        let lead = try variant("lead.yaml") {
            $0.replacingOccurrences(of: "schedule: \"25 18 * * *\"", with: "schedule: \"0 18 * * *\"")
        }
        let leads = invoke(["compare", Self.shipped, lead] + size)
        XCTAssertEqual(leads.code, 0, leads.err)
        XCTAssertTrue(leads.out.contains("left to its defaults B would count freshWithin 30m (its lead)"), leads.out)

        let definition = try variant("late.yaml") {
            $0.replacingOccurrences(of: "lateAfter: 60s", with: "lateAfter: 2m")
        }
        let redefined = invoke(["compare", Self.shipped, definition] + size)
        XCTAssertEqual(redefined.code, 2)
        XCTAssertTrue(
            redefined.err.contains(
                "\(definition):\(try line("lateAfter: 2m", in: definition)):14: error: metrics.lateAfter is 2m here"),
            redefined.err)

        // The two definitions beside the counting keys: B's own is refused, not replaced by A's unsaid.
        let spread = try variant("spread.yaml") {
            $0.replacingOccurrences(of: "lateAfter: 60s", with: "lateAfter: 60s\n  deviceFreshBelow: 0.8")
        }
        let spreads = invoke(["compare", Self.shipped, spread] + size)
        XCTAssertEqual(spreads.code, 2, spreads.out)
        XCTAssertTrue(
            spreads.err.contains(
                "\(spread):\(try line("deviceFreshBelow: 0.8", in: spread)):21: error: metrics.deviceFreshBelow is 0.8 "
                    + "here, but \(Self.shipped) counts with 0.5"),
            spreads.err)
        let aged = { (age: String) in
            try self.variant("age-\(age).yaml") {
                $0.replacingOccurrences(of: "lateAfter: 60s", with: "lateAfter: 60s\n  maxContentAge: \(age)")
            }
        }
        let ages = invoke(["compare", try aged("12h"), try aged("1d")] + size)
        XCTAssertEqual(ages.code, 2, ages.out)
        XCTAssertTrue(ages.err.contains("error: metrics.maxContentAge is 1d here, but "), ages.err)
        XCTAssertTrue(ages.err.contains("counts with 12h"), ages.err)
        // One side without an age measures no within_age to compare: no conflict.
        XCTAssertEqual(invoke(["compare", Self.shipped, try aged("1d")] + size).code, 0)
    }

    /// Bad input: a scenario's own mistake at its line and column, usage errors, no shared arm.
    func testBadInputExitsTwo() throws {
        let broken = try variant("broken.yaml") {
            $0.replacingOccurrences(of: "appOpensPerDay: 1.2", with: "appOpensPerDay: lots")
        }
        let bad = invoke(["compare", Self.shipped, broken] + size)
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.contains("\(broken):\(try line("appOpensPerDay: lots", in: broken)):19: error:"), bad.err)
        XCTAssertEqual(invoke(["compare", Self.shipped]).code, 2)
        XCTAssertTrue(
            invoke(["compare", Self.shipped, Self.shipped, Self.shipped]).err.contains(
                "compare takes two scenario files"))
        XCTAssertTrue(
            invoke(["compare", Self.shipped, Self.shipped, "--format", "xml"]).err.contains(
                "compare's --format is text or json"))
        XCTAssertTrue(invoke(["compare", Self.shipped, path("missing.yaml")]).code == 2)

        let other = try variant("other-strategies.yaml") {
            // Its expect: entries would name arms it no longer has.
            String(
                $0.replacingOccurrences(
                    of: "  - independent\n  - chained\n", with: "  - { independent: { label: alone } }\n"
                )
                .components(separatedBy: "\nexpect:")[0] + "\n")
        }
        let none = invoke(["compare", Self.shipped, other] + size)
        XCTAssertEqual(none.code, 2, none.out)
        XCTAssertTrue(none.err.contains("share no arm"), none.err)
    }

    /// The 1-based line of the first line of `path` that starts with `prefix`.
    func line(_ prefix: String, in path: String) throws -> Int {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        return try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }) + 1
    }
}
