import DNSimCore
import DNSimText

/// A text's marks as byte offsets and back. Lines split as libyaml splits them (`LineBreaks`) and
/// columns count characters as its marks do, so a node's marks find its bytes.
struct SourcePositions {
    let bytes: [UInt8]
    /// Each line's byte range, its break excluded; line 1 starts past a byte order mark.
    let lines: [Range<Int>]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineBreaks.lineRanges(bytes)
    }

    /// The byte offset of `mark`; a column past its line's end gives the line's end.
    func offset(_ mark: SourceMark) -> Int {
        guard mark.line - 1 < lines.count else { return bytes.count }
        let line = lines[max(0, mark.line - 1)]
        var offset = line.lowerBound
        var characters = 0
        while offset < line.upperBound, characters < mark.column - 1 {
            offset += 1
            // UTF-8 continuation bytes belong to the character before them.
            while offset < line.upperBound, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        return offset
    }

    /// The mark of a byte offset (an offset inside a line break is its line's end).
    func mark(_ offset: Int) -> SourceMark {
        let index = lineIndex(offset)
        let line = lines[index]
        let stop = min(max(offset, line.lowerBound), line.upperBound)
        let characters = bytes[line.lowerBound..<stop].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceMark(line: index + 1, column: characters + 1)
    }

    /// The end of the line holding `offset`, before its break.
    func lineEnd(_ offset: Int) -> Int { lines[lineIndex(offset)].upperBound }

    /// The text of the line holding `offset`, for a diagnostic's snippet.
    func lineText(_ offset: Int) -> String { String(decoding: bytes[lines[lineIndex(offset)]], as: UTF8.self) }

    /// `end` moved back over spaces, tabs and line breaks, but not before `start`: a `|` scalar's
    /// mark lies past its trailing breaks, and a value's text ends at its last character.
    func trimmedEnd(_ end: Int, from start: Int) -> Int {
        var end = min(end, bytes.count)
        while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        return max(end, start)
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The last line that starts at or before `offset`.
    private func lineIndex(_ offset: Int) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lines[middle].lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
