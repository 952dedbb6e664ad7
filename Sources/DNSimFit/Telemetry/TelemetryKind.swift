/// The three telemetry files `fit` reads, told apart by their header.
public enum TelemetryKind: String, CaseIterable, Sendable {
    /// BGTaskScheduler requests and when (if) they launched.
    case bg
    /// Content fetch attempts with their outcome.
    case fetch
    /// App opens per device.
    case opens

    /// Columns a file of this kind must have, in the documented order.
    public var requiredColumns: [String] {
        switch self {
        case .bg: ["request_id", "submitted_at", "earliest_begin", "launched_at", "observed_until"]
        case .fetch: ["started_at", "finished_at", "outcome"]
        case .opens: ["device_id", "opened_at"]
        }
    }

    /// Columns a file of this kind may have besides the required ones.
    public var optionalColumns: [String] {
        self == .opens ? ["time_zone"] : []
    }

    /// The documented header line.
    public var header: String { (requiredColumns + optionalColumns).joined(separator: ",") }

    /// The kind whose signature column appears in a header. Signature columns
    /// are unique to one kind, so a header with a missing column still gets
    /// the precise "missing column" message rather than "unknown header".
    static func detect(_ columns: [String]) -> TelemetryKind? {
        let names = Set(columns)
        if names.contains("request_id") || names.contains("launched_at") || names.contains("earliest_begin") { return .bg }
        if names.contains("outcome") || names.contains("started_at") || names.contains("finished_at") { return .fetch }
        if names.contains("opened_at") || names.contains("device_id") { return .opens }
        return nil
    }
}
