import DNSimCore

/// A YAML document as written rather than as read: each node's span in the text and its style,
/// an alias kept as an alias and `<<` as an ordinary key. `YAMLNode` says what a file means;
/// this says where each part of it is written, so `ScenarioEditor` can change one value's text.
struct YAMLOutline {
    struct Node {
        enum Kind {
            case scalar(String)
            case mapping([Entry])
            case sequence([Node])
            case alias(String)
        }

        var kind: Kind
        /// Where the node's text starts (its anchor or tag, if written) and just past where it ends:
        /// for a block collection, the end of its last item, not libyaml's mark at the next token.
        var start: SourceMark
        var end: SourceMark
        var isFlow: Bool
        var anchor: String?
        var tag: String?

        var entries: [Entry]? {
            if case .mapping(let entries) = kind { return entries }
            return nil
        }

        /// A mapping or list written in block style, one item a line.
        var isBlockCollection: Bool {
            switch kind {
            case .mapping, .sequence: return !isFlow
            case .scalar, .alias: return false
            }
        }

        /// The entry whose key is the plain or quoted scalar `key`.
        func entry(_ key: String) -> Entry? {
            entries?.first { if case .scalar(key) = $0.key.kind { return true } else { return false } }
        }

        /// "a mapping", "a list", "a scalar" or "an alias", for messages.
        var typeName: String {
            switch kind {
            case .scalar: return "a scalar"
            case .mapping: return "a mapping"
            case .sequence: return "a list"
            case .alias(let name): return "an alias (*\(name))"
            }
        }
    }

    struct Entry {
        var key: Node
        var value: Node
    }

    let root: Node?

    /// The outline of a parsed document's events (`YAMLParser.parseWithEvents`).
    init(events: [YAMLEvent]) {
        var index = 0
        root = events.isEmpty ? nil : Self.node(events, &index)
    }

    /// The node starting at `events[index]`, leaving `index` past its last event. The events come
    /// from a parse that succeeded, so every collection is closed.
    private static func node(_ events: [YAMLEvent], _ index: inout Int) -> Node {
        let event = events[index]
        index += 1
        switch event.kind {
        case .scalar(let text):
            return Node(
                kind: .scalar(text), start: event.start, end: event.end, isFlow: false, anchor: event.anchor,
                tag: event.tag)
        case .alias(let name):
            return Node(kind: .alias(name), start: event.start, end: event.end, isFlow: false)
        case .mappingStart, .sequenceStart:
            var children: [Node] = []
            while index < events.count, events[index].kind != .collectionEnd { children.append(node(events, &index)) }
            let close = index < events.count ? events[index] : event
            index += 1
            // A flow collection ends at its bracket; a block one where its last item does.
            let end = event.isFlow ? close.end : children.last?.end ?? event.end
            let kind: Node.Kind
            if event.kind == .mappingStart {
                kind = .mapping(
                    stride(from: 0, to: children.count - 1, by: 2).map {
                        Entry(key: children[$0], value: children[$0 + 1])
                    })
            } else {
                kind = .sequence(children)
            }
            return Node(
                kind: kind, start: event.start, end: end, isFlow: event.isFlow, anchor: event.anchor, tag: event.tag)
        case .collectionEnd:
            return Node(kind: .scalar(""), start: event.start, end: event.start, isFlow: false)
        }
    }
}
