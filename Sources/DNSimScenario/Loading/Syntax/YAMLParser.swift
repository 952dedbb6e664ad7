import CYAML
import DNSimCore
import DNSimText

/// Reads one YAML document into a `YAMLNode` tree using libyaml's event API.
///
/// Every failure, whether from libyaml or from the checks layered on top
/// (limits, duplicate keys, aliases, binary input), comes back as a
/// `Diagnostic` with a 1-based mark and the offending source line.
/// An instance owns one libyaml parser and is used for exactly one parse.
///
/// About 500 lines, kept in one file on purpose: it is the only code that
/// touches libyaml's C types, and splitting it would spread their lifetime
/// rules (event deletion, parser deletion in `deinit`) over several files.
public final class YAMLParser {
    /// Parses `bytes` as a single YAML document.
    /// Returns nil when the file holds no document (empty, only comments, or a bare `---`).
    public static func parse(
        _ bytes: [UInt8], file: String, limits: YAMLLimits = .default
    ) throws(Diagnostic) -> YAMLNode? {
        try parse(bytes, file: file, limits: limits, recording: false).root
    }

    /// Parses `bytes` as `parse` does, with every check, and also returns the events as written
    /// (end marks, styles, aliases unexpanded), for code that edits the text.
    public static func parseWithEvents(
        _ bytes: [UInt8], file: String, limits: YAMLLimits = .default
    ) throws(Diagnostic) -> (root: YAMLNode?, events: [YAMLEvent]) {
        try parse(bytes, file: file, limits: limits, recording: true)
    }

    private static func parse(
        _ bytes: [UInt8], file: String, limits: YAMLLimits, recording: Bool
    ) throws(Diagnostic) -> (root: YAMLNode?, events: [YAMLEvent]) {
        guard bytes.count <= limits.maxBytes else { throw limits.tooLarge(bytes.count, file: file) }
        let source = YAMLSourceText(bytes: bytes, file: file)
        try source.checkIsText()
        let parser = YAMLParser(source: source, limits: limits)
        if recording { parser.recorded = [] }
        let root = try parser.parseSingleDocument()
        return (root, parser.recorded ?? [])
    }

    /// Parses `text` as a single YAML document; see `parse(_:file:limits:)`.
    public static func parse(
        _ text: String, file: String, limits: YAMLLimits = .default
    ) throws(Diagnostic) -> YAMLNode? {
        try parse(Array(text.utf8), file: file, limits: limits)
    }

    private let source: YAMLSourceText
    private let limits: YAMLLimits
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let parserIsInitialized: Bool
    /// libyaml reads from this buffer without copying it, so it must outlive the parser.
    private let input: UnsafeMutableBufferPointer<UInt8>

    private var openCollections: [YAMLOpenCollection] = []
    private var anchors: [String: YAMLAnchoredNode] = [:]
    /// Nodes produced so far, with every alias counted at its expanded size.
    private var nodeCount = 0
    private var hasExpandedAlias = false
    private var root: YAMLNode?
    /// The document's events, kept only for `parseWithEvents`.
    private var recorded: [YAMLEvent]?

    private init(source: YAMLSourceText, limits: YAMLLimits) {
        self.source = source
        self.limits = limits
        parser = .allocate(capacity: 1)
        parserIsInitialized = yaml_parser_initialize(parser) == 1
        input = .allocate(capacity: max(1, source.bytes.count))
        _ = input.initialize(from: source.bytes)
        if parserIsInitialized {
            // No yaml_parser_set_encoding: only libyaml's own detection strips a BOM without
            // shifting line 1 columns, and the text check has already ruled out UTF-16.
            yaml_parser_set_input_string(parser, input.baseAddress, source.bytes.count)
        }
    }

    deinit {
        if parserIsInitialized { yaml_parser_delete(parser) }
        parser.deallocate()
        input.deallocate()
    }

    // MARK: - Event loop

    private func parseSingleDocument() throws(Diagnostic) -> YAMLNode? {
        guard parserIsInitialized else {
            throw Diagnostic(file: source.file, mark: nil, message: "out of memory while starting the YAML parser")
        }
        var documentCount = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else { throw libyamlError() }
            defer { yaml_event_delete(&event) }
            let mark = Self.sourceMark(event.start_mark)
            if recorded != nil, let kept = Self.recorded(event) { recorded?.append(kept) }

            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                continue
            case YAML_STREAM_END_EVENT, YAML_NO_EVENT:
                return documentRoot()
            case YAML_DOCUMENT_START_EVENT:
                documentCount += 1
                guard documentCount == 1 else {
                    throw error("a second YAML document starts here; a file may hold only one", at: mark)
                }
            case YAML_SCALAR_EVENT:
                let data = event.data.scalar
                try addScalar(
                    value: data.value, length: data.length, style: data.style,
                    anchor: Self.string(data.anchor), tag: Self.string(data.tag), mark: mark)
            case YAML_SEQUENCE_START_EVENT:
                let data = event.data.sequence_start
                try openCollection(
                    isMapping: false, anchor: Self.string(data.anchor), tag: Self.string(data.tag), mark: mark)
            case YAML_MAPPING_START_EVENT:
                let data = event.data.mapping_start
                try openCollection(
                    isMapping: true, anchor: Self.string(data.anchor), tag: Self.string(data.tag), mark: mark)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try closeCollection()
            case YAML_ALIAS_EVENT:
                try addAlias(named: Self.string(event.data.alias.anchor) ?? "", mark: mark)
            default:
                continue
            }
        }
    }

    /// A document with no content at all (a bare `---`) reads as nil, like an empty file.
    private func documentRoot() -> YAMLNode? {
        guard let root else { return nil }
        if root.scalar == "", !root.isQuoted, root.tag == nil { return nil }
        return root
    }

    // MARK: - Building nodes

    private func addScalar(
        value: UnsafeMutablePointer<yaml_char_t>?, length: Int, style: yaml_scalar_style_t,
        anchor: String?, tag: String?, mark: SourceMark
    ) throws(Diagnostic) {
        guard length <= limits.maxScalarLength else {
            throw error(
                "a value is too long (\(length) bytes; the limit is \(limits.maxScalarLength) bytes)", at: mark)
        }
        try countNodes(1, at: mark)
        let text = value.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        // Only plain scalars are open to type resolution; quoted and block scalars are always text.
        // `!!str 10` is text, as a quoted scalar is: never read as a number, a flag or null.
        let node = YAMLNode(
            kind: .scalar(text), mark: mark,
            isQuoted: style != YAML_PLAIN_SCALAR_STYLE || tag == "tag:yaml.org,2002:str", tag: tag)
        if let anchor { anchors[anchor] = YAMLAnchoredNode(node: node, size: 1, height: 0) }
        try attach(node, height: 0, at: mark)
    }

    private func openCollection(isMapping: Bool, anchor: String?, tag: String?, mark: SourceMark) throws(Diagnostic) {
        // Reject a collection used as a key before reading it, not after.
        if let parent = openCollections.last, parent.isMapping, parent.pendingKey == nil {
            throw error("a mapping key must be a scalar, not \(isMapping ? "a mapping" : "a list")", at: mark)
        }
        guard openCollections.count < limits.maxDepth else {
            throw error("the document nests more than \(limits.maxDepth) levels deep", at: mark)
        }
        let countBefore = nodeCount
        try countNodes(1, at: mark)
        openCollections.append(
            YAMLOpenCollection(
                isMapping: isMapping, mark: mark, anchor: anchor, tag: tag, nodeCountAtStart: countBefore))
    }

    private func closeCollection() throws(Diagnostic) {
        guard var collection = openCollections.popLast() else { return }
        let node: YAMLNode
        if collection.isMapping {
            if let key = collection.pendingKey {
                // libyaml always supplies a value; stay total anyway.
                collection.pairs.append(YAMLPair(key: key, value: YAMLNode(kind: .scalar(""), mark: key.mark)))
            }
            node = YAMLNode(kind: .mapping(collection.pairsWithMerges()), mark: collection.mark, tag: collection.tag)
        } else {
            node = YAMLNode(kind: .sequence(collection.items), mark: collection.mark, tag: collection.tag)
        }
        let height = collection.childHeight + 1
        if let anchor = collection.anchor {
            anchors[anchor] = YAMLAnchoredNode(
                node: node, size: nodeCount - collection.nodeCountAtStart, height: height)
        }
        try attach(node, height: height, at: collection.mark)
    }

    private func addAlias(named name: String, mark: SourceMark) throws(Diagnostic) {
        guard let target = anchors[name] else {
            if openCollections.contains(where: { $0.anchor == name }) {
                throw error("alias '*\(name)' refers to a node that contains it", at: mark)
            }
            throw error("unknown alias '*\(name)' (no '&\(name)' appears before it)", at: mark)
        }
        hasExpandedAlias = true
        guard openCollections.count + target.height <= limits.maxDepth else {
            throw error(
                "alias '*\(name)' makes the document nest more than \(limits.maxDepth) levels deep", at: mark)
        }
        // The copy shares storage with the original, so only the count grows here.
        try countNodes(target.size, at: mark)
        try attach(target.node, height: target.height, at: mark)
    }

    /// Adds a finished node to the innermost open collection, or makes it the root.
    /// `site` is where the node appears in the text: for an alias, the alias itself.
    private func attach(_ node: YAMLNode, height: Int, at site: SourceMark) throws(Diagnostic) {
        let top = openCollections.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        openCollections[top].childHeight = max(openCollections[top].childHeight, height)
        guard openCollections[top].isMapping else {
            openCollections[top].items.append(node)
            return
        }
        guard let key = openCollections[top].pendingKey else {
            guard case .scalar(let keyText) = node.kind else {
                throw error("a mapping key must be a scalar, not \(node.typeName)", at: site)
            }
            if let first = openCollections[top].keyMarks[keyText] {
                throw error("duplicate key '\(Self.shortened(keyText))' (first at line \(first.line))", at: site)
            }
            openCollections[top].keyMarks[keyText] = site
            openCollections[top].pendingKey = node
            return
        }
        openCollections[top].pendingKey = nil
        if Self.isMergeKey(key) {
            let sources = try mergeSources(from: node, at: site)
            openCollections[top].merges.append(
                YAMLPendingMerge(position: openCollections[top].pairs.count, sources: sources))
        } else {
            openCollections[top].pairs.append(YAMLPair(key: key, value: node))
        }
    }

    /// The mappings named by the value of a `<<` key: one mapping, or a list of them.
    private func mergeSources(from value: YAMLNode, at site: SourceMark) throws(Diagnostic) -> [[YAMLPair]] {
        switch value.kind {
        case .mapping(let pairs):
            return [pairs]
        case .sequence(let items):
            var sources: [[YAMLPair]] = []
            for item in items {
                guard case .mapping(let pairs) = item.kind else {
                    throw error(
                        "a merge key '<<' takes a mapping or a list of mappings, not a list holding \(item.typeName)",
                        at: item.mark)
                }
                sources.append(pairs)
            }
            return sources
        case .scalar:
            throw error("a merge key '<<' takes a mapping or a list of mappings, not a scalar", at: site)
        }
    }

    private func countNodes(_ count: Int, at mark: SourceMark) throws(Diagnostic) {
        nodeCount += count
        guard nodeCount <= limits.maxNodes else {
            if hasExpandedAlias {
                throw error("the document expands to more than \(limits.maxNodes) nodes (alias bomb?)", at: mark)
            }
            throw error("the document has more than \(limits.maxNodes) nodes", at: mark)
        }
    }

    // MARK: - Errors

    private func error(_ message: String, at mark: SourceMark?) -> Diagnostic {
        Diagnostic(
            file: source.file, mark: mark, message: message, sourceLine: mark.flatMap { source.lineText($0.line) })
    }

    /// Turns libyaml's own error state into a diagnostic at its problem mark.
    private func libyamlError() -> Diagnostic {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        switch state.error {
        case YAML_MEMORY_ERROR:
            return error("out of memory while reading YAML", at: nil)
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset instead of a mark.
            return error("cannot read the file: \(problem)", at: source.mark(atByteOffset: state.problem_offset))
        default:
            // libyaml places end-of-input marks on a line past the text; point just after the text instead.
            let endOfContent = source.endOfContentMark()
            var message = "invalid YAML: \(problem)"
            if let context = state.context.map({ String(cString: $0) }) {
                let start = min(Self.sourceMark(state.context_mark), endOfContent)
                message += " (\(context) that starts at line \(start.line), column \(start.column))"
            }
            return error(message, at: min(Self.sourceMark(state.problem_mark), endOfContent))
        }
    }

    // MARK: - Helpers

    /// The event as plain values; nil for the stream and document events, which hold no text.
    private static func recorded(_ event: yaml_event_t) -> YAMLEvent? {
        let start = sourceMark(event.start_mark), end = sourceMark(event.end_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text =
                data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) }
                ?? ""
            return YAMLEvent(
                kind: .scalar(text), start: start, end: end, anchor: string(data.anchor), tag: string(data.tag))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return YAMLEvent(
                kind: .mappingStart, start: start, end: end, isFlow: data.style == YAML_FLOW_MAPPING_STYLE,
                anchor: string(data.anchor), tag: string(data.tag))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return YAMLEvent(
                kind: .sequenceStart, start: start, end: end, isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE,
                anchor: string(data.anchor), tag: string(data.tag))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            return YAMLEvent(kind: .collectionEnd, start: start, end: end)
        case YAML_ALIAS_EVENT:
            return YAMLEvent(kind: .alias(string(event.data.alias.anchor) ?? ""), start: start, end: end)
        default:
            return nil
        }
    }

    /// libyaml marks are 0-based; diagnostics are 1-based.
    private static func sourceMark(_ mark: yaml_mark_t) -> SourceMark {
        SourceMark(line: mark.line + 1, column: mark.column + 1)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// `<<` written plain (a quoted `"<<"` is an ordinary key).
    private static func isMergeKey(_ key: YAMLNode) -> Bool {
        key.scalar == "<<" && !key.isQuoted && (key.tag == nil || key.tag == "tag:yaml.org,2002:merge")
    }

    /// Keeps messages to one readable line even for long or multi-line keys.
    private static func shortened(_ text: String) -> String {
        let oneLine = text.replacing("\n", with: "\\n")
        return oneLine.count > 60 ? String(oneLine.prefix(57)) + "..." : oneLine
    }
}
