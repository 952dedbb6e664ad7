/// A problem with a telemetry file or a fit request, reported the way
/// compilers do (`file:line: error: message`) so editors can jump to it.
/// Hostile input always ends here, never in a trap.
public struct FitError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file as the user named it.
    public let file: String
    /// 1-based line, or nil when the problem is the file as a whole.
    public let line: Int?
    /// 1-based column on that line, when the reader knows it (JSON, a push export's CSV field).
    public let column: Int?
    public let message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): error: \(message)" }
        if let line { return "\(file):\(line): error: \(message)" }
        return "\(file): error: \(message)"
    }
}
