/// The files `fit` reads: three device logs told apart by their CSV header, and the push services'
/// delivery exports (an FCM Data API response, told by its `androidDeliveryData`, and a CSV of the
/// APNs Push Notifications Console's delivery metrics, told by its `received_by_apns` column).
public enum TelemetryKind: String, CaseIterable, Sendable {
    /// BGTaskScheduler requests and when (if) they launched.
    case bg
    /// Content fetch attempts with their outcome.
    case fetch
    /// App opens per device.
    case opens
    /// WorkManager fetch jobs (Android) and when (if) they ran.
    case work
    /// FCM Data API `androidDeliveryData` (JSON): Android delivery outcomes per day.
    case fcm
    /// APNs delivery metrics per day (CSV, our schema of the console's metric names).
    case apns

    /// The device logs `run --emit-telemetry` writes; the push exports are the services' own.
    public static let deviceLogs: [TelemetryKind] = [.bg, .fetch, .opens, .work]

    /// A push service's aggregate export rather than a log of rows per event.
    public var isPushExport: Bool { self == .fcm || self == .apns }

    /// Columns a file of this kind must have, in the documented order (none for JSON).
    public var requiredColumns: [String] {
        switch self {
        case .bg: ["request_id", "submitted_at", "earliest_begin", "launched_at", "observed_until"]
        case .fetch: ["started_at", "finished_at", "outcome"]
        case .opens: ["device_id", "opened_at"]
        case .work: ["work_id", "enqueued_at", "earliest_run", "ran_at", "observed_until"]
        case .fcm: []
        case .apns:
            [
                "date", "received_by_apns", "delivered_to_device", "discarded_token_unregistered", "discarded_expired",
                "discarded_disabled",
            ]
        }
    }

    /// Columns a file of this kind may have besides the required ones.
    public var optionalColumns: [String] {
        switch self {
        case .opens: ["time_zone"]
        case .apns:
            [
                "push_type", "priority", "delivered_to_device_from_storage", "stored_device_offline",
                "stored_power_considerations",
                "discarded_token_unregistered_from_storage", "discarded_disabled_from_storage",
            ]
        default: []
        }
    }

    /// A bg file's optional columns that say which device a request is of and what it needs, so an
    /// eligibility file's periods can be matched to it; a file without them is read as before.
    public var eligibilityColumns: [String] {
        switch self {
        case .bg: ["device", "kind", "requires_power", "requires_network"]
        case .work: ["device", "requires_charging", "requires_network"]
        default: []
        }
    }

    /// The header with the eligibility columns too (what `--emit-telemetry` writes for BG launches).
    public var eligibilityHeader: String {
        (requiredColumns + optionalColumns + eligibilityColumns).joined(separator: ",")
    }

    /// The documented header line (an FCM export is JSON: it has none).
    public var header: String { (requiredColumns + optionalColumns).joined(separator: ",") }

    /// The kind whose signature column appears in a header. Signature columns
    /// are unique to one kind, so a header with a missing column still gets
    /// the precise "missing column" message rather than "unknown header".
    static func detect(_ columns: [String]) -> TelemetryKind? {
        let names = Set(columns)
        if names.contains("request_id") || names.contains("launched_at") || names.contains("earliest_begin") {
            return .bg
        }
        if names.contains("outcome") || names.contains("started_at") || names.contains("finished_at") { return .fetch }
        if names.contains("work_id") || names.contains("enqueued_at") || names.contains("ran_at") { return .work }
        if names.contains("opened_at") || names.contains("device_id") { return .opens }
        if names.contains("received_by_apns") { return .apns }
        return nil
    }

    /// A console metric name as a column name: `Stored - Device Offline` → `stored_device_offline`.
    static func columnName(_ text: String) -> String {
        var out = "", gap = false
        for c in text.lowercased() {
            if c.isLetter || c.isNumber {
                if gap, !out.isEmpty { out += "_" }
                out.append(c)
                gap = false
            } else {
                gap = true
            }
        }
        return out
    }
}
