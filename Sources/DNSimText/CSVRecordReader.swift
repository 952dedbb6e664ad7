/// A byte-level CSV reader (RFC 4180): quoted fields with doubled quotes and
/// embedded line breaks, LF, CRLF or CR line ends, a UTF-8 byte order mark
/// skipped, blank lines skipped. It yields field byte ranges into the buffer,
/// so reading a million rows allocates nothing per field. The telemetry files
/// of `fit` and the baselines of `check` (`summary.csv`) are read with it.
///
/// RFC 4180 keeps spaces as part of a field; `trimsBlanks` (for hand-edited
/// telemetry) drops spaces and tabs around each field instead, quoted or not.
/// The buffer must outlive the reader.
public struct CSVRecordReader {
    public struct Field: Sendable {
        public var start: Int
        public var end: Int
        /// A quoted field containing `""`, which must be unescaped before use (`text` does).
        public var escaped: Bool
    }

    public enum Row: Equatable, Sendable {
        /// The fields are in the array passed to `next`; `line` is where the row starts.
        case fields(line: Int)
        case end
        /// A malformed row; `fatal` when the rest of the file cannot be trusted (an unclosed quote).
        case problem(line: Int, message: String, fatal: Bool)
    }

    public let base: UnsafePointer<UInt8>
    public let count: Int
    public let trimsBlanks: Bool
    public private(set) var position: Int
    /// The line the next row starts on.
    public private(set) var line = 1

    public init(_ buffer: UnsafeBufferPointer<UInt8>, trimsBlanks: Bool) {
        base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = buffer.count
        self.trimsBlanks = trimsBlanks
        // A UTF-8 byte order mark is not part of the first column's name.
        position = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    }

    /// Reads the next non-blank row into `fields` (reusing its storage).
    public mutating func next(into fields: inout [Field]) -> Row {
        while position < count {
            var used = 0
            // Reuses the array's storage: removeAll(keepingCapacity:) is slow per row.
            func add(_ field: Field) {
                if used < fields.count { fields[used] = field } else { fields.append(field) }
                used += 1
            }
            let rowLine = line
            var anyQuoted = false
            while true {
                var p = skipBlanks(from: position)
                if p < count, base[p] == 0x22 {
                    anyQuoted = true
                    p += 1
                    let start = p
                    var escaped = false
                    var closed = false
                    while p < count {
                        let c = base[p]
                        if c == 0x22 {
                            if p + 1 < count, base[p + 1] == 0x22 { escaped = true; p += 2; continue }
                            closed = true
                            break
                        }
                        if c == 0x0A || (c == 0x0D && (p + 1 >= count || base[p + 1] != 0x0A)) { line += 1 }
                        p += 1
                    }
                    guard closed else {
                        position = count
                        return .problem(
                            line: rowLine, message: "a quoted field opened on this line is never closed", fatal: true)
                    }
                    add(Field(start: start, end: p, escaped: escaped))
                    p = skipBlanks(from: p + 1)
                    position = p
                    if p >= count { break }
                    if base[p] == 0x2C { position = p + 1; continue }
                    if base[p] == 0x0A || base[p] == 0x0D { consumeLineEnd(); break }
                    skipToLineEnd()
                    if fields.count > used { fields.removeLast(fields.count - used) }
                    return .problem(
                        line: rowLine,
                        message:
                            "unexpected text after a closing quote; a quoted field must end at a comma or the line end",
                        fatal: false)
                }
                let start = p
                while p < count {
                    let c = base[p]
                    if c == 0x2C || c == 0x0A || c == 0x0D { break }
                    p += 1
                }
                var end = p
                if trimsBlanks { while end > start, base[end - 1] == 0x20 || base[end - 1] == 0x09 { end -= 1 } }
                add(Field(start: start, end: end, escaped: false))
                position = p
                if p >= count { break }
                if base[p] == 0x2C { position = p + 1; continue }
                consumeLineEnd()
                break
            }
            if fields.count > used { fields.removeLast(fields.count - used) }
            if used == 1, !anyQuoted, fields[0].start == fields[0].end { continue }
            return .fields(line: rowLine)
        }
        return .end
    }

    private func skipBlanks(from start: Int) -> Int {
        var p = start
        if trimsBlanks { while p < count, base[p] == 0x20 || base[p] == 0x09 { p += 1 } }
        return p
    }

    private mutating func consumeLineEnd() {
        if position < count, base[position] == 0x0D { position += 1 }
        if position < count, base[position] == 0x0A { position += 1 }
        line += 1
    }

    private mutating func skipToLineEnd() {
        while position < count, base[position] != 0x0A, base[position] != 0x0D { position += 1 }
        if position < count { consumeLineEnd() }
    }

    /// The field's raw bytes (a doubled quote still doubled).
    @inlinable
    public func bytes(_ field: Field) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + field.start, count: field.end - field.start)
    }

    /// The field's text, doubled quotes made single.
    public func text(_ field: Field) -> String {
        let raw = bytes(field)
        guard field.escaped else { return String(decoding: raw, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            unescaped.append(raw[index])
            // Inside a closed quoted field every quote is doubled.
            index += raw[index] == 0x22 ? 2 : 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }
}
