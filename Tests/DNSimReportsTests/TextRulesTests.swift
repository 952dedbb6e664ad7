import DNSimAnalysis
import DNSimCore
import DNSimText
import Foundation
import XCTest

@testable import DNSimReports
@testable import DNSimScenario

/// The shared text rules where the layers use them: a quoted YAML scalar
/// written by `init` reads back through libyaml unchanged, and `summary.csv`
/// (a `check` baseline) reads back whatever its writer wrote.
final class TextRulesTests: XCTestCase {
    /// Every scalar up to U+3100 and a few astral ones, through `JSONQuoting`
    /// and back through libyaml. Unescaped, NEL would be folded as a line break
    /// inside the quotes, and the other C1 controls and DEL refused.
    func testQuotedScalarsReadBackThroughLibyaml() throws {
        var scalars = String.UnicodeScalarView()
        for value in UInt32(0)...0x3100 { if let scalar = Unicode.Scalar(value) { scalars.append(scalar) } }
        for value: UInt32 in [0xFEFF, 0xFFFD, 0x1F642, 0x10FFFF] { scalars.append(Unicode.Scalar(value)!) }
        let text = String(scalars)
        let node = try YAMLParser.parse("key: " + JSONQuoting.quoted(text) + "\n", file: "quoted.yaml")
        let read = try XCTUnwrap(node?.mapping?.first?.value.scalar)
        XCTAssertTrue(read.unicodeScalars.elementsEqual(text.unicodeScalars))
        for separator in ["\u{85}", "\u{2028}", "\u{2029}", "\r\n"] {
            let node = try YAMLParser.parse("key: " + JSONQuoting.quoted("a\(separator)b") + "\n", file: "quoted.yaml")
            XCTAssertEqual(node?.mapping?.first?.value.scalar, "a\(separator)b")
        }
    }

    private func table(arms: [String]) -> SummaryTable {
        let columns = SummaryColumns.names.count
        return SummaryTable(
            rows: arms.enumerated().map { index, arm in
                SummaryTable.Row(
                    arm: arm, strategy: "s\(index)", platform: "ios", ciMethod: "wilson", fingerprint: "f\(index)",
                    values: (0..<columns).map {
                        $0 == 1 ? nil : SummaryColumns.all[$0].published(Double(index * 100 + $0) / 1000)
                    })
            })
    }

    func testSummaryCSVReadsBackFieldsWithCommasQuotesAndLineBreaks() throws {
        let written = table(arms: [
            "plain", "with, comma", "say \"hi\"", "two\nlines", "crlf\r\nend", "lone\rcr", " spaced ",
        ])
        let text = SummaryCSV.render(written)
        XCTAssertEqual(try SummaryCSVReader.read(text, file: "summary.csv"), written)
        // The same file with CRLF line ends, as a checkout with autocrlf leaves it.
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(
            try SummaryCSVReader.read(crlf, file: "summary.csv").rows.map(\.strategy), written.rows.map(\.strategy))
        XCTAssertEqual(
            try SummaryCSVReader.read("\u{FEFF}" + text, file: "summary.csv"), written, "a byte order mark is skipped")
    }

    func testSummaryCSVProblemsNameTheirLine() {
        let text = SummaryCSV.render(table(arms: ["a", "b"]))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = "b,short"
        XCTAssertThrowsError(try SummaryCSVReader.read("\n" + lines.joined(separator: "\n"), file: "x.csv")) { error in
            XCTAssertTrue("\(error)".hasPrefix("x.csv:4: error: has 2 fields where the header has"), "\(error)")
        }
        XCTAssertThrowsError(try SummaryCSVReader.read(lines[0] + "\n\"open,b\n", file: "x.csv")) { error in
            XCTAssertEqual("\(error)", "x.csv:2: error: a quoted field opened on this line is never closed")
        }
    }
}
