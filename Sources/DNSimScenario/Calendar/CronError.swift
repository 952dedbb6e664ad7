import DNSimCore

/// Why a cron expression was rejected, and where.
public struct CronError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Human-readable reason, e.g. `minute 60 is out of range 0-59`.
    public let message: String
    /// 0-based character offset of the offending token in the expression's text,
    /// so callers can put a caret under it.
    public let offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) (at character \(offset))" }
}
