import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimRun

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `check` where CI reads it: JUnit XML, GitHub annotations and step summary,
/// `--format json`; and the gate's holes closed: nothing to check, a default
/// baseline, several scenarios, runs with overrides kept apart from baselines.
final class CheckOutputTests: CommandLineTestCase {
    /// The small fixture with `edit` applied, written to a temporary file.
    func scenario(_ edit: (String) -> String = { $0 }, name: String = "s.yaml") -> String {
        let text = String(
            decoding: FileManager.default.contents(atPath: GoldenFiles.scenarioPath("small.yaml"))!, as: UTF8.self)
        let path = temporary.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(edit(text).utf8))
        return path
    }

    func invoke(_ arguments: [String], environment: [String: String]) -> (code: Int32, out: String, err: String) {
        final class Output: @unchecked Sendable {
            var out = ""
            var err = ""
        }
        let output = Output()
        let console = Console(out: { output.out += $0 }, error: { output.err += $0 }, environment: environment)
        return (DNSimCommand.main(arguments, console: console), output.out, output.err)
    }

    /// Runs `body` with the temporary folder as the current directory, where `Reports/` is relative to.
    func inTemporaryDirectory<T>(_ body: () throws -> T) rethrows -> T {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(temporary.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }

    /// The policy change under test: chained loses its guard (iOS cycles go missing).
    let noGuard = { (text: String) in
        text.replacingOccurrences(of: "  - chained\n", with: "  - { chained: { guard: none } }\n")
    }

    func writeBaseline() -> String {
        let baseline = temporary.appendingPathComponent("baseline").path
        XCTAssertEqual(invoke([scenario(), "--out", baseline, "--quiet"]).code, 0)
        return baseline
    }

    // MARK: JUnit

    /// A parsed XML element: name, attributes, children.
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var text = ""
        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        func all(_ name: String) -> [Element] { children.filter { $0.name == name } }
    }

    final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [Element] = []
        var root: Element?
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            let element = Element(name: elementName, attributes: attributeDict)
            stack.last?.children.append(element)
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }
    }

    func parseXML(_ path: String) throws -> Element {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        parser.delegate = builder
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return try XCTUnwrap(builder.root)
    }

    /// testsuites → testsuite (per scenario) → testcase (per arm × figure) → failure;
    /// the count attributes match the elements; one failing case per REGRESSION line.
    func testJUnitHasOneFailingCasePerRegression() throws {
        let baseline = writeBaseline()
        // An expect: entry fails too: chained/android must show fresh content in 99% of cycles.
        let worse = scenario(
            {
                self.noGuard($0).replacingOccurrences(of: "metric: missed, max: 0.02", with: "metric: fresh, min: 0.99")
            },
            name: "worse.yaml")
        let junit = temporary.appendingPathComponent("out/junit.xml").path
        let result = invoke(["check", worse, "--baseline", baseline, "--junit", junit, "--quiet"])
        XCTAssertEqual(result.code, 1, result.out + result.err)
        let regressions = result.out.split(separator: "\n").filter { $0.hasPrefix("REGRESSION ") }
        XCTAssertGreaterThanOrEqual(regressions.count, 2)

        let root = try parseXML(junit)
        XCTAssertEqual(root.name, "testsuites")
        let suites = root.all("testsuite")
        XCTAssertEqual(suites.count, 1)
        let suite = suites[0]
        XCTAssertEqual(suite.attributes["name"], "small")
        XCTAssertEqual(suite.attributes["file"], worse)
        let cases = suite.all("testcase")
        let failing = cases.filter { !$0.all("failure").isEmpty }
        XCTAssertEqual(suite.attributes["tests"], String(cases.count))
        XCTAssertEqual(suite.attributes["failures"], String(failing.count))
        XCTAssertEqual(root.attributes["tests"], String(cases.count))
        XCTAssertEqual(root.attributes["failures"], String(failing.count))
        XCTAssertEqual(failing.count, regressions.count, "exactly one failing test case per regression")
        XCTAssertTrue(failing.allSatisfy { $0.all("failure").count == 1 })
        XCTAssertEqual(
            Set(suite.all("properties").flatMap { $0.all("property") }.compactMap { $0.attributes["name"] }),
            [
                "seed", "devices", "days", "dnsim-events", "baseline", "definitions", "metrics.freshWithin",
                "metrics.lateAfter",
                "metrics.duplicateWindow", "definitions_note",
            ])

        // 8 arms: the expect: entry on each arm it applies to (one), then 9 rates (updates_fresh too), 3 lifecycle counts, 5 spread figures and a
        // fingerprint per arm.
        XCTAssertEqual(cases.count, 1 + 8 * (9 + 3 + 5 + 1))
        let names = Set(cases.map { "\($0.attributes["classname"]!) \($0.attributes["name"]!)" })
        XCTAssertEqual(names.count, cases.count, "every test case is named uniquely")
        let missed = try XCTUnwrap(
            cases.first {
                $0.attributes["classname"] == "small.chained/ios" && $0.attributes["name"] == "baseline missed_rate"
            })
        let failure = try XCTUnwrap(missed.all("failure").first)
        XCTAssertEqual(failure.attributes["type"], "regression")
        XCTAssertTrue(failure.attributes["message"]!.hasPrefix("chained/ios missed: "), failure.attributes["message"]!)
        XCTAssertTrue(regressions.contains { $0 == "REGRESSION small: " + failure.attributes["message"]! })
        let expectation = try XCTUnwrap(cases.first { $0.attributes["name"]!.hasPrefix("expect fresh_rate ≥ 99.00%") })
        XCTAssertEqual(expectation.attributes["line"], "26")
        XCTAssertEqual(expectation.all("failure").first?.attributes["type"], "expectation")
        XCTAssertTrue(
            expectation.all("failure").first?.text.contains("\(worse):26:5: chained/android fresh_rate") ?? false)
    }

    /// A scenario checked against its own baseline: every case passes, none has a failure element.
    func testJUnitOfAPassingCheck() throws {
        let baseline = writeBaseline()
        let junit = temporary.appendingPathComponent("junit.xml").path
        XCTAssertEqual(invoke(["check", scenario(), "--baseline", baseline, "--junit", junit, "--quiet"]).code, 0)
        let root = try parseXML(junit)
        XCTAssertEqual(root.attributes["failures"], "0")
        XCTAssertEqual(root.all("testsuite").first?.all("testcase").count, 1 + 8 * 18)
        XCTAssertTrue(root.all("testsuite").first?.all("testcase").allSatisfy { $0.children.isEmpty } ?? false)
    }

    // MARK: GitHub Actions

    func testGitHubAnnotationsAndStepSummary() throws {
        let baseline = writeBaseline()
        let worse = scenario(
            {
                self.noGuard($0).replacingOccurrences(of: "metric: missed, max: 0.02", with: "metric: fresh, min: 0.99")
            },
            name: "worse.yaml")
        let summary = temporary.appendingPathComponent("step-summary.md").path
        _ = FileManager.default.createFile(atPath: summary, contents: Data("earlier step\n".utf8))
        let environment = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary]
        let result = invoke(["check", worse, "--baseline", baseline, "--quiet"], environment: environment)
        XCTAssertEqual(result.code, 1)
        let errors = result.out.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        XCTAssertEqual(errors.count, result.out.split(separator: "\n").filter { $0.hasPrefix("REGRESSION ") }.count)
        // The expect: entry's own line and column; the message's % escaped as the runner requires.
        XCTAssertTrue(
            errors.contains {
                $0.hasPrefix(
                    "::error file=\(worse),line=26,col=5,title=dnsim-events check%3A small::chained/android fresh_rate: "
                )
                    && $0.contains("%25 is below the expected min 99.00%25")
            }, errors.joined(separator: "\n"))
        // A baseline regression points at the scenario's first line.
        XCTAssertTrue(
            errors.contains {
                $0.hasPrefix("::error file=\(worse),line=1,col=1,") && $0.contains("::chained/ios missed: ")
            })

        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        XCTAssertTrue(
            markdown.hasPrefix("earlier step\n### dnsim-events check: `small` failed: \(errors.count) regression(s)"),
            markdown)
        XCTAssertTrue(markdown.contains("| arm | figure | baseline | run | change | tolerance or bound | where |"))
        XCTAssertTrue(markdown.contains("| chained/ios | missed_rate | "), markdown)
        XCTAssertTrue(markdown.contains("| chained/android | fresh_rate | | "), markdown)
        XCTAssertEqual(markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }.count, 1 + errors.count)

        // Off GitHub: no workflow commands, nothing appended.
        let plain = invoke(
            ["check", worse, "--baseline", baseline, "--quiet"], environment: ["GITHUB_STEP_SUMMARY": ""])
        XCTAssertFalse(plain.out.contains("::error"))
    }

    func testWorkflowCommandEscaping() {
        XCTAssertEqual(CheckOutput.data("5% of\r\nit"), "5%25 of%0D%0Ait")
        XCTAssertEqual(CheckOutput.property("a:b,c%"), "a%3Ab%2Cc%25")
    }

    // MARK: --format json

    func testJSONIsByteStableAndCarriesTheNumbers() throws {
        let baseline = writeBaseline()
        let worse = scenario(noGuard, name: "worse.yaml")
        let first = invoke(["check", worse, "--baseline", baseline, "--format", "json", "--quiet", "--jobs", "1"])
        let second = invoke(["check", worse, "--baseline", baseline, "--format", "json", "--quiet", "--jobs", "3"])
        XCTAssertEqual(first.code, 1)
        XCTAssertEqual(first.out, second.out, "byte-stable, whatever --jobs")
        XCTAssertTrue(
            first.out.hasPrefix(
                "{\n  \"tool_version\": \"\(ToolVersion.current)\",\n  \"verdict\": \"regression\",\n  \"exit_code\": 1,\n"
            ), first.out)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any])
        let scenarios = try XCTUnwrap(object["scenarios"] as? [[String: Any]])
        XCTAssertEqual(scenarios.count, 1)
        let check = scenarios[0]
        XCTAssertEqual(check["verdict"] as? String, "regression")
        XCTAssertEqual((check["baseline"] as? [String: Any])?["chosen_by"] as? String, "--baseline")
        let comparisons = try XCTUnwrap(check["comparisons"] as? [[String: Any]])
        // 9 rates (updates_fresh too), 3 lifecycle counts per 1,000 device-days and 5 spread figures, for each of the 8 arms.
        XCTAssertEqual(comparisons.count, 8 * 17)
        for comparison in comparisons {
            let h1 = try XCTUnwrap(comparison["baseline_half_width"] as? Double),
                h2 = try XCTUnwrap(comparison["run_half_width"] as? Double)
            let tolerance = try XCTUnwrap(comparison["tolerance"] as? Double)
            let floor = (comparison["metric"] as? String)?.hasSuffix("_per_1000_device_days") == true ? 0.1 : 0.001
            XCTAssertEqual(tolerance, max(floor, (h1 * h1 + h2 * h2).squareRoot()), accuracy: 2e-6)
            let before = try XCTUnwrap(comparison["baseline"] as? Double),
                after = try XCTUnwrap(comparison["run"] as? Double)
            let worse = comparison["better"] as? String == "higher" ? before - after : after - before
            if abs(worse - tolerance) > 1e-5 {
                XCTAssertEqual(comparison["verdict"] as? String == "regression", worse > tolerance, "\(comparison)")
            }
        }
        let failures = try XCTUnwrap(check["failures"] as? [[String: Any]])
        XCTAssertEqual(
            failures.count,
            comparisons.filter { $0["verdict"] as? String == "regression" }.count
                + (check["expectations"] as? [[String: Any]] ?? []).filter { $0["verdict"] as? String == "fail" }.count)
        XCTAssertTrue(
            failures.contains { $0["arm"] as? String == "chained/ios" && $0["figure"] as? String == "missed_rate" })
        XCTAssertFalse(first.out.contains("REGRESSION"), "json replaces the text lines")
        XCTAssertEqual(invoke(["check", worse, "--format", "yaml"]).code, 2)
    }

    // MARK: closing the gate's holes

    func testNothingToCheckExitsTwoAndTheCommittedReportIsUsedWhenThere() {
        let bare = scenario(
            { $0.replacingOccurrences(of: #"expect:\n  - \{[^\n]*\}\n"#, with: "", options: .regularExpression) },
            name: "bare.yaml")
        inTemporaryDirectory {
            let nothing = invoke(["check", bare, "--quiet"])
            XCTAssertEqual(nothing.code, 2)
            XCTAssertTrue(
                nothing.err.contains(
                    "error: nothing to check in \(bare): it has no expect: entries, no --baseline was given and there is no Reports/small/"
                ), nothing.err)
            XCTAssertEqual(invoke([bare, "--quiet"]).code, 0)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "Reports/small/summary.csv"))
            let found = invoke(["check", bare, "--quiet"])
            XCTAssertEqual(found.code, 0, found.out + found.err)
            XCTAssertTrue(
                found.out.contains(
                    "small: no expect: entries and no --baseline; checking against Reports/small/, its committed report"
                ), found.out)
            XCTAssertTrue(
                found.out.contains("small: ok (136 figure(s) and 8 fingerprint(s) against Reports/small)"), found.out)
            // With overrides, the committed report is not comparable and not used: the run's own folder would be.
            let quick = invoke(["check", bare, "--devices", "5", "--quiet"])
            XCTAssertEqual(quick.code, 2)
            XCTAssertTrue(quick.err.contains("no Reports/small@devices=5/"), quick.err)
            XCTAssertTrue(quick.err.contains("write the baseline first (dnsim-events \(bare) --devices 5)"), quick.err)
        }
    }

    /// A scenario with expect: entries is still compared with its committed report, and the closing line says which checks ran.
    func testExpectEntriesAndTheCommittedReportAreBothChecked() {
        let withExpect = scenario(name: "e.yaml")
        inTemporaryDirectory {
            let alone = invoke(["check", withExpect, "--quiet"])
            XCTAssertEqual(alone.code, 0, alone.out + alone.err)
            XCTAssertTrue(
                alone.out.contains(
                    "small: ok (1 expect: check(s), no baseline compared: Reports/small/ does not exist)"), alone.out)
            XCTAssertEqual(invoke([withExpect, "--quiet"]).code, 0)
            let both = invoke(["check", withExpect, "--quiet"])
            XCTAssertEqual(both.code, 0, both.out + both.err)
            XCTAssertTrue(
                both.out.contains(
                    "small: 1 expect: entries and no --baseline; checking against Reports/small/, its committed report"),
                both.out)
            XCTAssertTrue(
                both.out.contains(
                    "small: ok (1 expect: check(s), 136 figure(s) and 8 fingerprint(s) against Reports/small)"),
                both.out)
        }
    }

    func testSeveralScenariosNameThemselvesAndEndWithOneSummaryLine() {
        let baselines = temporary.appendingPathComponent("baselines").path
        let good = scenario({ $0.replacingOccurrences(of: "name: small", with: "name: small-b") }, name: "b.yaml")
        XCTAssertEqual(invoke([scenario(), good, "--out", baselines, "--quiet"]).code, 0)
        let worse = scenario(noGuard, name: "worse.yaml")
        let result = invoke(["check", worse, good, "--baseline", baselines, "--quiet"])
        XCTAssertEqual(result.code, 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        let regressions = lines.filter { $0.hasPrefix("REGRESSION") }
        XCTAssertFalse(regressions.isEmpty)
        XCTAssertTrue(
            regressions.allSatisfy { $0.hasPrefix("REGRESSION small: ") }, regressions.joined(separator: "\n"))
        let summaries = lines.filter { $0.hasPrefix("small: ") || $0.hasPrefix("small-b: ") }
        XCTAssertEqual(summaries.count, 2, result.out)
        XCTAssertTrue(summaries[0].hasPrefix("small: \(regressions.count) regression(s) in 145 check(s)"), summaries[0])
        XCTAssertTrue(summaries[1].hasPrefix("small-b: ok (1 expect: check(s), 136 figure(s)"), summaries[1])
        XCTAssertEqual(lines.last, summaries[1], "each scenario ends with its summary line")
        let end = lines.firstIndex(of: summaries[0])!
        XCTAssertFalse(
            lines[(end + 1)...].contains { $0.contains(" small: ") || $0.hasPrefix("small: ") },
            "small's lines all come before its summary")
    }

    func testARunWithOverridesKeepsAwayFromTheBaseline() throws {
        let path = scenario()
        try inTemporaryDirectory {
            XCTAssertEqual(invoke([path, "--quiet"]).code, 0)
            let committed = try Data(contentsOf: URL(fileURLWithPath: "Reports/small/summary.csv"))
            let quick = invoke([path, "--devices", "5", "--seed", "9"])
            XCTAssertEqual(quick.code, 0, quick.err)
            XCTAssertTrue(
                quick.err.contains(
                    "note: small: --seed, --devices differ from \(path), so this run writes Reports/small@seed=9,devices=5/ and leaves Reports/small/"
                ), quick.err)
            XCTAssertTrue(quick.out.contains("Reports written to Reports/small@seed=9,devices=5/"), quick.out)
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: "Reports/small/summary.csv")), committed,
                "the baseline is untouched")
            XCTAssertTrue(FileManager.default.fileExists(atPath: "Reports/small@seed=9,devices=5/summary.csv"))
            // The scenario's own values are no override.
            let same = invoke([path, "--devices", "40", "--quiet"])
            XCTAssertEqual(same.code, 0)
            XCTAssertFalse(same.err.contains("note:"))
            // check with the same overrides finds that folder under --baseline Reports.
            let check = invoke(["check", path, "--devices", "5", "--seed", "9", "--baseline", "Reports", "--quiet"])
            XCTAssertEqual(check.code, 0, check.out + check.err)
            XCTAssertTrue(check.out.contains("against Reports/small@seed=9,devices=5)"), check.out)
        }
    }

    func testMergingShardsRunWithOverridesKeepsAwayFromTheBaseline() {
        let path = scenario()
        inTemporaryDirectory {
            for k in 1...2 {
                XCTAssertEqual(
                    invoke([path, "--devices", "6", "--shard", "\(k)/2", "--out", "shards", "--quiet"]).code, 0)
            }
            let merged = invoke(["merge", "shards", "--quiet"])
            XCTAssertEqual(merged.code, 0, merged.err)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "Reports/small@devices=6/summary.csv"))
            XCTAssertFalse(FileManager.default.fileExists(atPath: "Reports/small"))
        }
    }

    /// `--out DIR` writes `DIR/<name>/` for one scenario as for several: the same layout, never DIR itself,
    /// and tagged with the overrides as under `Reports/` (`DIR/<name>@devices=4/`), with the same note.
    func testOutWritesAFolderPerScenarioForOneAsForSeveral() throws {
        let a = scenario(name: "a.yaml")
        let b = scenario({ $0.replacingOccurrences(of: "name: small", with: "name: other") }, name: "b.yaml")
        let out = temporary.appendingPathComponent("reports").path
        let result = invoke([a, b, "--devices", "4", "--out", out, "--quiet"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["other@devices=4", "small@devices=4"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/small@devices=4/summary.csv"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/other@devices=4/summary.csv"))
        XCTAssertEqual(
            result.err,
            """
            note: small: --devices differ from \(a), so this run writes \(out)/small@devices=4/ and leaves \(out)/small/ (a baseline written without them) as it is
            note: other: --devices differ from \(b), so this run writes \(out)/other@devices=4/ and leaves \(out)/other/ (a baseline written without them) as it is

            """, "--out DIR keeps the override tag, as Reports/ does, and says so")

        let one = temporary.appendingPathComponent("one").path
        let alone = invoke([a, "--devices", "4", "--out", one])
        XCTAssertEqual(alone.code, 0, alone.err)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: one), ["small@devices=4"],
            "one scenario writes DIR/<name>@…/ too, not DIR itself")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(one)/small@devices=4/summary.csv"))
        XCTAssertTrue(alone.out.contains("Reports written to \(one)/small@devices=4/ ("), alone.out)
        XCTAssertEqual(
            alone.err,
            "note: small: --devices differ from \(a), so this run writes \(one)/small@devices=4/ "
                + "and leaves \(one)/small/ (a baseline written without them) as it is\n")

        // Without overrides --out DIR writes DIR/<name>/, untagged, and says nothing.
        let plain = temporary.appendingPathComponent("plain").path
        let untagged = invoke([a, "--out", plain])
        XCTAssertEqual(untagged.code, 0, untagged.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: plain), ["small"])
        XCTAssertTrue(untagged.out.contains("Reports written to \(plain)/small/ ("), untagged.out)
        XCTAssertEqual(untagged.err, "")
    }
}
