import DNSimCore
import DNSimText

/// A JSON value with where each part starts in its file, so a message can
/// point at the line and column of a key or value.
public indirect enum PositionedJSON: Sendable {
    case object([Member], SourceMark)
    case array([PositionedJSON], SourceMark)
    case string(String, SourceMark)
    /// The number's literal text, as written.
    case number(String, SourceMark)
    case bool(Bool, SourceMark)
    case null(SourceMark)

    public struct Member: Sendable {
        public var key: String
        public var keyMark: SourceMark
        public var value: PositionedJSON
    }

    public var mark: SourceMark {
        switch self {
        case .object(_, let mark), .array(_, let mark), .string(_, let mark), .number(_, let mark), .bool(_, let mark),
            .null(let mark):
            return mark
        }
    }

    /// The member `key` of an object.
    public subscript(key: String) -> PositionedJSON? {
        guard case .object(let members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// A strict JSON reader (RFC 8259) that says where a document goes wrong:
/// `file:line:col: error: what`, like every other input the tool reads. YAML
/// would accept much that is not JSON (a trailing comma, a bare word), so the
/// app's configuration is read as JSON proper. The reading itself is DNSimText's
/// `JSONTextReader`, which `fit` shares; this gives its values and errors the scenario's marks.
public enum JSONReader {
    /// Nesting deeper than this is refused rather than recursed into.
    public static let maxDepth = JSONTextReader.maxDepth

    public static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> PositionedJSON {
        do {
            return positioned(try JSONTextReader.parse(bytes))
        } catch {
            let mark = error.position.map { SourceMark(line: $0.line, column: $0.column) }
            throw Diagnostic(
                file: file, mark: mark, message: error.message,
                sourceLine: mark.flatMap { sourceLine($0.line, of: bytes) })
        }
    }

    static func positioned(_ value: JSONText) -> PositionedJSON {
        func mark(_ p: TextPosition) -> SourceMark { SourceMark(line: p.line, column: p.column) }
        switch value {
        case .object(let members, let p):
            return .object(
                members.map {
                    PositionedJSON.Member(key: $0.key, keyMark: mark($0.keyPosition), value: positioned($0.value))
                }, mark(p))
        case .array(let items, let p): return .array(items.map(positioned), mark(p))
        case .string(let s, let p): return .string(s, mark(p))
        case .number(let n, let p): return .number(n, mark(p))
        case .bool(let b, let p): return .bool(b, mark(p))
        case .null(let p): return .null(mark(p))
        }
    }

    static func sourceLine(_ number: Int, of bytes: [UInt8]) -> String? {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst(number - 1).first.map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
    }
}
