import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimScenario

/// Text from a scenario never reaches a terminal, a CI log or a report raw (issue 28,
/// item 5): labels with control or bidirectional characters are refused with a caret,
/// and everything else a message or `trace` prints from the file is escaped.
final class UnsafeTextTests: CommandLineTestCase {
    func scenario(_ text: String) -> String {
        let path = temporary.appendingPathComponent("u.yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func withStrategies(_ strategies: String) -> String {
        ScenarioTexts.minimal.replacingOccurrences(of: "strategies: [independent]", with: "strategies: \(strategies)")
    }

    /// A label written `x\n::error file=evil.txt::INJECTED` in YAML's escapes would start a
    /// line GitHub Actions reads as a workflow command.
    func testALabelWithALineBreakIsRefusedAndNeverPrintedRaw() {
        let path = scenario(withStrategies(#"[{ independent: { label: "x\n::error file=evil.txt::INJECTED" } }]"#))
        for arguments in [[path, "--quiet", "--out", temporary.appendingPathComponent("r").path], ["validate", path]] {
            let result = invoke(arguments)
            XCTAssertEqual(result.code, 2, result.out)
            XCTAssertEqual(
                result.err,
                """
                \(path):11:38: error: independent.label 'x\\n::error file=evil.txt::INJECTED' holds U+000A (a control or bidirectional character) at character 2; a label names report rows, chart text and files: use printable characters
                  strategies: [{ independent: { label: "x\\n::error file=evil.txt::INJECTED" } }]
                                                       ^

                """)
            for output in [result.out, result.err] {
                XCTAssertFalse(
                    output.split(separator: "\n").contains { $0.hasPrefix("::") }, "no line starts a workflow command")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.appendingPathComponent("r").path))
    }

    func testNulAndBidiOverridesInALabelAreRefused() {
        for (escape, code) in [
            (#"\0"#, "U+0000"), (#"\u202E"#, "U+202E"), (#"\u2066"#, "U+2066"), (#"\x7F"#, "U+007F"),
            (#"\x9B"#, "U+009B"),
        ] {
            let result = invoke([
                "validate", scenario(withStrategies("[{ independent: { label: \"ab\(escape)c\" } }]")),
            ])
            XCTAssertEqual(result.code, 2, escape)
            XCTAssertTrue(
                result.err.contains("holds \(code) (a control or bidirectional character) at character 3"), result.err)
            XCTAssertFalse(
                result.err.unicodeScalars.contains { MessageText.isUnsafe($0) && $0 != "\n" },
                "\(escape) is echoed escaped: \(result.err)")
        }
    }

    func testPrintableLabelsInAnyScriptStillLoad() throws {
        let path = scenario(withStrategies(#"[{ independent: { label: "früh-日本-ملف" } }]"#))
        XCTAssertEqual(invoke(["validate", path]).code, 0)
    }

    /// Any message that quotes a value escapes it: here the YAML parser's own error and a name.
    func testMessagesEscapeWhatTheyQuote() {
        let result = invoke([
            "validate",
            scenario(ScenarioTexts.minimal.replacingOccurrences(of: "name: t", with: #"name: "a\nb\u202Ec""#)),
        ])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.hasPrefix(
                #"\#(temporary.appendingPathComponent("u.yaml").path):1:7: error: name 'a\nb\u{202E}c' must be letters"#
            ), result.err)
        XCTAssertEqual(MessageText.visible("a\u{0}b\u{1B}[31m\u{2067}"), #"a\0b\u{1B}[31m\u{2067}"#)
        XCTAssertEqual(MessageText.visible("plain é 日本"), "plain é 日本")
    }

    func testANameOverTheLengthLimitSaysSo() {
        let result = invoke([
            "validate",
            scenario(
                ScenarioTexts.minimal.replacingOccurrences(
                    of: "name: t", with: "name: " + String(repeating: "a", count: 101))),
        ])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains("is 101 characters long; a name has at most 100 (it names the report folder)"),
            result.err)
    }

    /// `trace` prints a notification's title and body from the scenario: escaped.
    func testTracePrintsScenarioTextEscaped() {
        let text = ScenarioTexts.minimal.replacingOccurrences(
            of: #"userNotification: { schedule: "30 18 * * *" }"#,
            with: #"userNotification: { schedule: "30 18 * * *", title: "T\n::error::X", body: "B\u202Ed" }"#
        )
        .replacingOccurrences(
            of: "strategies: [independent]", with: "strategies: [{ independent: { onEmpty: show_default } }]")
        let result = invoke(["trace", scenario(text), "--device", "1", "--arm", "independent/ios"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertFalse(
            result.out.split(separator: "\n").contains { $0.hasPrefix("::") || $0.contains("\u{202E}") }, result.out)
        XCTAssertTrue(result.out.contains(#"┌ T\n::error::X"#), "the fallback title is shown, escaped: \(result.out)")
        XCTAssertTrue(result.out.contains(#"└ B\u{202E}d"#), result.out)
    }

    /// A time zone with an invisible character is named as such, not answered with a suggestion
    /// that prints as the very text written (issue 28, item 13).
    func testATimeZoneWithANulSaysSoInsteadOfSuggestingItself() {
        let path = scenario(ScenarioTexts.appending(#"timeZone: "UTC\0""#))
        let result = invoke(["validate", path])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.hasPrefix(
                "\(path):12:11: error: timeZone 'UTC\\0' has an invisible character (U+0000) at position 4; "
                    + "an IANA time-zone id is letters, digits and / _ + - . only\n"), result.err)
        XCTAssertFalse(result.err.contains("did you mean"), result.err)
    }

    /// On a long line (one-line JSON) the snippet is a window around the column, with `…` where
    /// it is cut and the caret under the column (issue 28, item 12).
    func testASnippetOnALongLineShowsAWindowAroundTheColumn() {
        let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
        let (text, caret) = Diagnostic.window(line, column: 301)
        XCTAssertTrue(text.hasPrefix("…") && text.hasSuffix("…"), text)
        XCTAssertEqual(Array(text)[caret], "X")
        XCTAssertLessThanOrEqual(text.count, Diagnostic.snippetWidth + 2)
        // Near the start, the line's start, uncut at the left.
        let (start, atStart) = Diagnostic.window(line, column: 5)
        XCTAssertTrue(start.hasPrefix("aaaa") && start.hasSuffix("…"))
        XCTAssertEqual(atStart, 4)
        // A one-line JSON scenario with an unknown key at column 300 or so shows the key and its caret.
        let json =
            #"{"name": "t", "seed": 1, "devices": 2, "days": 3, "start": "2027-01-01", "plugin": {"contentFetch": {"schedule": "25 18 * * *"}, "userNotification": {"schedule": "30 18 * * *"}, "relationship": {"autoLink": true, "contentTimeout": 300000, "fallbackBehavior": "show_default"}}, "platforms": {"ios": {}}, "strategies": ["independent"], "sweeep": []}"#
        let result = invoke(["validate", scenario(json)])
        XCTAssertEqual(result.code, 2)
        let lines = result.err.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].contains("unknown key 'sweeep'"), result.err)
        let column = Array(lines[2]).firstIndex(of: "^")!
        XCTAssertEqual(String(Array(lines[1])[column..<(column + 8)]), "\"sweeep\"", result.err)
    }
}
