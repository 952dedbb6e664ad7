import CYAML
import DNSimCore
import DNSimText

/// The raw input, with the checks libyaml should never see and the line
/// lookups diagnostics need. Line breaks follow libyaml (`LineBreaks`), so
/// its line numbers and these agree.
struct YAMLSourceText {
    let bytes: [UInt8]
    let file: String
    /// Where the text starts: just past a UTF-8 byte order mark, if any.
    let contentStart: Int

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        contentStart = LineBreaks.contentStart(bytes)
    }

    /// Rejects NUL, other C0 controls and malformed UTF-8 as binary data, and
    /// names any other character YAML forbids, all at their exact position.
    func checkIsText() throws(Diagnostic) {
        var index = contentStart
        let end = bytes.count
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                switch lead {
                case 0x09, 0x0A, 0x0D, 0x20...0x7E: index += 1; continue
                case 0x7F: throw forbiddenCharacter(0x7F, at: index)
                default: throw binaryData(at: index)
                }
            }
            let length: Int
            let secondRange: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
            case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE, 0xEF: (length, secondRange) = (3, 0x80...0xBF)
            case 0xED: (length, secondRange) = (3, 0x80...0x9F)  // no UTF-16 surrogates
            case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
            case 0xF4: (length, secondRange) = (4, 0x80...0x8F)  // nothing past U+10FFFF
            default: throw binaryData(at: index)
            }
            guard index + length <= end, secondRange.contains(bytes[index + 1]) else { throw binaryData(at: index) }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { throw binaryData(at: index) }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            // The same set libyaml's reader refuses: C1 controls other than NEL, and U+FFFE / U+FFFF.
            if (0x80...0x9F).contains(scalar) && scalar != 0x85 || scalar == 0xFFFE || scalar == 0xFFFF {
                throw forbiddenCharacter(scalar, at: index)
            }
            index += length
        }
    }

    private func binaryData(at offset: Int) -> Diagnostic {
        let mark = mark(atByteOffset: offset)
        return Diagnostic(
            file: file, mark: mark, message: "not a text file (binary data at byte \(offset))",
            sourceLine: lineText(mark.line))
    }

    private func forbiddenCharacter(_ scalar: UInt32, at offset: Int) -> Diagnostic {
        let mark = mark(atByteOffset: offset)
        let hex = String(scalar, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return Diagnostic(
            file: file, mark: mark, message: "the character U+\(code) is not allowed in YAML",
            sourceLine: lineText(mark.line))
    }

    /// The text of a 1-based line without its break, or nil past the end.
    func lineText(_ line: Int) -> String? {
        var found: Range<Int>?
        forEachLine { number, range in
            if number == line { found = range }
            return number < line
        }
        return found.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The 1-based mark of a byte offset, counting columns in characters as libyaml does.
    func mark(atByteOffset offset: Int) -> SourceMark {
        var mark = SourceMark(line: 1, column: 1)
        forEachLine { number, range in
            guard offset > range.upperBound, range.upperBound < bytes.count else {
                let start = range.lowerBound
                let stop = min(max(offset, start), range.upperBound)
                // Count characters, not bytes: skip UTF-8 continuation bytes.
                let characters = bytes[start..<stop].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                mark = SourceMark(line: number, column: characters + 1)
                return false
            }
            return true
        }
        return mark
    }

    /// Just past the last character that is not white space, or 1:1 for blank text.
    func endOfContentMark() -> SourceMark {
        var mark = SourceMark(line: 1, column: 1)
        forEachLine { number, range in
            let scalars = String(decoding: bytes[range], as: UTF8.self).unicodeScalars
            if let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) {
                mark = SourceMark(line: number, column: scalars.distance(from: scalars.startIndex, to: last) + 2)
            }
            return true
        }
        return mark
    }

    /// Calls `body` with each 1-based line number and its byte range (break
    /// excluded) until `body` returns false.
    private func forEachLine(_ body: (Int, Range<Int>) -> Bool) {
        LineBreaks.forEachLine(bytes, body)
    }
}
