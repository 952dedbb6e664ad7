import DNSimCore

/// One libyaml event as plain values, with the end mark and style the node tree drops: what code
/// that edits a file's text rather than reads its meaning needs (`YAMLOutline`, `ScenarioEditor`).
public struct YAMLEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case scalar(String)
        case mappingStart
        case sequenceStart
        /// The end of the innermost open mapping or sequence.
        case collectionEnd
        case alias(String)
    }

    public var kind: Kind
    /// 1-based, as `SourceMark`s are; `end` is just past the event's text. A block collection's
    /// end lies at the next token (past blank lines and comments), a `|` scalar's past its trailing breaks.
    public var start: SourceMark
    public var end: SourceMark
    /// A collection written `{…}` or `[…]`; false for block collections and scalars.
    public var isFlow: Bool
    public var anchor: String?
    public var tag: String?

    public init(
        kind: Kind, start: SourceMark, end: SourceMark, isFlow: Bool = false, anchor: String? = nil, tag: String? = nil
    ) {
        self.kind = kind
        self.start = start
        self.end = end
        self.isFlow = isFlow
        self.anchor = anchor
        self.tag = tag
    }
}
