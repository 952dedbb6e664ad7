import DNSimCore

/// Reads `fetch.copy`, a scenario's own notification copy for fetched content.
enum CopyTemplateReader {
    /// `fetch.copy: { one: { title, body }, many: { title, body }, itemName }`: the copy of fetched content.
    static func read(_ node: YAMLNode, _ r: ScenarioReader) -> CopyTemplate? {
        guard let map = r.section(node, "fetch.copy", required: ["one", "many"]) else { return nil }
        func pair(_ key: String) -> (String, String)? {
            guard let n = map[key], let copy = r.section(n, "fetch.copy.\(key)", required: ["title", "body"]),
                  let title = copy["title"].flatMap({ text($0, "fetch.copy.\(key).title") }),
                  let body = copy["body"].flatMap({ text($0, "fetch.copy.\(key).body") }) else { return nil }
            return (title, body)
        }
        func text(_ n: YAMLNode, _ path: String) -> String? {
            guard let value = r.string(n, path) else { return nil }
            // A brace that opens no known placeholder is most likely a typo ({frist}).
            var rest = Substring(value)
            while let open = rest.firstIndex(of: "{") {
                let tail = rest[open...]
                guard let close = tail.firstIndex(of: "}") else { break }
                let token = String(tail[...close])
                if !(CopyTemplate.placeholders + ["{n}"]).contains(token) {
                    r.error(n.mark, "\(path): unknown placeholder \(MessageText.quoted(token)); use {first}, {count} or {more}"
                        + Suggestion.hint(for: token, in: CopyTemplate.placeholders))
                    return nil
                }
                rest = tail[tail.index(after: close)...]
            }
            return value
        }
        let one = pair("one"), many = pair("many")
        var itemName = "Item {n}"
        if let n = map["itemName"], let v = r.string(n, "fetch.copy.itemName") {
            if v.contains("{n}") { itemName = v } else { r.error(n.mark, "fetch.copy.itemName must contain {n}, the item's number, e.g. \"Episode {n}\"") }
        }
        guard let one, let many else { return nil }
        return CopyTemplate(oneTitle: one.0, oneBody: one.1, manyTitle: many.0, manyBody: many.1, itemName: itemName)
    }
}
