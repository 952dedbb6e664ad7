import DNSimCore

/// Keeps user values echoed in messages short: a value from the file may be a
/// megabyte long, and a message that repeats it is neither readable nor cheap.
public enum MessageText {
    /// Longest value a message echoes, in characters, before it is cut with "…".
    public static let valueLimit = 60
    /// Longest message, in characters; longer ones keep their start and end.
    public static let messageLimit = 1_000

    /// `text` on one line, cut to `limit` characters with a trailing "…".
    public static func shortened(_ text: some StringProtocol, limit: Int = valueLimit) -> String {
        var pieces: [String] = []
        for character in text {
            if pieces.count == limit {
                // A further character: cut to leave room for the ellipsis.
                return pieces.dropLast().joined() + "…"
            }
            pieces.append(visible(character))
        }
        return pieces.joined()
    }

    /// A control character (C0, DEL, C1), a bidirectional override, embedding, isolate or
    /// mark, or a line or paragraph separator: each can make printed text lie about itself
    /// (a line break that starts a GitHub workflow command, text shown backwards).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The first unsafe character of `text` (see `isUnsafe`), with its 1-based position.
    public static func firstUnsafe(in text: some StringProtocol) -> (position: Int, scalar: Unicode.Scalar)? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where isUnsafe(scalar) { return (offset + 1, scalar) }
        return nil
    }

    /// `U+000A`: how a message names a character it will not print.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` with every unsafe character written as an escape (`\n`, `\0`, `\u{202E}`),
    /// so nothing printed from a scenario can break a line or reorder the terminal's text.
    public static func visible(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars { result += visible(scalar) }
        return result
    }

    static func visible(_ character: Character) -> String {
        character.unicodeScalars.contains(where: isUnsafe)
            ? character.unicodeScalars.map(visible).joined() : String(character)
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        guard isUnsafe(scalar) else { return String(scalar) }
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\0": return "\\0"
        default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }

    /// `'text'`, shortened as by `shortened(_:limit:)`.
    public static func quoted(_ text: some StringProtocol, limit: Int = valueLimit) -> String {
        "'" + shortened(text, limit: limit) + "'"
    }

    /// `message` with every quoted value (`'…'`) longer than `valueLimit` cut, and the whole
    /// message cut in the middle if still longer than `messageLimit`, so that a message stays
    /// readable (and its "did you mean" visible) whatever the input.
    public static func bounded(_ message: String) -> String {
        // Fast path: the usual message is short.
        if message.utf8.count <= valueLimit { return message }
        let characters = Array(message)
        var result = ""
        var index = 0
        // Once an opening quote finds no closing one, no later quote can: stop looking (linear time).
        var closingQuotesRemain = true
        while index < characters.count {
            let character = characters[index]
            let opensQuote =
                character == "'" && (index == 0 || characters[index - 1] == " " || characters[index - 1] == "(")
            if opensQuote, closingQuotesRemain {
                if let close = closingQuote(in: characters, after: index) {
                    let inner = characters[(index + 1)..<close]
                    result += inner.count > valueLimit ? quoted(String(inner)) : String(characters[index...close])
                    index = close + 1
                    continue
                }
                closingQuotesRemain = false
            }
            result.append(character)
            index += 1
        }
        guard result.count > messageLimit else { return result }
        let kept = Array(result)
        return String(kept.prefix(messageLimit * 3 / 4)) + " … " + String(kept.suffix(messageLimit / 4))
    }

    /// The quote that ends a value opened at `open`: the next `'` followed by the end of the
    /// message, a space or punctuation.
    private static func closingQuote(in characters: [Character], after open: Int) -> Int? {
        var index = open + 1
        while index < characters.count {
            if characters[index] == "'" {
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if next == " " || ")?,;:.!".contains(next) { return index }
            }
            index += 1
        }
        return nil
    }
}
