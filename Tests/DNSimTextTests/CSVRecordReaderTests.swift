import DNSimText
import XCTest

/// RFC 4180 records: quotes, line ends of every kind, line numbers, problems.
final class CSVRecordReaderTests: XCTestCase {
    private enum Read: Equatable {
        case row(Int, [String])
        case problem(Int, fatal: Bool)
    }

    private func read(_ text: String, trimsBlanks: Bool = false) -> [Read] {
        var bytes = Array(text.utf8)
        return read(&bytes, trimsBlanks: trimsBlanks)
    }

    private func read(_ bytes: inout [UInt8], trimsBlanks: Bool) -> [Read] {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVRecordReader(buffer, trimsBlanks: trimsBlanks)
            var fields: [CSVRecordReader.Field] = []
            var rows: [Read] = []
            while true {
                switch reader.next(into: &fields) {
                case .end: return rows
                case .fields(let line): rows.append(.row(line, fields.map { reader.text($0) }))
                case .problem(let line, _, let fatal): rows.append(.problem(line, fatal: fatal))
                }
            }
        }
    }

    func testLineEnds() {
        let expected: [Read] = [.row(1, ["a", "b"]), .row(2, ["c", "d"])]
        XCTAssertEqual(read("a,b\nc,d\n"), expected)
        XCTAssertEqual(read("a,b\r\nc,d\r\n"), expected)
        XCTAssertEqual(read("a,b\rc,d\r"), expected, "a lone CR ends a record")
        XCTAssertEqual(read("a,b\nc,d"), expected, "no final line end")
        XCTAssertEqual(
            read("a,b\n\n\r\n\rc,d"), [.row(1, ["a", "b"]), .row(5, ["c", "d"])], "blank lines skipped, still counted")
        XCTAssertEqual(read(""), [])
    }

    func testQuotedFields() {
        XCTAssertEqual(read("\"a,b\",\"say \"\"hi\"\"\",\"\"\n"), [.row(1, ["a,b", "say \"hi\"", ""])])
        XCTAssertEqual(
            read("\"two\r\nlines\",x\n\"and\rcr\",y\nz,w"),
            [.row(1, ["two\r\nlines", "x"]), .row(3, ["and\rcr", "y"]), .row(5, ["z", "w"])],
            "a line break inside quotes is data, and the next record's line counts it")
        XCTAssertEqual(read("\"\"\n"), [.row(1, [""])], "an empty quoted field is a record, not a blank line")
        XCTAssertEqual(read("a,\n,b\n"), [.row(1, ["a", ""]), .row(2, ["", "b"])])
        XCTAssertEqual(read("a\"b,c\n"), [.row(1, ["a\"b", "c"])], "a quote inside an unquoted field is data")
        XCTAssertEqual(read("\"\"\"\"\n"), [.row(1, ["\""])])
    }

    func testBlanksKeptOrTrimmed() {
        XCTAssertEqual(
            read(" a , \"b\" \n"), [.row(1, [" a ", " \"b\" "])], "a quote after a space is data, not a quoted field")
        XCTAssertEqual(read(" a ,b \n"), [.row(1, [" a ", "b "])], "RFC 4180: spaces are part of a field")
        XCTAssertEqual(read(" a ,\t\"b\" \n", trimsBlanks: true), [.row(1, ["a", "b"])])
        XCTAssertEqual(
            read("  \n\t\nx\n", trimsBlanks: true), [.row(3, ["x"])], "lines of blanks are blank when trimming")
        XCTAssertEqual(read("  \nx\n"), [.row(1, ["  "]), .row(2, ["x"])], "and a field of spaces when not")
    }

    func testProblems() {
        XCTAssertEqual(
            read("a\n\"open,b\nc\n"), [.row(1, ["a"]), .problem(2, fatal: true)], "an unclosed quote ends the file")
        XCTAssertEqual(
            read("\"a\"b,c\nd\n"), [.problem(1, fatal: false), .row(2, ["d"])],
            "text after a closing quote skips the record")
        XCTAssertEqual(
            read("\"a\" ,c\n"), [.problem(1, fatal: false)], "a space after the closing quote too, unless trimming")
        XCTAssertEqual(read("\"a\" ,c\n", trimsBlanks: true), [.row(1, ["a", "c"])])
    }

    func testByteOrderMarkAndFieldBytes() {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("arm,x\n".utf8)
        XCTAssertEqual(read(&bytes, trimsBlanks: false), [.row(1, ["arm", "x"])])
        let quoted = Array("\"a\"\"b\"".utf8)
        quoted.withUnsafeBufferPointer { buffer in
            var reader = CSVRecordReader(buffer, trimsBlanks: false)
            var fields: [CSVRecordReader.Field] = []
            XCTAssertEqual(reader.next(into: &fields), .fields(line: 1))
            XCTAssertTrue(fields[0].escaped)
            XCTAssertEqual(Array(reader.bytes(fields[0])), Array("a\"\"b".utf8), "bytes are raw; text unescapes")
            XCTAssertEqual(reader.text(fields[0]), "a\"b")
        }
    }
}
