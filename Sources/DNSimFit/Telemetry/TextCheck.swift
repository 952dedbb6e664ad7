/// Telemetry is text: a NUL byte, another control character than tab, line feed and carriage
/// return, or bytes that are not UTF-8 mean a binary or damaged file. Checked field by field as
/// rows are read, so a bad second row of a huge file is still found without reading the rest, and
/// binary data is refused at its line and column whether or not bad rows are skipped (a NUL inside
/// a request id was once fitted).
enum TextCheck {
    /// The offset of the first byte in `range` of `base` that is not text, or nil.
    static func firstBinary(in base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = base[index]
            if byte >= 0x20 && byte < 0x7F || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                index += 1
                continue
            }
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= end, (1..<length).allSatisfy({ base[index + $0] & 0xC0 == 0x80 }) else {
                return index
            }
            index += length
        }
        return nil
    }

    /// The error for binary data at `offset`, on its line and column (characters from the line's start).
    static func error(_ base: UnsafePointer<UInt8>, at offset: Int, line: Int, file: String) -> FitError {
        var start = offset
        while start > 0, base[start - 1] != 0x0A, base[start - 1] != 0x0D { start -= 1 }
        let column = (start..<offset).filter { base[$0] & 0xC0 != 0x80 }.count + 1
        return FitError(
            file: file, line: line, column: column,
            message: "not UTF-8 text (binary data, or another encoding such as Latin-1, at byte \(offset)); "
                + "export it as UTF-8 CSV")
    }
}
