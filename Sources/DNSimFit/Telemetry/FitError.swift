/// A problem with a telemetry file or a fit request, reported the way
/// compilers do (`file:line: error: message`) so editors can jump to it.
/// Hostile input always ends here, never in a trap.
public struct FitError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file as the user named it.
    public let file: String
    /// 1-based line, or nil when the problem is the file as a whole.
    public let line: Int?
    public let message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): error: \(message)" }
        return "\(file): error: \(message)"
    }
}
