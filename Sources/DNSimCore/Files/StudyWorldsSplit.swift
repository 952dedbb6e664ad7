/// A study shard file cut at its study's worlds, without decoding them: the file with the worlds list emptied (small,
/// for `JSONDecoder`) and each world's JSON text, decoded one at a time as `merge` places it. A world decodes to about
/// 4 MB of statistics (dense histograms) from about 200 kB of JSON, so decoding a 320-world shard whole took over a GB.
///
/// The cut follows the JSON's structure (strings and their escapes, nesting): the list is the value of the key
/// `worlds` of the object that is the value of the top-level key `study`. A file laid out otherwise gives nil, and is
/// decoded whole as before; so does any file whose cut the caller cannot confirm (`MergeCommand` checks that the
/// emptied file decodes to a study with no worlds, so a second `study` key the decoder would prefer is not missed).
public struct StudyWorldsSplit: Sendable {
    /// The file with `"worlds":[]` in place of the study's list.
    public var rest: [UInt8]
    /// Each world's JSON text, in file order.
    public var worlds: [ArraySlice<UInt8>]

    public static func split(_ bytes: [UInt8]) -> StudyWorldsSplit? {
        guard let list = worldsList(bytes) else { return nil }
        var worlds: [ArraySlice<UInt8>] = []
        var scanner = Scanner(bytes: bytes, position: list.lowerBound + 1)
        var start = scanner.position
        // The list's own level: commas and the closing bracket here separate and end the worlds.
        while scanner.position < list.upperBound - 1 {
            guard let byte = scanner.next() else { return nil }
            if scanner.depth == 0 && !scanner.inString && byte == UInt8(ascii: ",") {
                worlds.append(bytes[start..<(scanner.position - 1)])
                start = scanner.position
            }
        }
        let last = bytes[start..<(list.upperBound - 1)]
        if !last.allSatisfy(Scanner.isSpace) { worlds.append(last) } else if !worlds.isEmpty { return nil }
        guard worlds.allSatisfy({ !$0.allSatisfy(Scanner.isSpace) }) else { return nil }
        return StudyWorldsSplit(
            rest: Array(bytes[..<list.lowerBound]) + Array("[]".utf8) + Array(bytes[list.upperBound...]),
            worlds: worlds)
    }

    /// The byte range of the study's worlds list, brackets included.
    private static func worldsList(_ bytes: [UInt8]) -> Range<Int>? {
        var scanner = Scanner(bytes: bytes, position: 0)
        // Keys: the last string read at each level, before its colon.
        var topKey: ArraySlice<UInt8>?, studyKey: ArraySlice<UInt8>?
        var inStudy = false
        var lastString: ArraySlice<UInt8>?
        while let byte = scanner.next() {
            if scanner.inString { continue }
            switch byte {
            case UInt8(ascii: "\""):
                // A string just ended: the scanner knows where it began.
                lastString = bytes[scanner.stringStart..<(scanner.position - 1)]
            case UInt8(ascii: ":"):
                if scanner.depth == 1 { topKey = lastString }
                if scanner.depth == 2 && inStudy { studyKey = lastString }
            case UInt8(ascii: "{"):
                if scanner.depth == 2 { inStudy = topKey.map { $0.elementsEqual("study".utf8) } ?? false }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // Back at the top level: whatever value just ended, it is no longer the study's.
                if scanner.depth <= 1 { inStudy = false }
            case UInt8(ascii: "["):
                if scanner.depth == 3 && inStudy && studyKey.map({ $0.elementsEqual("worlds".utf8) }) == true {
                    let open = scanner.position - 1
                    guard let close = scanner.skipToClose(from: 3) else { return nil }
                    return open..<close
                }
            default:
                break
            }
        }
        return nil
    }

    /// Walks JSON text keeping its nesting depth and whether it is inside a string (escapes included).
    struct Scanner {
        let bytes: [UInt8]
        var position: Int
        var depth = 0
        var inString = false
        var escaped = false
        /// Where the string being read (or last read) began, after its quote.
        var stringStart = 0

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

        /// The next byte, with the state after it; a quote that ends a string leaves `inString` false.
        mutating func next() -> UInt8? {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            position += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                return byte
            }
            switch byte {
            case UInt8(ascii: "\""):
                // Reported as not in a string when it closes one, so a caller sees each string's end once.
                inString = true
                stringStart = position
                return 0
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
            return byte
        }

        /// Reads on to the bracket that brings the depth back below `level`; the position after it.
        mutating func skipToClose(from level: Int) -> Int? {
            while depth >= level {
                guard next() != nil else { return nil }
            }
            return position
        }
    }
}
