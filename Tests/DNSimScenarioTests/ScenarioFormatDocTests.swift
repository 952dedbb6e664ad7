import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// Keeps docs/scenario-format.md honest: every YAML example on it must load
/// (complete scenarios as they are, fragments merged into a small base), the
/// shown error output must be exactly what the loader prints, a documented sweep
/// does what the text says it does, every key the
/// loader accepts must be documented, and the key tables must be exactly what
/// `ScenarioKeyTables` renders from the catalog. After changing the catalog, run
/// `DNSIM_UPDATE_DOCS=1 swift test --filter ScenarioFormatDocTests` to rewrite them.
final class ScenarioFormatDocTests: XCTestCase {
    /// One fenced ```yaml block and the marker comment right before it.
    struct Example {
        enum Kind: String { case complete, fragment, invalid }
        let kind: Kind
        let text: String
        /// 1-based line of the opening fence, for failure messages.
        let line: Int
        /// For `invalid`: the next ```text block, the exact expected output.
        let expectedOutput: String?
    }

    static let docPath = ScenarioFormatDoc.path
    static let base = ScenarioFormatDoc.base

    /// Enum values the loader checks against a local list rather than an enum.
    static let listedValues = ["normal", "default", "high", "low"]

    static func loadDoc() throws -> String { try ScenarioFormatDoc.load() }

    /// Every ```yaml block with its marker. Fails on an unmarked block or a marker
    /// not followed by one, so no example escapes the test.
    static func examples(in doc: String) -> (examples: [Example], problems: [String]) {
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [Example] = []
        var problems: [String] = []
        var pending: (kind: Example.Kind, line: Int)?
        var index = 0
        func block(from start: Int) -> (text: String, end: Int)? {
            var end = start + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            guard end < lines.count else { return nil }
            return (lines[(start + 1)..<end].joined(separator: "\n") + "\n", end)
        }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!-- example:") {
                let name = trimmed.dropFirst("<!-- example:".count).replacingOccurrences(of: "-->", with: "")
                    .trimmingCharacters(in: .whitespaces)
                if let kind = Example.Kind(rawValue: name) {
                    pending = (kind, index + 1)
                } else {
                    problems.append("line \(index + 1): unknown example marker '\(name)'")
                }
                index += 1
                if index < lines.count, !lines[index].hasPrefix("```yaml") {
                    problems.append("line \(index): the marker is not right before a ```yaml fence")
                    pending = nil
                }
                continue
            }
            if line.hasPrefix("```") && line != "```" {
                guard let (text, end) = block(from: index) else {
                    problems.append("line \(index + 1): unclosed fence")
                    break
                }
                if line.hasPrefix("```yaml") {
                    if let marker = pending {
                        var expected: String?
                        if marker.kind == .invalid {
                            // The output shown for it is the next ```text block.
                            if let next = lines[(end + 1)...].firstIndex(where: { $0.hasPrefix("```") }),
                                lines[next] == "```text", let output = block(from: next)
                            {
                                expected = output.text
                            } else {
                                problems.append(
                                    "line \(index + 1): an invalid example needs a ```text block with its output next")
                            }
                        }
                        examples.append(
                            Example(kind: marker.kind, text: text, line: index + 1, expectedOutput: expected))
                    } else {
                        problems.append("line \(index + 1): ```yaml block without an <!-- example: … --> marker")
                    }
                }
                pending = nil
                index = end + 1
                continue
            }
            index += 1
        }
        return (examples, problems)
    }

    static func merge(fragment: String, into base: String) throws -> String {
        try ScenarioFormatDoc.merge(fragment: fragment, into: base)
    }

    // MARK: - Tests

    func testDocExamplesAreAllMarked() throws {
        let doc = try Self.loadDoc()
        let (examples, problems) = Self.examples(in: doc)
        XCTAssertEqual(problems, [], "docs/scenario-format.md")
        XCTAssertGreaterThanOrEqual(examples.filter { $0.kind == .complete }.count, 3)
        XCTAssertGreaterThanOrEqual(examples.filter { $0.kind == .fragment }.count, 10)
        XCTAssertEqual(examples.filter { $0.kind == .invalid }.count, 1)
    }

    func testCompleteExamplesLoad() throws {
        let examples = Self.examples(in: try Self.loadDoc()).examples.filter { $0.kind == .complete }
        XCTAssertFalse(examples.isEmpty)
        for example in examples {
            do {
                let scenario = try ScenarioLoader.load(bytes: Array(example.text.utf8), file: "doc.yaml")
                XCTAssertFalse(scenario.arms.isEmpty, "docs/scenario-format.md:\(example.line)")
            } catch {
                XCTFail(
                    "docs/scenario-format.md:\(example.line): complete example does not load:\n\(error.description)")
            }
        }
    }

    func testFragmentsLoadMergedIntoBase() throws {
        _ = try ScenarioLoader.load(bytes: Array(Self.base.utf8), file: "base.yaml")
        let examples = Self.examples(in: try Self.loadDoc()).examples.filter { $0.kind == .fragment }
        XCTAssertFalse(examples.isEmpty)
        for example in examples {
            do {
                let merged = try Self.merge(fragment: example.text, into: Self.base)
                do {
                    _ = try ScenarioLoader.load(bytes: Array(merged.utf8), file: "merged.yaml")
                } catch {
                    XCTFail(
                        "docs/scenario-format.md:\(example.line): fragment does not load:\n\(error.description)\n--- merged:\n\(merged)"
                    )
                }
            } catch {
                XCTFail("docs/scenario-format.md:\(example.line): \(error)")
            }
        }
    }

    /// The error example's output is shown verbatim, so it must be exactly what the loader prints.
    func testInvalidExampleFailsWithTheShownOutput() throws {
        let examples = Self.examples(in: try Self.loadDoc()).examples.filter { $0.kind == .invalid }
        for example in examples {
            do {
                _ = try ScenarioLoader.load(bytes: Array(example.text.utf8), file: "scenario.yaml")
                XCTFail("docs/scenario-format.md:\(example.line): the invalid example loads")
            } catch {
                XCTAssertEqual(
                    error.description + "\n", example.expectedOutput, "docs/scenario-format.md:\(example.line)")
            }
        }
    }

    func testFragmentMergeReplacesOnlyFragmentKeys() throws {
        let merged = try Self.merge(fragment: "days: 9\nstrategies:\n  - chained\n", into: Self.base)
        let scenario = try ScenarioLoader.load(bytes: Array(merged.utf8), file: "merged.yaml")
        XCTAssertEqual(scenario.days, 9)
        XCTAssertEqual(scenario.devices, 2)
        XCTAssertEqual(scenario.arms.map(\.name), ["chained/ios", "chained/android"])
    }

    /// A wrong example must make the test fail: the checks above must reject these.
    func testBrokenExamplesWouldBeCaught() throws {
        let doc = """
            <!-- example: fragment -->
            ```yaml
            metrics:
              lateAftr: 60s
            ```

            ```yaml
            name: unmarked
            ```
            """
        let (examples, problems) = Self.examples(in: doc)
        XCTAssertEqual(examples.count, 1)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        let merged = try Self.merge(fragment: examples[0].text, into: Self.base)
        XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(merged.utf8), file: "merged.yaml"))
    }

    func testEveryAcceptedKeyIsDocumented() throws {
        let doc = try Self.loadDoc()
        var names = Array(ScenarioKeys.allKeys) + Self.listedValues
        names += Platform.allCases.map(\.rawValue) + StrategyKind.allCases.map(\.rawValue)
        names += BackgroundTaskKind.allCases.map(\.rawValue) + FallbackBehavior.allCases.map(\.rawValue)
        names += StaleContentPolicy.allCases.map(\.rawValue) + GuardPolicy.allCases.map(\.rawValue)
        names += EmptyFetchPolicy.allCases.map(\.rawValue) + AndroidAlarmKind.allCases.map(\.rawValue)
        // Every summary.csv column is a valid `expect` metric.
        names += SummaryColumns.names
        let missing = names.sorted().filter { !doc.contains("`\($0)`") }
        XCTAssertEqual(missing, [], "not documented in backticks in docs/scenario-format.md")
    }

    /// The loader takes every mapping's keys from `ScenarioKeys`: an undeclared
    /// key at any declared place is rejected, naming that place.
    func testTheLoaderRejectsUndeclaredKeysEverywhereTheTreeDeclaresKeys() throws {
        let base = try XCTUnwrap(try YAMLParser.parse(Array(Self.base.utf8), file: "base.yaml"))
        for path in ScenarioKeys.tree.keys.sorted() where !path.contains("[]") && !path.hasPrefix("strategies.") {
            let parts = path.isEmpty ? [] : path.split(separator: ".").map(String.init)
            let value = YAMLNode(kind: .scalar("1"), mark: SourceMark(line: 1, column: 1))
            guard let edited = base.setting((parts + ["zzUndeclared"])[...], to: value) else {
                XCTFail("cannot place a key at \(path)")
                continue
            }
            XCTAssertThrowsError(try ScenarioLoader.load(root: edited, text: "", file: "t.yaml"), path) { error in
                let messages = (error as? DiagnosticList)?.diagnostics.map(\.message) ?? []
                let scope = path.isEmpty ? "at the top level" : "in \(path)"
                XCTAssertTrue(messages.contains("unknown key 'zzUndeclared' \(scope)"), "\(path): \(messages)")
            }
        }
        for kind in StrategyKind.allCases {
            let text = Self.base.replacingOccurrences(
                of: "strategies: [independent, chained]",
                with: "strategies: [{ \(kind.rawValue): { zzUndeclared: 1 } }]")
            XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(text.utf8), file: "t.yaml")) { error in
                XCTAssertTrue("\(error)".contains("unknown key 'zzUndeclared' in \(kind.rawValue)"), "\(error)")
            }
        }
    }

    /// The key tables are rendered from `ScenarioKeyCatalog`: the doc must hold exactly that
    /// rendering, one marker per table. With DNSIM_UPDATE_DOCS=1 the doc is rewritten instead.
    func testKeyTablesAreRenderedFromTheCatalog() throws {
        let doc = try Self.loadDoc()
        let (rendered, unknown) = ScenarioKeyTables.render(into: doc)
        XCTAssertEqual(unknown, [], "markers naming no table of the catalog")
        XCTAssertEqual(
            ScenarioKeyTables.markers(in: doc).sorted(), ScenarioKeyTables.ids.sorted(),
            "every catalog table has exactly one marker")
        if ProcessInfo.processInfo.environment["DNSIM_UPDATE_DOCS"] == "1" {
            if rendered != doc { try rendered.write(toFile: Self.docPath, atomically: true, encoding: .utf8) }
            return
        }
        let old = doc.split(separator: "\n", omittingEmptySubsequences: false)
        let new = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(old, new).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
            ?? (old.count == new.count ? nil : min(old.count, new.count))
        {
            XCTFail(
                "docs/scenario-format.md:\(line + 1) differs from the catalog; run DNSIM_UPDATE_DOCS=1 swift test --filter ScenarioFormatDocTests\n"
                    + "doc:     \(line < old.count ? old[line] : "")\ncatalog: \(line < new.count ? new[line] : "")")
        }
    }

    /// Each row shows its key's role, and a key's row is in the table after its marker.
    func testEveryShownKeyHasItsRoleInTheDoc() throws {
        let doc = try Self.loadDoc()
        for key in ScenarioKeyCatalog.keys where key.table != nil {
            XCTAssertTrue(doc.contains(ScenarioKeyTables.row(key)), key.path)
            XCTAssertTrue(ScenarioKeyTables.row(key).contains("| \(ScenarioKeyTables.role(key)) |"), key.path)
        }
    }

    /// A wrong table must make the test fail: an edited row or a missing marker is caught.
    func testAStaleTableWouldBeCaught() throws {
        let doc = try Self.loadDoc()
        let edited = doc.replacingOccurrences(
            of: "| `never` (in `fetchTask`) | condition |", with: "| `never` (in `fetchTask`) | lever |")
        XCTAssertNotEqual(edited, doc)
        XCTAssertEqual(ScenarioKeyTables.render(into: edited).text, doc)
        let unmarked = doc.replacingOccurrences(of: "<!-- keys: server -->\n", with: "")
        XCTAssertNotEqual(ScenarioKeyTables.markers(in: unmarked).sorted(), ScenarioKeyTables.ids.sorted())
        XCTAssertEqual(ScenarioKeyTables.render(into: "<!-- keys: nowhere -->\n").unknown, ["nowhere"])
    }

    func testTheDocumentedSweepInsideADistributionSetsTheMedianAndKeepsSigma() throws {
        let scenario = try ScenarioLoader.load(
            bytes: Array(try ScenarioFormatDoc.documentedDistributionSweep().utf8), file: "doc.yaml")
        let delays = try scenario.sweepPoints().map { $0.scenario.ios?.delay }
        XCTAssertEqual(delays, [30, 90, 240].map { Distribution.lognormal(median: Double($0) * 60_000, sigma: 1.5) })
    }
}
