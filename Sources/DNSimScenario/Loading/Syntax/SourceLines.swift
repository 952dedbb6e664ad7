import DNSimCore
import DNSimText

/// The lines of a source text, split where libyaml breaks lines (`LineBreaks`),
/// so that a line number from a `SourceMark` finds its text.
struct SourceLines {
    /// Each line's UTF-8 byte range in `bytes`, its break excluded.
    private let ranges: [Range<Int>]
    private let bytes: [UInt8]

    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        ranges = LineBreaks.lineRanges(bytes)
    }

    var count: Int { ranges.count }

    /// The text of 1-based line `number`, without its break; nil past the end.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= ranges.count else { return nil }
        return String(decoding: bytes[ranges[number - 1]], as: UTF8.self)
    }

    /// Every line, in order.
    var all: [String] { ranges.map { String(decoding: bytes[$0], as: UTF8.self) } }
}
