import DNSimCore
import DNSimText

/// A scenario's text with its outline: where each key is written, and the one text edit that sets
/// a key (`ScenarioEditor` applies them one at a time, reading the text afresh after each).
struct ScenarioDocument {
    typealias Node = YAMLOutline.Node
    typealias Entry = YAMLOutline.Entry

    /// Where a key goes: its own entry, or the deepest mapping on its path that is written.
    enum Target {
        case existing(Entry, in: Node)
        /// The path's names from the first one missing, the mapping to add them to and that mapping's key.
        case absent(ArraySlice<String>, in: Node, key: Node?)
    }

    /// `range` of the text replaced by `text`, whose value starts `valueStart` bytes in.
    struct Edit {
        var range: Range<Int>
        var text: String
        var valueStart: Int
        /// The value it replaces, in flow form; nil when the key is added.
        var old: String?
    }

    let file: String
    let positions: SourcePositions
    let outline: YAMLOutline
    /// The document as read, merges applied: a key it has that the outline does not is written elsewhere.
    let meaning: YAMLNode?
    /// The file's own line break, for the lines an insertion adds.
    let lineBreak: String

    init(_ bytes: [UInt8], file: String) throws(Diagnostic) {
        let (root, events) = try YAMLParser.parseWithEvents(bytes, file: file)
        self.file = file
        positions = SourcePositions(bytes)
        outline = YAMLOutline(events: events)
        meaning = root
        let newline = bytes.firstIndex(of: 0x0A)
        lineBreak =
            newline.map { $0 > 0 && bytes[$0 - 1] == 0x0D ? "\r\n" : "\n" } ?? (bytes.contains(0x0D) ? "\r" : "\n")
    }

    /// Where the dotted `path` is written, or why it cannot be set by editing this text.
    func target(_ path: [String]) throws(Diagnostic) -> Target {
        let key = path.joined(separator: ".")
        guard !path.isEmpty, !path.contains("") else { throw error("'\(key)' is not a dotted scenario key", at: nil) }
        guard let root = outline.root else { throw error("the scenario is empty", at: SourceMark(line: 1, column: 1)) }
        guard root.entries != nil else {
            throw error("the scenario's top level is \(root.typeName), not a mapping", at: root.start)
        }
        var node = root
        var parentKey: Node?
        var meaning = self.meaning
        for i in path.indices {
            let dotted = path[...i].joined(separator: ".")
            guard let entry = node.entry(path[i]) else {
                // Not written here, yet there when read: a merge ('<<') brings it from elsewhere.
                if meaning?.value(forKey: path[i]) != nil, let merge = node.entry("<<") {
                    throw error(
                        "\(dotted) comes from the merge '<<' here, so it is written elsewhere; set \(key) by hand",
                        at: merge.key.start)
                }
                return .absent(path[i...], in: node, key: parentKey)
            }
            let value = entry.value
            // Aliases copy an anchored node: editing it would change every copy, or break them.
            if let anchor = value.anchor {
                throw error(
                    "\(dotted) is anchored (&\(anchor)), so aliases elsewhere may copy it; "
                        + "setting \(key) here would change them too: set it by hand",
                    at: value.start)
            }
            guard i < path.count - 1 else { return .existing(entry, in: node) }
            guard value.entries != nil else {
                if case .alias(let name) = value.kind {
                    throw error(
                        "\(dotted) is an alias (*\(name)) of a mapping written elsewhere, so \(key) cannot be set here; "
                            + "write the mapping out in place of the alias, or set \(key) by hand", at: value.start)
                }
                throw error(
                    "\(dotted) is \(value.typeName), not a mapping, so \(key) cannot be set in it", at: value.start)
            }
            node = value
            parentKey = entry.key
            meaning = meaning?.value(forKey: path[i])
        }
        // Not reached: the last name returns above, found or not.
        return .absent([], in: node, key: parentKey)
    }

    /// The edit that sets `path` to `value` (YAML flow text).
    /// `measured`, when given, takes the place of a `# GUESS: …` comment on the key's line (as
    /// `init` writes them; `# replace: …` as it wrote them before), since the value is no longer a guess.
    func edit(_ path: [String], to value: String, measured: String? = nil) throws(Diagnostic) -> Edit {
        switch try target(path) {
        case .existing(let entry, let parent):
            let edit = try replace(entry, in: parent, with: value, key: path.joined(separator: "."))
            guard let measured else { return edit }
            return replacingPlaceholder(edit, with: measured)
        case .absent(let names, let parent, let key): return insert(names, value, into: parent, key: key)
        }
    }

    /// The entry's value replaced. A value on the key's line is replaced where it stands (a comment
    /// after it stays); in a block mapping, a value below its key or over several lines gives way to
    /// the new value on the key's line, keeping that line's comment.
    private func replace(_ entry: Entry, in parent: Node, with value: String, key: String) throws(Diagnostic) -> Edit {
        let keyEnd = positions.offset(entry.key.end)
        let start = positions.offset(entry.value.start)
        let end = positions.trimmedEnd(positions.offset(entry.value.end), from: start)
        let old = flow(entry.value)
        guard let colonEnd = colon(after: keyEnd) else {
            // `{ a }` or `? a`: a key written without a value.
            guard parent.isFlow else {
                throw error("cannot find the ':' after \(key); set it by hand", at: entry.key.start)
            }
            return Edit(range: keyEnd..<keyEnd, text: ": " + value, valueStart: 2, old: old)
        }
        let keyLine = positions.mark(colonEnd - 1).line
        let startLine = entry.value.start.line
        let endLine = positions.mark(end).line
        if startLine == keyLine && (endLine == keyLine || parent.isFlow) {
            // An empty value sits right after its ':'.
            let space = start > 0 && positions.bytes[start - 1] == 0x3A ? " " : ""
            return Edit(range: start..<end, text: space + value, valueStart: space.utf8.count, old: old)
        }
        if parent.isFlow { return Edit(range: colonEnd..<end, text: " " + value, valueStart: 1, old: old) }
        let lineEnd = positions.lineEnd(end)
        // The key line's comment is about the key; inside a block value, a comment is about a part of it.
        let comment =
            startLine > keyLine || entry.value.isBlockCollection
            ? comment(colonEnd..<positions.lineEnd(colonEnd)) : comment(end..<lineEnd)
        return Edit(range: colonEnd..<lineEnd, text: " " + value + comment, valueStart: 1, old: old)
    }

    /// The edit reaching to its line's end with a `# GUESS: …` or `# replace: …` comment there (after the edit, or
    /// kept by it) turned into `# <measured>`, at the same column; any other comment is left alone.
    private func replacingPlaceholder(_ edit: Edit, with measured: String) -> Edit {
        let lineEnd = positions.lineEnd(max(edit.range.upperBound, edit.range.lowerBound))
        let rest = edit.range.upperBound < lineEnd ? positions.text(edit.range.upperBound..<lineEnd) : ""
        let tail = edit.text + rest
        // `# GUESS:` as init writes it; `# replace:` as an earlier init wrote it.
        guard
            let hash = [ScenarioGuess.marker, "# replace:"].compactMap({ tail.range(of: $0) }).min(by: {
                $0.lowerBound < $1.lowerBound
            })
        else { return edit }
        var edited = edit
        edited.range = edit.range.lowerBound..<lineEnd
        edited.text = String(tail[..<hash.lowerBound]) + "# " + measured
        return edited
    }

    /// `names` added to `parent`: as lines after its last entry at its indentation (missing parents
    /// nested a step deeper each, the step the file uses), or as a flow entry before its `}`.
    private func insert(_ names: ArraySlice<String>, _ value: String, into parent: Node, key parentKey: Node?) -> Edit {
        // Keys written quoted (a JSON scenario) get their new siblings quoted too.
        let sample = (parent.entries?.first?.key ?? parentKey).map { positions.offset($0.start) }
        let quote = sample.map { $0 < positions.bytes.count && positions.bytes[$0] == 0x22 } ?? false
        let spelled = names.map { quote ? "\"\($0)\"" : $0 }
        guard !parent.isFlow, let first = parent.entries?.first, let last = parent.entries?.last else {
            return insertFlow(spelled, value, into: parent)
        }
        let indent = first.key.start.column - 1
        let at = positions.lineEnd(max(positions.offset(last.key.end), valueEnd(last)))
        let step = indentStep(indent, parentKey: parentKey)
        var text = ""
        for (depth, name) in spelled.enumerated() {
            text += lineBreak + String(repeating: " ", count: indent + depth * step) + name + ":"
        }
        text += " " + value
        return Edit(range: at..<at, text: text, valueStart: text.utf8.count - value.utf8.count, old: nil)
    }

    /// `a: { b: value }` after a flow mapping's last entry, or between the braces of `{}`.
    private func insertFlow(_ names: [String], _ value: String, into parent: Node) -> Edit {
        var text = "\(names.last ?? ""): \(value)"
        var valueStart = text.utf8.count - value.utf8.count
        for name in names.dropLast().reversed() {
            text = "\(name): { \(text) }"
            valueStart += name.utf8.count + ": { ".utf8.count
        }
        if let last = parent.entries?.last {
            let after = max(positions.offset(last.key.end), valueEnd(last))
            return Edit(range: after..<after, text: ", " + text, valueStart: 2 + valueStart, old: nil)
        }
        let close = max(positions.offset(parent.start), positions.offset(parent.end) - 1)
        var open = close
        while open > 0, positions.bytes[open - 1] != 0x7B { open -= 1 }
        return Edit(range: open..<close, text: " \(text) ", valueStart: 1 + valueStart, old: nil)
    }

    /// How much deeper a mapping's keys sit than its own key: the file's indentation step (2 when
    /// the top level gives no example).
    private func indentStep(_ indent: Int, parentKey: Node?) -> Int {
        if let parentKey {
            let step = indent - (parentKey.start.column - 1)
            return step > 0 ? step : 2
        }
        for entry in outline.root?.entries ?? [] {
            if !entry.value.isFlow, let child = entry.value.entries?.first, child.key.start.column > 1 {
                return child.key.start.column - 1
            }
        }
        return 2
    }

    /// Just past the last character of an entry's value.
    private func valueEnd(_ entry: Entry) -> Int {
        let start = positions.offset(entry.value.start)
        return positions.trimmedEnd(positions.offset(entry.value.end), from: start)
    }

    /// Just past the ':' that follows a key, if there is one.
    private func colon(after offset: Int) -> Int? {
        var index = offset
        let bytes = positions.bytes
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == 0x3A ? index + 1 : nil
    }

    /// The comment in `range` (a '#' after a space or tab, or at its start) with the spaces before
    /// it, or nothing. What comes before it on the line (a tag such as `!!map`) is not kept.
    private func comment(_ range: Range<Int>) -> String {
        let bytes = positions.bytes
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let hash = range.first(where: { bytes[$0] == 0x23 && ($0 == range.lowerBound || isSpace(bytes[$0 - 1])) })
        else { return "" }
        var start = hash
        while start > range.lowerBound, isSpace(bytes[start - 1]) { start -= 1 }
        return positions.text(start..<range.upperBound)
    }

    /// A value in flow form, comments left out, for saying what it was.
    func flow(_ node: Node) -> String {
        switch node.kind {
        case .scalar(let text):
            let start = positions.offset(node.start)
            let written = positions.text(start..<positions.trimmedEnd(positions.offset(node.end), from: start))
            if written.isEmpty { return "null" }
            return written.contains { $0.isNewline } ? JSONQuoting.quoted(text) : written
        case .alias(let name):
            return "*\(name)"
        case .mapping(let entries):
            return entries.isEmpty
                ? "{}" : "{ " + entries.map { "\(flow($0.key)): \(flow($0.value))" }.joined(separator: ", ") + " }"
        case .sequence(let items):
            return "[" + items.map(flow).joined(separator: ", ") + "]"
        }
    }

    private func error(_ message: String, at mark: SourceMark?) -> Diagnostic {
        Diagnostic(
            file: file, mark: mark, message: message, sourceLine: mark.map { positions.lineText(positions.offset($0)) })
    }
}
