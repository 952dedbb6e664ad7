import DNSimText
import XCTest

/// Lines split as libyaml splits them.
final class LineBreaksTests: XCTestCase {
    private func lines(_ bytes: [UInt8]) -> [String] {
        LineBreaks.lineRanges(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    private func lines(_ text: String) -> [String] { lines(Array(text.utf8)) }

    func testEveryBreakYAMLKnows() {
        XCTAssertEqual(lines("a\nb"), ["a", "b"])
        XCTAssertEqual(lines("a\r\nb"), ["a", "b"], "CRLF is one break")
        XCTAssertEqual(lines("a\rb"), ["a", "b"], "a lone CR is a break")
        XCTAssertEqual(lines("a\r\rb"), ["a", "", "b"])
        XCTAssertEqual(lines("a\r\r\nb"), ["a", "", "b"], "CR then CRLF")
        XCTAssertEqual(lines("a\n\rb"), ["a", "", "b"], "LF then CR is two breaks")
        XCTAssertEqual(lines("a\u{85}b\u{2028}c\u{2029}d"), ["a", "b", "c", "d"], "NEL, LS and PS")
        XCTAssertEqual(
            lines("a\u{2027}b\u{84}c\u{202A}d"), ["a\u{2027}b\u{84}c\u{202A}d"], "their neighbours are not breaks")
        XCTAssertEqual(lines("a\u{000B}b\u{000C}c"), ["a\u{000B}b\u{000C}c"], "VT and FF are not YAML breaks")
    }

    func testEndsAndByteOrderMark() {
        XCTAssertEqual(lines(""), [""])
        XCTAssertEqual(lines("a\n"), ["a", ""], "a final break leaves an empty last line")
        XCTAssertEqual(lines("\r\n"), ["", ""])
        XCTAssertEqual(
            lines([0xEF, 0xBB, 0xBF, 0x61, 0x0A, 0x62]), ["a", "b"], "the byte order mark is not on line 1")
        XCTAssertEqual(LineBreaks.contentStart([0xEF, 0xBB, 0xBF]), 3)
        XCTAssertEqual(LineBreaks.contentStart([0xEF, 0xBB]), 0)
        // A break's first bytes cut off at the end of the input are not a break.
        XCTAssertEqual(LineBreaks.lineRanges([0x61, 0xE2, 0x80]), [0..<3])
        XCTAssertEqual(LineBreaks.lineRanges([0x61, 0xC2]), [0..<2])
        XCTAssertEqual(LineBreaks.length([0x0D], at: 0), 1)
        XCTAssertEqual(LineBreaks.length([0x0D, 0x0A], at: 0), 2)
        XCTAssertEqual(LineBreaks.length([0xE2, 0x80, 0xA9], at: 0), 3)
        XCTAssertEqual(LineBreaks.length([0xE2, 0x80, 0xA9], at: 1), 0)
    }

    func testForEachLineNumbersFromOneAndStopsWhenAsked() {
        var seen: [(Int, Range<Int>)] = []
        LineBreaks.forEachLine(Array("ab\ncd\r\nef".utf8)) { number, range in
            seen.append((number, range))
            return number < 2
        }
        XCTAssertEqual(seen.map(\.0), [1, 2])
        XCTAssertEqual(seen.map(\.1), [0..<2, 3..<5])
    }
}
