/// Text for XML character data and double- or single-quoted attribute values
/// (JUnit XML from `check`, the SVG charts of reports and of `fit`).
///
/// `& < > " '` become entities; LF, CR and tab become character references, so
/// that attribute-value normalisation keeps them; a character XML 1.0 cannot
/// hold at all (other C0 controls, U+FFFE, U+FFFF) becomes U+FFFD.
public enum XMLEscaping {
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case "\r": result += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` escaped, between double quotes.
    public static func attribute(_ text: String) -> String { "\"" + escaped(text) + "\"" }
}
