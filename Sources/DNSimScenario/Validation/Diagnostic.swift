import DNSimCore

/// One problem found in an input file, printed as `file:line:col: error: message`
/// followed by the offending line and a caret under the column.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// An error stops the run; a warning says that a rule cuts off every device, and the run goes on.
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    public var file: String
    public var mark: SourceMark?
    public var message: String
    /// The text of the offending line, when known, for the caret snippet.
    public var sourceLine: String?
    public var severity: Severity

    public init(
        file: String, mark: SourceMark?, message: String, sourceLine: String? = nil, severity: Severity = .error
    ) {
        self.file = file
        self.mark = mark
        self.message = message
        self.sourceLine = sourceLine
        self.severity = severity
    }

    /// `file:line:col: error: message`, the first line of the rendering.
    public var description: String {
        // Escaped here, once: a value quoted from the file may hold a line break or a bidi override.
        let message = MessageText.visible(message)
        if let mark { return "\(file):\(mark.line):\(mark.column): \(severity.rawValue): \(message)" }
        return "\(file): \(severity.rawValue): \(message)"
    }

    /// The full rendering with the caret snippet.
    public var rendered: String {
        guard let mark, let sourceLine else { return description }
        // A binary line would only spray control bytes over the terminal.
        let printable = sourceLine.unicodeScalars.allSatisfy {
            ($0.value >= 0x20 && $0.value != 0x7F && $0 != "\u{FFFD}") || $0 == "\t"
        }
        guard printable else { return description }
        let (visible, caret) = Self.window(sourceLine, column: mark.column)
        return "\(description)\n  \(visible)\n  \(String(repeating: " ", count: caret))^"
    }
}

extension Diagnostic {
    /// Most characters of the offending line a snippet shows.
    static let snippetWidth = 200

    /// The part of `line` a snippet shows and the caret's offset in it: the line's start when the
    /// column is near it, else a window around the column (a one-line JSON file errs at column 325),
    /// with `…` where the line is cut.
    static func window(_ line: String, column: Int) -> (text: String, caret: Int) {
        let characters = Array(line)
        let target = max(0, min(column - 1, characters.count))
        let start = target < snippetWidth - 40 ? 0 : target - 80
        let end = min(characters.count, start + snippetWidth)
        var text = String(characters[start..<end])
        var caret = target - start
        if start > 0 { text = "…" + text; caret += 1 }
        if end < characters.count { text += "…" }
        return (text, caret)
    }
}

/// Several diagnostics at once: validation reports every problem it can find.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.rendered).joined(separator: "\n") }

    /// The same diagnostics without their source lines: about a file the user did not name
    /// (one a shard records), a message gives the path and what is wrong, never a line of it.
    public var withoutSourceLines: DiagnosticList {
        DiagnosticList(
            diagnostics.map {
                var bare = $0; bare.sourceLine = nil; return bare
            })
    }
}
