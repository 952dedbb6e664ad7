import DNSimCore

/// One axis of a `sweep:` block: a scenario key and the values it takes.
///
/// `key` is a dotted path into the scenario (`plugin.relationship.contentTimeout`,
/// `platforms.ios.fetchTask.never`; list items by 1-based index, as in
/// `strategies.2.chained.guard`), or `lead`: the time from the fetch to the
/// notification, which rewrites `plugin.contentFetch.schedule` from the
/// notification's `M H * * *` schedule.
public struct SweepAxis: Sendable {
    public var key: String
    public var values: [YAMLNode]
    public var mark: SourceMark

    public var path: [String] { key.split(separator: ".").map(String.init) }

    /// How a value prints in sweep tables.
    public static func label(_ node: YAMLNode) -> String {
        if let scalar = node.scalar { return scalar }
        return node.typeName
    }
}

extension YAMLNode {
    /// A copy with the node at `path` replaced by `value`, creating mappings as needed.
    /// A numeric component indexes a list (1-based). Nil when the path cannot exist.
    func setting(_ path: ArraySlice<String>, to value: YAMLNode) -> YAMLNode? {
        guard let head = path.first else { return value }
        let rest = path.dropFirst()
        switch kind {
        case .mapping(var pairs):
            if let index = pairs.firstIndex(where: { $0.key.scalar == head }) {
                guard let updated = pairs[index].value.setting(rest, to: value) else { return nil }
                pairs[index].value = updated
            } else {
                let empty = YAMLNode(kind: .mapping([]), mark: value.mark)
                guard let created = rest.isEmpty ? value : empty.setting(rest, to: value) else { return nil }
                pairs.append(YAMLPair(key: YAMLNode(kind: .scalar(head), mark: value.mark), value: created))
            }
            var copy = self
            copy.kind = .mapping(pairs)
            return copy
        case .sequence(var items):
            guard let position = Int(head), position >= 1, position <= items.count,
                  let updated = items[position - 1].setting(rest, to: value) else { return nil }
            items[position - 1] = updated
            var copy = self
            copy.kind = .sequence(items)
            return copy
        case .scalar:
            guard isNull else { return nil }
            return YAMLNode(kind: .mapping([]), mark: mark).setting(path, to: value)
        }
    }
}
