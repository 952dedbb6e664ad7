/// Line breaks as YAML 1.1 and libyaml define them: LF, CRLF, CR, NEL (U+0085),
/// LS (U+2028) and PS (U+2029), in UTF-8 bytes. The scenario reader's line
/// numbers and libyaml's agree because both split here.
///
/// Splitting a `String` on the `Character` "\n" is not the same: "\r\n" is one
/// grapheme cluster, so a CRLF file would read as a single line.
public enum LineBreaks {
    /// Where the text starts: just past a UTF-8 byte order mark, if any (libyaml skips it too).
    public static func contentStart(_ bytes: [UInt8]) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The length in bytes of the line break starting at `index` (2 for CRLF), or 0.
    @inlinable
    public static func length(_ bytes: [UInt8], at index: Int) -> Int {
        let end = bytes.count
        switch bytes[index] {
        case 0x0A:
            return 1
        case 0x0D:
            return index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2 where index + 1 < end && bytes[index + 1] == 0x85:
            return 2
        case 0xE2
        where index + 2 < end && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
            return 3
        default:
            return 0
        }
    }

    /// Calls `body` with each 1-based line number and its byte range (break
    /// excluded), from the content start, until `body` returns false. There is
    /// always a line: a text ending in a break has an empty last line.
    @inlinable
    public static func forEachLine(_ bytes: [UInt8], _ body: (Int, Range<Int>) -> Bool) {
        let end = bytes.count
        var index = contentStart(bytes)
        var lineStart = index
        var line = 1
        while index < end {
            let breakLength = length(bytes, at: index)
            if breakLength == 0 {
                index += 1
                continue
            }
            guard body(line, lineStart..<index) else { return }
            line += 1
            index += breakLength
            lineStart = index
        }
        _ = body(line, lineStart..<end)
    }

    /// Every line's byte range, in order (breaks excluded).
    public static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        forEachLine(bytes) { _, range in
            ranges.append(range)
            return true
        }
        return ranges
    }
}
