import DNSimCore
import DNSimReports
import DNSimScenario

/// A command line that cannot be run, with what to do instead.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "error: \(message)\nRun 'dnsim-events --help' for usage." }
}
