import DNSimCore
import DNSimReports
import DNSimScenario

/// A command line that cannot be run, with what to do instead.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "error: \(MessageText.visible(message))\nRun 'dnsim-events --help' for usage." }
}

/// A `check` that cannot be set up as asked: nothing to check, or a baseline
/// of another scenario, seed, size or tool version. Exit 2, with a plain message.
public struct SetupError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "error: \(MessageText.visible(message))" }
}
