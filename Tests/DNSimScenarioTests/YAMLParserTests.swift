import DNSimScenario
import XCTest

/// Over 400 lines: one case per YAML feature and per hostile input the
/// front end must answer with a diagnostic, kept beside each other.
final class YAMLParserTests: XCTestCase {
    // MARK: - Helpers

    private func parse(_ text: String, limits: YAMLLimits = .default, line: UInt = #line) throws -> YAMLNode {
        guard let node = try YAMLParser.parse(text, file: "t.yaml", limits: limits) else {
            XCTFail("expected a document", line: line)
            throw Diagnostic(file: "t.yaml", mark: nil, message: "no document")
        }
        return node
    }

    /// The diagnostic `text` fails with; fails the test if it parses.
    private func failure(_ text: String, limits: YAMLLimits = .default, line: UInt = #line) -> Diagnostic? {
        failure(Array(text.utf8), limits: limits, line: line)
    }

    private func failure(_ bytes: [UInt8], limits: YAMLLimits = .default, line: UInt = #line) -> Diagnostic? {
        do {
            _ = try YAMLParser.parse(bytes, file: "t.yaml", limits: limits)
            XCTFail("expected a diagnostic", line: line)
            return nil
        } catch {
            return error
        }
    }

    private func mark(_ node: YAMLNode?) -> String {
        node.map { $0.mark.description } ?? "missing"
    }

    // MARK: - Empty input

    func testEmptyInputsReturnNil() throws {
        XCTAssertNil(try YAMLParser.parse([UInt8](), file: "t.yaml"))
        XCTAssertNil(try YAMLParser.parse("   \n\n", file: "t.yaml"))
        XCTAssertNil(try YAMLParser.parse("# only a comment\n", file: "t.yaml"))
        XCTAssertNil(try YAMLParser.parse("---\n", file: "t.yaml"))
        // An explicit null is content, not an empty document.
        XCTAssertEqual(try YAMLParser.parse("~", file: "t.yaml")?.isNull, true)
    }

    // MARK: - Marks

    func testMarksAreOneBasedForNestedKeys() throws {
        let root = try parse(
            """
            root:
              child:
                leaf: 42
              list:
                - x
                - key: v
            """)
        XCTAssertEqual(mark(root), "1:1")
        XCTAssertEqual(root.mapping?.first.map { $0.key.mark.description }, "1:1")
        let rootValue = root.value(forKey: "root")
        XCTAssertEqual(mark(rootValue), "2:3")
        let leaf = rootValue?.value(forKey: "child")?.value(forKey: "leaf")
        XCTAssertEqual(leaf?.scalar, "42")
        XCTAssertEqual(mark(leaf), "3:11")
        let list = rootValue?.value(forKey: "list")
        XCTAssertEqual(mark(list), "5:5")
        XCTAssertEqual(mark(list?.sequence?[0]), "5:7")
        let item = list?.sequence?[1]
        XCTAssertEqual(mark(item), "6:7")
        XCTAssertEqual(item?.mapping?.first.map { $0.key.mark.description }, "6:7")
        XCTAssertEqual(mark(item?.value(forKey: "key")), "6:12")
    }

    func testMarksInFlowMapping() throws {
        let root = try parse("{ a: 1, b: [1, 2] }")
        XCTAssertEqual(mark(root), "1:1")
        let keys = root.mapping?.map { "\($0.key.scalar ?? "?")@\($0.key.mark)" }
        XCTAssertEqual(keys, ["a@1:3", "b@1:9"])
        XCTAssertEqual(mark(root.value(forKey: "a")), "1:6")
        let list = root.value(forKey: "b")
        XCTAssertEqual(mark(list), "1:12")
        XCTAssertEqual(list?.sequence?.map(\.mark.description), ["1:13", "1:16"])
        XCTAssertEqual(list?.sequence?.compactMap(\.scalar), ["1", "2"])
    }

    func testMarksInJSONInput() throws {
        let root = try parse(
            """
            {
              "name": "x",
              "n": [1, 2.5, true, null]
            }
            """)
        let name = root.mapping?.first
        XCTAssertEqual(name?.key.scalar, "name")
        XCTAssertEqual(name?.key.mark.description, "2:3")
        XCTAssertEqual(name?.key.isQuoted, true)
        XCTAssertEqual(mark(name?.value), "2:11")
        let numbers = root.value(forKey: "n")
        XCTAssertEqual(mark(numbers), "3:8")
        XCTAssertEqual(numbers?.sequence?.map(\.mark.description), ["3:9", "3:12", "3:17", "3:23"])
        XCTAssertEqual(numbers?.sequence?.map(\.isQuoted), [false, false, false, false])
        XCTAssertEqual(numbers?.sequence?.last?.isNull, true)
    }

    func testTabIndentedJSONParses() throws {
        let root = try parse("{\n\t\"a\": [\n\t\t1\n\t]\n}\n")
        XCTAssertEqual(mark(root.value(forKey: "a")?.sequence?.first), "3:3")
    }

    func testMarksWithCRLFAndByteOrderMark() throws {
        let root = try parse("\u{FEFF}a: 1\r\nb: 2\r\n")
        XCTAssertEqual(root.mapping?.map(\.key.mark.description), ["1:1", "2:1"])
        let duplicate = failure("\u{FEFF}a: 1\r\na: 2\r\n")
        XCTAssertEqual(duplicate?.description, "t.yaml:2:1: error: duplicate key 'a' (first at line 1)")
        XCTAssertEqual(duplicate?.sourceLine, "a: 2")
    }

    // MARK: - Scalars

    func testQuotedAndPlainScalars() throws {
        let root = try parse(
            """
            a: "1"
            b: 1
            c: 'yes'
            d: yes
            e: |
              1

            """)
        let quoted = root.mapping?.map { "\($0.key.scalar ?? "?")=\($0.value.isQuoted)" }
        XCTAssertEqual(quoted, ["a=true", "b=false", "c=true", "d=false", "e=true"])
        XCTAssertEqual(root.value(forKey: "a")?.scalar, "1")
        XCTAssertEqual(root.value(forKey: "c")?.scalar, "yes")
        XCTAssertEqual(root.value(forKey: "e")?.scalar, "1\n")
    }

    func testNullDetection() throws {
        let root = try parse(
            """
            a:
            b: ~
            c: null
            d: Null
            e: NULL
            f: "null"
            g: nil
            h: !!str ~
            i: ''
            j: !!null ~
            """)
        let nulls = root.mapping?.filter(\.value.isNull).compactMap(\.key.scalar)
        XCTAssertEqual(nulls, ["a", "b", "c", "d", "e", "j"])
        XCTAssertEqual(root.value(forKey: "a")?.typeName, "a scalar")
    }

    func testTagsAreKept() throws {
        let root = try parse("a: !!str 1\nb: !custom x\nc: 3\nd: !!map {}\n")
        XCTAssertEqual(root.value(forKey: "a")?.tag, "tag:yaml.org,2002:str")
        XCTAssertEqual(root.value(forKey: "b")?.tag, "!custom")
        XCTAssertNil(root.value(forKey: "c")?.tag)
        XCTAssertEqual(root.value(forKey: "d")?.tag, "tag:yaml.org,2002:map")
    }

    func testConvenienceAccessors() throws {
        let root = try parse("m: {k: v}\ns: [1]\nx: y\n")
        XCTAssertEqual(root.typeName, "a mapping")
        XCTAssertEqual(root.value(forKey: "s")?.typeName, "a list")
        XCTAssertEqual(root.value(forKey: "s")?.sequence?.count, 1)
        XCTAssertNil(root.value(forKey: "x")?.mapping)
        XCTAssertNil(root.value(forKey: "x")?.value(forKey: "k"))
        XCTAssertNil(root.value(forKey: "missing"))
        XCTAssertNil(root.scalar)
    }

    // MARK: - Keys

    func testDuplicateKeyNamesBothLines() {
        let error = failure("name: x\nseed: 1\nother: 2\nseed: 3\n")
        XCTAssertEqual(error?.description, "t.yaml:4:1: error: duplicate key 'seed' (first at line 2)")
    }

    func testDuplicateKeyQuotedAndPlainAndInFlowMapping() {
        XCTAssertEqual(
            failure("\"a\": 1\na: 2\n")?.description,
            "t.yaml:2:1: error: duplicate key 'a' (first at line 1)")
        XCTAssertEqual(
            failure("outer:\n  inner: {x: 1, y: 2, x: 3}\n")?.description,
            "t.yaml:2:23: error: duplicate key 'x' (first at line 2)")
    }

    func testNonScalarKeysAreRejected() {
        XCTAssertEqual(failure("[a]: 1")?.description, "t.yaml:1:1: error: a mapping key must be a scalar, not a list")
        XCTAssertEqual(
            failure("x: 1\n? {a: 1}\n: 2\n")?.description,
            "t.yaml:2:3: error: a mapping key must be a scalar, not a mapping")
        XCTAssertEqual(
            failure("base: &b [1]\n*b : 2\n")?.description,
            "t.yaml:2:1: error: a mapping key must be a scalar, not a list")
    }

    // MARK: - Aliases and merges

    func testSmallAliasIsExpanded() throws {
        let root = try parse(
            """
            defaults: &d
              rate: 5
              tags: [a, b]
            first: *d
            name: &n hello
            again: *n
            """)
        let defaults = try XCTUnwrap(root.value(forKey: "defaults"))
        XCTAssertEqual(root.value(forKey: "first"), defaults)
        XCTAssertEqual(root.value(forKey: "first")?.value(forKey: "tags")?.sequence?.compactMap(\.scalar), ["a", "b"])
        XCTAssertEqual(root.value(forKey: "again")?.scalar, "hello")
    }

    func testAnchorCanBeRedefined() throws {
        let root = try parse("a: &x 1\nb: *x\nc: &x 2\nd: *x\n")
        XCTAssertEqual(root.value(forKey: "b")?.scalar, "1")
        XCTAssertEqual(root.value(forKey: "d")?.scalar, "2")
    }

    func testUnknownAndRecursiveAliasesAreRejected() {
        XCTAssertEqual(
            failure("a: 1\nb: *nope\n")?.description,
            "t.yaml:2:4: error: unknown alias '*nope' (no '&nope' appears before it)")
        XCTAssertEqual(
            failure("a: &x [1, *x]\n")?.description,
            "t.yaml:1:11: error: alias '*x' refers to a node that contains it")
    }

    func testMergeKeyExplicitKeysWin() throws {
        let root = try parse(
            """
            base: &base
              rate: 5
              size: 1
            job:
              rate: 7
              <<: *base
              name: j
            """)
        let job = try XCTUnwrap(root.value(forKey: "job"))
        XCTAssertEqual(job.mapping?.compactMap(\.key.scalar), ["rate", "size", "name"])
        XCTAssertEqual(job.value(forKey: "rate")?.scalar, "7")
        XCTAssertEqual(job.value(forKey: "size")?.scalar, "1")
        // Merged entries keep the marks of the text they came from.
        XCTAssertEqual(mark(job.value(forKey: "size")), "3:9")
    }

    func testMergeKeyWithListEarlierMappingWins() throws {
        let root = try parse(
            """
            a: &a {x: 1, y: 1}
            b: &b {y: 2, z: 2}
            c:
              <<: [*a, *b]
              z: 3
            """)
        let merged = root.value(forKey: "c")?.mapping?.map { "\($0.key.scalar ?? "?")=\($0.value.scalar ?? "?")" }
        XCTAssertEqual(merged, ["x=1", "y=1", "z=3"])
    }

    func testMergeKeyRejectsScalarsAndQuotedKeyIsOrdinary() throws {
        XCTAssertEqual(
            failure("a: 1\n<<: 1\n")?.description,
            "t.yaml:2:5: error: a merge key '<<' takes a mapping or a list of mappings, not a scalar")
        XCTAssertEqual(
            failure("m: &m {a: 1}\nc:\n  <<: [*m, 2]\n")?.description,
            "t.yaml:3:12: error: a merge key '<<' takes a mapping or a list of mappings, not a list holding a scalar")
        let root = try parse("\"<<\": 1\n")
        XCTAssertEqual(root.value(forKey: "<<")?.scalar, "1")
    }

    func testBillionLaughsFailsFastWithNodeLimit() {
        var lines = ["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ",")
            lines.append("\(name): &\(name) [\(aliases)]")
        }
        // The node limit bounds the work by construction; the line shows where it stopped.
        let error = failure(lines.joined(separator: "\n"))
        XCTAssertEqual(error?.message, "the document expands to more than 1000000 nodes (alias bomb?)")
        XCTAssertEqual(error?.mark?.line, 7, "stops at the first level that crosses the limit")
    }

    func testNodeLimitWithoutAliases() {
        let limits = YAMLLimits(maxNodes: 5)
        XCTAssertEqual(
            failure("[1, 2, 3, 4, 5]", limits: limits)?.description,
            "t.yaml:1:14: error: the document has more than 5 nodes")
    }

    // MARK: - Depth

    func testDeepFlowNestingFailsCleanly() {
        let error = failure(String(repeating: "[", count: 10_000))
        XCTAssertEqual(error?.description, "t.yaml:1:101: error: the document nests more than 100 levels deep")
    }

    func testDeepBlockNestingFailsCleanly() {
        let error = failure(String(repeating: "- ", count: 200) + "x")
        XCTAssertEqual(error?.description, "t.yaml:1:201: error: the document nests more than 100 levels deep")
    }

    func testAliasCannotExceedDepth() {
        let deep = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        let text =
            "a: &deep \(deep)\nb: \(String(repeating: "[", count: 50))*deep\(String(repeating: "]", count: 50))\n"
        XCTAssertEqual(
            failure(text)?.description,
            "t.yaml:2:54: error: alias '*deep' makes the document nest more than 100 levels deep")
    }

    // MARK: - Input guards

    func testBinaryDataIsRejected() {
        XCTAssertEqual(
            failure([0x61, 0x3A, 0x20, 0x00])?.description,
            "t.yaml:1:4: error: not a text file (binary data at byte 3)")
        XCTAssertEqual(
            failure(Array("a: 1\nb: ".utf8) + [0xFF])?.description,
            "t.yaml:2:4: error: not a text file (binary data at byte 8)")
        // Columns count characters: "é" is one column but two bytes.
        XCTAssertEqual(
            failure(Array("é: ".utf8) + [0x00])?.description,
            "t.yaml:1:4: error: not a text file (binary data at byte 4)")
        // Truncated UTF-8 and encoded surrogates are not text either.
        XCTAssertEqual(failure([0x61, 0xE2, 0x82])?.message, "not a text file (binary data at byte 1)")
        XCTAssertEqual(failure([0xED, 0xA0, 0x80])?.message, "not a text file (binary data at byte 0)")
    }

    func testBinaryOffsetCountsByteOrderMark() {
        XCTAssertEqual(
            failure([0xEF, 0xBB, 0xBF, 0x61, 0x01])?.description,
            "t.yaml:1:2: error: not a text file (binary data at byte 4)")
    }

    func testForbiddenCharacterIsNamed() {
        XCTAssertEqual(
            failure("a: b\u{7F}\n")?.description,
            "t.yaml:1:5: error: the character U+007F is not allowed in YAML")
    }

    func testOversizedInputIsRejected() {
        let error = failure("0123456789a", limits: YAMLLimits(maxBytes: 10))
        XCTAssertEqual(error?.description, "t.yaml: error: the file is too large (11 bytes; the limit is 10 bytes)")
    }

    func testOverlongScalarIsRejected() {
        let error = failure("a: abcdef\n", limits: YAMLLimits(maxScalarLength: 5))
        XCTAssertEqual(error?.description, "t.yaml:1:4: error: a value is too long (6 bytes; the limit is 5 bytes)")
    }

    func testSecondDocumentIsRejected() {
        XCTAssertEqual(
            failure("a: 1\n---\nb: 2\n")?.description,
            "t.yaml:2:1: error: a second YAML document starts here; a file may hold only one")
        XCTAssertNotNil(try YAMLParser.parse("---\na: 1\n...\n", file: "t.yaml"), "one explicit document is fine")
    }

    // MARK: - Syntax errors

    func testUnclosedFlowSequencePointsAtEndOfText() {
        let expected =
            "t.yaml:1:9: error: invalid YAML: did not find expected ',' or ']' "
            + "(while parsing a flow sequence that starts at line 1, column 4)"
        XCTAssertEqual(failure("a: [1, 2")?.description, expected)
        XCTAssertEqual(failure("a: [1, 2\n\n")?.description, expected)
    }

    func testBadIndentationPointsAtOffendingLine() {
        XCTAssertEqual(
            failure("a:\n  b: 1\n c: 2\n")?.description,
            "t.yaml:3:2: error: invalid YAML: did not find expected key "
                + "(while parsing a block mapping that starts at line 1, column 1)")
        XCTAssertEqual(
            failure("a: 1\n  b: 2\n")?.description,
            "t.yaml:2:4: error: invalid YAML: mapping values are not allowed in this context")
    }

    func testUnterminatedQuoteAndBadEscape() {
        XCTAssertEqual(
            failure("key: \"\\q\"")?.description,
            "t.yaml:1:7: error: invalid YAML: found unknown escape character "
                + "(while parsing a quoted scalar that starts at line 1, column 6)")
        XCTAssertEqual(failure("a: 'open\n")?.mark, SourceMark(line: 1, column: 9))
    }

    func testRenderedShowsSourceLineAndCaret() {
        XCTAssertEqual(
            failure("seed: 1\nseed: 2\n")?.rendered,
            "t.yaml:2:1: error: duplicate key 'seed' (first at line 1)\n  seed: 2\n  ^")
        XCTAssertEqual(
            failure("a: b: c\n")?.rendered,
            "t.yaml:1:5: error: invalid YAML: mapping values are not allowed in this context\n  a: b: c\n      ^")
        XCTAssertEqual(
            failure("ключ: [1, 2")?.rendered,
            "t.yaml:1:12: error: invalid YAML: did not find expected ',' or ']' "
                + "(while parsing a flow sequence that starts at line 1, column 7)\n  ключ: [1, 2\n             ^")
    }

    // MARK: - Robustness

    /// Random and mutated inputs must only ever return or throw a well-formed diagnostic.
    func testRandomAndMutatedInputsNeverCrash() {
        let seeds = [
            "a: 1\nb: [1, 2, {c: d}]\ne: &x {f: g}\nh: *x\ni:\n  <<: *x\n  j: 'k'\n",
            "- one\n- two: \"three\"\n  four: |\n    text\n- ? key\n  : value\n",
            "{\"json\": [1, 2.5, true, null, {\"k\": \"v\"}]}",
            "%YAML 1.1\n---\n!!map {a: !!str b}\n...\n",
            "x: &a [*a]\ny: >\n  folded\n",
        ]
        let alphabet = Array("[]{}:,-?&*!|>'\"#%@`\\ \t\n\r~<.0aé".utf8)
        var random = YAMLFuzzGenerator(seed: 0x5EED)
        var outcomes = (returned: 0, threw: 0)
        for round in 0..<3000 {
            var bytes: [UInt8]
            if round % 4 == 0 {
                bytes = (0..<random.next(below: 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                bytes = Array(seeds[random.next(below: seeds.count)].utf8)
                for _ in 0...random.next(below: 6) {
                    let position = random.next(below: bytes.count + 1)
                    switch random.next(below: 4) {
                    case 0 where position < bytes.count: bytes.remove(at: position)
                    case 1: bytes.insert(alphabet[random.next(below: alphabet.count)], at: position)
                    case 2 where position < bytes.count: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                    default: bytes.insert(contentsOf: bytes[position...].prefix(random.next(below: 12)), at: position)
                    }
                }
            }
            // YAML breaks lines at LF, CR and CRLF: at most one line per break byte.
            let lines = bytes.filter { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.count + 1
            do {
                let node = try YAMLParser.parse(bytes, file: "fuzz.yaml")
                outcomes.returned += 1
                XCTAssertEqual(try? YAMLParser.parse(bytes, file: "fuzz.yaml"), node, "parsing is deterministic")
            } catch {
                outcomes.threw += 1
                XCTAssertEqual(error.file, "fuzz.yaml")
                XCTAssertFalse(error.message.isEmpty)
                if let mark = error.mark {
                    XCTAssertTrue(
                        (1...lines + 1).contains(mark.line), "the mark lies in the input: \(error.description)")
                    XCTAssertGreaterThanOrEqual(mark.column, 1, error.description)
                }
            }
        }
        XCTAssertGreaterThan(outcomes.returned, 0, "some mutations stay valid")
        XCTAssertGreaterThan(outcomes.threw, 0, "some mutations break the input")
    }
}

/// A fixed-seed generator so the fuzz test is repeatable.
private struct YAMLFuzzGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }

    mutating func next(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
