import DNSimCore

/// The lines of a source text, split where libyaml breaks lines (LF, CRLF, CR,
/// NEL, LS, PS), so that a line number from a `SourceMark` finds its text.
///
/// Splitting on the `Character` "\n" is not enough: "\r\n" is one grapheme
/// cluster, so a CRLF file would read as a single line.
struct SourceLines {
    /// Each line's UTF-8 byte range in `bytes`, its break excluded.
    private let ranges: [Range<Int>]
    private let bytes: [UInt8]

    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not part of line 1 (libyaml skips it too).
        let contentStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var ranges: [Range<Int>] = []
        var index = contentStart
        var lineStart = contentStart
        let end = bytes.count
        while index < end {
            let breakLength = Self.lineBreakLength(bytes, at: index)
            if breakLength == 0 {
                index += 1
                continue
            }
            ranges.append(lineStart..<index)
            index += breakLength
            lineStart = index
        }
        ranges.append(lineStart..<end)
        self.ranges = ranges
    }

    var count: Int { ranges.count }

    /// The text of 1-based line `number`, without its break; nil past the end.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= ranges.count else { return nil }
        return String(decoding: bytes[ranges[number - 1]], as: UTF8.self)
    }

    /// Every line, in order.
    var all: [String] { ranges.map { String(decoding: bytes[$0], as: UTF8.self) } }

    private static func lineBreakLength(_ bytes: [UInt8], at index: Int) -> Int {
        let end = bytes.count
        switch bytes[index] {
        case 0x0A:
            return 1
        case 0x0D:
            return index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2 where index + 1 < end && bytes[index + 1] == 0x85:
            return 2
        case 0xE2 where index + 2 < end && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
            return 3
        default:
            return 0
        }
    }
}
