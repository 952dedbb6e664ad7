import DNSimCore

/// One node of a parsed YAML document. It holds plain Swift values only, so
/// nothing outside `YAMLParser` ever sees libyaml.
///
/// Scalars are kept as text: deciding whether `1`, `yes` or `null` is a number,
/// a flag or nothing is up to the reader, which can use `isQuoted` and `tag`.
public struct YAMLNode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case scalar(String)
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    public var kind: Kind
    /// 1-based start of the node. A node copied in by an alias keeps the mark
    /// of its anchored original, which is where its text is written.
    public var mark: SourceMark
    /// True for a scalar not written plain: `'…'`, `"…"`, or a `|` / `>` block.
    /// Such scalars are always strings, so `"1"` and `"yes"` stay text.
    public var isQuoted: Bool
    /// The explicit tag, resolved as libyaml reports it
    /// (`!!str` becomes `tag:yaml.org,2002:str`); nil when none was written.
    public var tag: String?

    public init(kind: Kind, mark: SourceMark, isQuoted: Bool = false, tag: String? = nil) {
        self.kind = kind
        self.mark = mark
        self.isQuoted = isQuoted
        self.tag = tag
    }

    /// The YAML 1.1 / 1.2 core tag for null, the only tag that keeps `isNull`.
    public static let nullTag = "tag:yaml.org,2002:null"

    public var scalar: String? {
        if case .scalar(let text) = kind { return text }
        return nil
    }

    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// A plain empty value, `~`, `null`, `Null` or `NULL`.
    public var isNull: Bool {
        guard !isQuoted, case .scalar(let text) = kind else { return false }
        if let tag, tag != YAMLNode.nullTag { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The value stored under a scalar key, or nil if this is not a mapping
    /// or has no such key. Keys are unique, so there is at most one match.
    public func value(forKey key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind else { return nil }
        return pairs.first { $0.key.scalar == key }?.value
    }

    /// "a mapping", "a list" or "a scalar", for messages like "expected a list, found a scalar".
    public var typeName: String {
        switch kind {
        case .scalar: return "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// One `key: value` entry of a mapping, in file order.
public struct YAMLPair: Sendable, Equatable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
