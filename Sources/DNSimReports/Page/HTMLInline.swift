import DNSimText
import Foundation

/// The writers' inline markup in a sentence or table cell as HTML: `**strong**`, `` `code` `` and
/// `[text](link)` become elements (a link only to a relative path, an anchor or an http(s) page),
/// everything else is escaped. A marker without its closing
/// partner stays literal text. This reads the sentences the writers compose, never a Markdown file.
enum HTMLInline {
    static func render(_ text: String) -> String {
        var html = ""
        var rest = Substring(text)
        while let index = rest.firstIndex(where: { $0 == "*" || $0 == "`" || $0 == "[" }) {
            html += escaped(rest[..<index])
            rest = rest[index...]
            if rest.hasPrefix("**"), let close = rest.dropFirst(2).range(of: "**") {
                let inner = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
                html += "<strong>" + render(String(inner)) + "</strong>"
                rest = rest[close.upperBound...]
            } else if rest.hasPrefix("`"), let close = rest.dropFirst().firstIndex(of: "`") {
                html += "<code>" + escaped(rest[rest.index(after: rest.startIndex)..<close]) + "</code>"
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("["), let middle = rest.range(of: "]("),
                let close = rest[middle.upperBound...].firstIndex(of: ")"),
                !rest[middle.upperBound..<close].contains(" "),
                isSafeTarget(rest[middle.upperBound..<close])
            {
                let label = String(rest[rest.index(after: rest.startIndex)..<middle.lowerBound])
                let target = String(rest[middle.upperBound..<close])
                html += "<a href=\(XMLEscaping.attribute(target))>" + render(label) + "</a>"
                rest = rest[rest.index(after: close)...]
            } else {
                html += escaped(rest.prefix(1))
                rest = rest.dropFirst()
            }
        }
        return html + escaped(rest)
    }

    /// Whether a link may point there: the writers link report files, anchors and web pages. Any
    /// other scheme (`javascript:`, `data:`, `file:`), which a name the user chose could smuggle in
    /// as `[text](…)`, stays literal text.
    static func isSafeTarget(_ target: Substring) -> Bool {
        let lowered = target.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") { return true }
        // `//host/…` names another host; a backslash is one in some browsers' eyes.
        if lowered.hasPrefix("//") || lowered.contains("\\") { return false }
        // A relative path or an anchor: no scheme, that is no ':' before the first '/', '?' or '#'.
        let head = lowered.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !head.contains(":")
    }

    /// Text for HTML character data: `XMLEscaping`, with a line break kept as one.
    static func escaped(_ text: Substring) -> String {
        XMLEscaping.escaped(String(text)).replacingOccurrences(of: "&#10;", with: "\n")
    }
}
