/// A byte-level CSV reader (RFC 4180): quoted fields with doubled quotes
/// and embedded line breaks, LF or CRLF (or CR) line ends. It yields field
/// byte ranges into the file buffer, so reading a million rows allocates
/// nothing per field.
struct CSVReader {
    struct Field {
        var start: Int
        var end: Int
        /// A quoted field containing `""`, which must be unescaped before use.
        var escaped: Bool
    }

    enum Row: Equatable {
        case fields(line: Int)
        case end
        /// A malformed row; `fatal` when the rest of the file cannot be trusted (an unclosed quote).
        case problem(line: Int, message: String, fatal: Bool)
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    private(set) var position: Int
    /// The line the next row starts on.
    private(set) var line = 1

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = buffer.count
        // A UTF-8 byte order mark is not part of the first column's name.
        position = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    }

    /// Reads the next non-blank row into `fields`.
    mutating func next(into fields: inout [Field]) -> Row {
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
                var p = position
                while p < count, base[p] == 0x20 || base[p] == 0x09 { p += 1 }
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
                        return .problem(line: rowLine, message: "a quoted field opened on this line is never closed", fatal: true)
                    }
                    add(Field(start: start, end: p, escaped: escaped))
                    p += 1
                    while p < count, base[p] == 0x20 || base[p] == 0x09 { p += 1 }
                    position = p
                    if p >= count { break }
                    if base[p] == 0x2C { position = p + 1; continue }
                    if base[p] == 0x0A || base[p] == 0x0D { consumeLineEnd(); break }
                    skipToLineEnd()
                    if fields.count > used { fields.removeLast(fields.count - used) }
                    return .problem(line: rowLine, message: "unexpected text after a closing quote; a quoted field must end at a comma or the line end", fatal: false)
                }
                let start = p
                while p < count {
                    let c = base[p]
                    if c == 0x2C || c == 0x0A || c == 0x0D { break }
                    p += 1
                }
                var end = p
                while end > start, base[end - 1] == 0x20 || base[end - 1] == 0x09 { end -= 1 }
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

    private mutating func consumeLineEnd() {
        if position < count, base[position] == 0x0D { position += 1 }
        if position < count, base[position] == 0x0A { position += 1 }
        line += 1
    }

    private mutating func skipToLineEnd() {
        while position < count, base[position] != 0x0A, base[position] != 0x0D { position += 1 }
        if position < count { consumeLineEnd() }
    }

    func bytes(_ field: Field) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + field.start, count: field.end - field.start)
    }

    func text(_ field: Field) -> String {
        let raw = String(decoding: bytes(field), as: UTF8.self)
        return field.escaped ? raw.replacingOccurrences(of: "\"\"", with: "\"") : raw
    }
}
