import DNSimCore

/// Reads `fetch.copy`, a scenario's own notification copy for fetched content.
enum CopyTemplateReader {
    /// `fetch.copy: { one: { title, body }, many: { title, body }, itemName }`: the copy of fetched content.
    static func read(_ map: ScenarioSection) -> CopyTemplate? {
        let r = map.reader
        func pair(_ key: String) -> (String, String)? {
            guard let copy = map.section(key),
                let title = copy["title"].flatMap({ text($0, copy.path("title")) }),
                let body = copy["body"].flatMap({ text($0, copy.path("body")) })
            else { return nil }
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
                    r.error(
                        n.mark,
                        "\(path): unknown placeholder \(MessageText.quoted(token)); use {first}, {count} or {more}"
                            + Suggestion.hint(for: token, in: CopyTemplate.placeholders))
                    return nil
                }
                rest = tail[tail.index(after: close)...]
            }
            return value
        }
        let one = pair("one"), many = pair("many")
        var itemName = "Item {n}"
        if let v = map.string("itemName") {
            if v.contains("{n}") {
                itemName = v
            } else {
                map.error(
                    "itemName", "\(map.path("itemName")) must contain {n}, the item's number, e.g. \"Episode {n}\"")
            }
        }
        guard let one, let many else { return nil }
        return CopyTemplate(oneTitle: one.0, oneBody: one.1, manyTitle: many.0, manyBody: many.1, itemName: itemName)
    }
}
