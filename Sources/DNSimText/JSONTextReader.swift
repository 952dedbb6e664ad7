/// A strict JSON reader (RFC 8259) that says where a document goes wrong, by line and column:
/// the scenario's JSON inputs (`init`'s configuration, a `fit:` file) and `fit`'s FCM export
/// are read with it. YAML would accept much that is not JSON (a trailing comma, a bare word).
public enum JSONTextReader {
    /// Nesting deeper than this is refused rather than recursed into.
    public static let maxDepth = 200

    public static func parse(_ bytes: [UInt8]) throws(JSONTextError) -> JSONText {
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var column = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        var mark: TextPosition { TextPosition(line: line, column: column) }

        mutating func document() throws(JSONTextError) -> JSONText {
            guard String(validating: bytes[index...], as: UTF8.self) != nil else {
                throw JSONTextError(position: nil, message: "the file is not UTF-8 text")
            }
            skipSpace()
            guard index < bytes.count else { throw failure("the file is empty; expected a JSON object") }
            let value = try self.value(depth: 0)
            skipSpace()
            if index < bytes.count { throw failure("unexpected \(found) after the JSON value") }
            return value
        }

        mutating func value(depth: Int) throws(JSONTextError) -> JSONText {
            guard depth < JSONTextReader.maxDepth else {
                throw failure("nesting deeper than \(JSONTextReader.maxDepth) levels")
            }
            guard let byte = peek else { throw failure("unexpected end of file; expected a value") }
            let start = mark
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string(), start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(), start)
            default:
                let word = self.word()
                switch word {
                case "true": return .bool(true, start)
                case "false": return .bool(false, start)
                case "null": return .null(start)
                case "": throw failure("expected a value, found \(found)")
                default:
                    throw JSONTextError(
                        position: start,
                        message: "unexpected '\(word.prefix(40))': JSON's words are true, false and null, "
                            + "and strings are in double quotes")
                }
            }
        }

        mutating func object(depth: Int) throws(JSONTextError) -> JSONText {
            let start = mark
            advance()  // {
            var members: [JSONText.Member] = []
            skipSpace()
            if peek == UInt8(ascii: "}") {
                advance()
                return .object(members, start)
            }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else {
                    if peek == UInt8(ascii: "}"), !members.isEmpty {
                        throw failure("a trailing comma before '}' is not JSON")
                    }
                    throw failure("expected a key in double quotes, found \(found)")
                }
                let keyMark = mark
                let key = try string()
                if members.contains(where: { $0.key == key }) {
                    throw JSONTextError(position: keyMark, message: "duplicate key \"\(key.prefix(40))\"")
                }
                skipSpace()
                guard peek == UInt8(ascii: ":") else {
                    throw failure("expected ':' after the key \"\(key.prefix(40))\", found \(found)")
                }
                advance()
                skipSpace()
                members.append(JSONText.Member(key: key, keyPosition: keyMark, value: try value(depth: depth + 1)))
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): advance()
                case UInt8(ascii: "}"):
                    advance()
                    return .object(members, start)
                default: throw failure("expected ',' or '}' after the value of \"\(key.prefix(40))\", found \(found)")
                }
            }
        }

        mutating func array(depth: Int) throws(JSONTextError) -> JSONText {
            let start = mark
            advance()  // [
            var items: [JSONText] = []
            skipSpace()
            if peek == UInt8(ascii: "]") {
                advance()
                return .array(items, start)
            }
            while true {
                skipSpace()
                if peek == UInt8(ascii: "]"), !items.isEmpty {
                    throw failure("a trailing comma before ']' is not JSON")
                }
                items.append(try value(depth: depth + 1))
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): advance()
                case UInt8(ascii: "]"):
                    advance()
                    return .array(items, start)
                default: throw failure("expected ',' or ']' after an array item, found \(found)")
                }
            }
        }

        mutating func string() throws(JSONTextError) -> String {
            advance()  // "
            var scalars = String.UnicodeScalarView()
            var pending: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars)
                pending.removeAll()
            }
            while true {
                guard let byte = peek else {
                    throw failure("unexpected end of file in a string (a closing '\"' is missing)")
                }
                if byte == UInt8(ascii: "\"") {
                    advance()
                    flush()
                    return String(scalars)
                }
                if byte < 0x20 {
                    throw failure(
                        byte == 0x0A
                            ? "a string runs past the end of its line (a closing '\"' is missing, or write \\n)"
                            : "control character U+\(hex4(UInt32(byte))) in a string; escape it")
                }
                guard byte == UInt8(ascii: "\\") else {
                    pending.append(byte)
                    advance()
                    continue
                }
                flush()
                let escapeMark = mark
                advance()
                guard let code = peek else { throw failure("unexpected end of file in a string") }
                advance()
                switch code {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var value = try hexQuad(escapeMark)
                    if (0xD800...0xDBFF).contains(value) {
                        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw JSONTextError(
                                position: escapeMark, message: "a lone surrogate \\u\(hex4(value)) in a string")
                        }
                        advance()
                        advance()
                        let low = try hexQuad(escapeMark)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw JSONTextError(
                                position: escapeMark, message: "a lone surrogate \\u\(hex4(value)) in a string")
                        }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(value) else {
                        throw JSONTextError(
                            position: escapeMark, message: "a lone surrogate \\u\(hex4(value)) in a string")
                    }
                    scalars.append(scalar)
                default:
                    throw JSONTextError(
                        position: escapeMark,
                        message: "invalid escape '\\\(Character(Unicode.Scalar(code)))' in a string")
                }
            }
        }

        mutating func hexQuad(_ escapeMark: TextPosition) throws(JSONTextError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                    throw JSONTextError(position: escapeMark, message: "\\u takes four hexadecimal digits")
                }
                value = value * 16 + UInt32(digit)
                advance()
            }
            return value
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() throws(JSONTextError) -> String {
            let start = mark
            let from = index
            func digits() -> Int {
                var count = 0
                while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    advance()
                    count += 1
                }
                return count
            }
            if peek == UInt8(ascii: "-") { advance() }
            let integerStart = index
            let integerDigits = digits()
            var valid = integerDigits > 0 && !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0"))
            if peek == UInt8(ascii: ".") {
                advance()
                valid = valid && digits() > 0
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                advance()
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
                valid = valid && digits() > 0
            }
            // A number runs to the next delimiter; anything glued on makes it invalid.
            while let byte = peek, !" \t\r\n,]}".utf8.contains(byte) {
                advance()
                valid = false
            }
            let text = String(decoding: bytes[from..<index], as: UTF8.self)
            guard valid else {
                throw JSONTextError(position: start, message: "invalid number '\(text.prefix(40))'")
            }
            return text
        }

        mutating func word() -> String {
            let from = index
            while let byte = peek,
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
            { advance() }
            return String(decoding: bytes[from..<index], as: UTF8.self)
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func advance() {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // one column per character, not per UTF-8 byte
            }
        }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
        }

        /// What is at the current position, for messages.
        var found: String {
            guard let byte = peek else { return "the end of the file" }
            if byte == 0x0A || byte == 0x0D { return "the end of the line" }
            let rest = String(decoding: bytes[index..<min(bytes.count, index + 4)], as: UTF8.self)
            return "'\(rest.first.map(String.init) ?? "?")'"
        }

        func failure(_ message: String) -> JSONTextError {
            JSONTextError(position: mark, message: message)
        }

        func hex4(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }
}
