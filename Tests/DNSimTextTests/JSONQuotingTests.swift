import DNSimText
import Foundation
import XCTest

/// One quoting rule for JSON strings and YAML double-quoted scalars.
final class JSONQuotingTests: XCTestCase {
    func testEscapes() {
        XCTAssertEqual(JSONQuoting.quoted(""), "\"\"")
        XCTAssertEqual(JSONQuoting.quoted("plain é ✓ 🙂"), "\"plain é ✓ 🙂\"")
        XCTAssertEqual(JSONQuoting.quoted("say \"hi\" \\ there"), "\"say \\\"hi\\\" \\\\ there\"")
        XCTAssertEqual(JSONQuoting.quoted("a\nb\rc\td"), "\"a\\nb\\rc\\td\"")
        XCTAssertEqual(JSONQuoting.quoted("crlf\r\n"), "\"crlf\\r\\n\"", "CRLF is two scalars, each escaped")
        XCTAssertEqual(
            JSONQuoting.quoted("\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}"), "\"\\u0000\\u0001\\u0008\\u000b\\u000c\\u001f\"")
        XCTAssertEqual(
            JSONQuoting.quoted("\u{7F}\u{80}\u{85}\u{9F}\u{A0}"), "\"\\u007f\\u0080\\u0085\\u009f\u{A0}\"",
            "DEL and C1 escaped, NBSP not")
        XCTAssertEqual(
            JSONQuoting.quoted("\u{2028}\u{2029}"), "\"\u{2028}\u{2029}\"",
            "line and paragraph separators as themselves")
        XCTAssertEqual(JSONQuoting.quoted("/"), "\"/\"", "the solidus needs no escape")
    }

    /// Every scalar of the first planes (and a few astral ones) reads back
    /// unchanged through Foundation's JSON parser.
    func testEveryScalarReadsBackAsJSON() throws {
        var scalars = String.UnicodeScalarView()
        for value in UInt32(0)...0x3100 { if let scalar = Unicode.Scalar(value) { scalars.append(scalar) } }
        for value: UInt32 in [0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x1F642, 0x10FFFF] {
            scalars.append(Unicode.Scalar(value)!)
        }
        let text = String(scalars)
        let json = "[" + JSONQuoting.quoted(text) + "]"
        let read = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        XCTAssertEqual(read?.first?.unicodeScalars.elementsEqual(text.unicodeScalars), true)
        // Nothing below U+0020, nor DEL or C1, is written as itself.
        XCTAssertFalse(json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
