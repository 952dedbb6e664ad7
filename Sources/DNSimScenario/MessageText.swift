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
            switch character {
            case "\n", "\r\n": pieces.append("\\n")
            case "\r": pieces.append("\\r")
            case "\t": pieces.append("\\t")
            default: pieces.append(String(character))
            }
        }
        return pieces.joined()
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
            let opensQuote = character == "'" && (index == 0 || characters[index - 1] == " " || characters[index - 1] == "(")
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
