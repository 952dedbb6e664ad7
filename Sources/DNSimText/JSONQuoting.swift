/// A string as a JSON string literal, which is also a YAML double-quoted
/// scalar: one rule for `summary.json`, `check --format json`, the fit's JSON
/// and the YAML that `init` writes.
///
/// `"` and `\` are escaped, LF, CR and tab by their short escapes, and every
/// other C0 control, DEL and the C1 controls as `\u00xx` (lower-case hex). JSON
/// requires only the C0 controls; YAML forbids DEL and C1 unescaped too, and
/// libyaml folds an unescaped NEL (U+0085) inside quotes as a line break.
/// Everything else is written as itself (libyaml keeps U+2028/9 in quotes).
public enum JSONQuoting {
    /// `text` between double quotes, escaped as above.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar.value):
                let digits = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func needsEscape(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
