import DNSimCore
import DNSimReports
import DNSimScenario

/// A command line that cannot be run, with what to do instead.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "error: \(MessageText.visible(message))\nRun 'dnsim-events --help' for usage." }
}

/// A command that cannot be carried out for a reason in its data, not its command line: a `check`
/// with nothing to check or a baseline of another scenario, seed, size or tool version, a folder
/// that cannot be written, shards that do not belong together. Exit 2, with a plain message (no
/// pointer to the usage, which would not help).
public struct SetupError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "error: \(MessageText.visible(message))" }
}
