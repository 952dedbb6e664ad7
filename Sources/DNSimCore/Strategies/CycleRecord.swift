/// The one outcome each cycle of each device gets (SPEC §4).
public enum CycleOutcome: Int, Sendable, CaseIterable {
    case fresh = 0
    case stale
    case fallback
    case suppressed
    case missed

    public var name: String {
        switch self {
        case .fresh: "fresh"
        case .stale: "stale"
        case .fallback: "fallback"
        case .suppressed: "suppressed"
        case .missed: "missed"
        }
    }

    public var isShown: Bool { self == .fresh || self == .stale || self == .fallback }
}

/// How one cycle ended, handed to the metrics layer as it happens.
public struct CycleRecord: Sendable, Equatable {
    public var cycle: Int
    public var outcome: CycleOutcome
    /// Display time minus T, for shown notifications.
    public var lateness: Millis?
    /// Shown before any fetch completed at or after this cycle's F.
    public var notifiedBeforeFetch: Bool
    /// Display time minus the completion of the fetch whose content is shown.
    public var contentAge: Millis?
}

/// Receives what a simulated device produces. Implemented by the metrics layer.
public protocol SimulationObserver: AnyObject {
    func record(_ cycle: CycleRecord)
    /// A server update reached the user for the first time, `delay` after it happened.
    func updateShown(delay: Millis)
}

/// Per device and arm: what the plugin cost and how many updates it handled.
public struct DeviceActivity: Sendable, Equatable {
    public var backgroundRuns = 0
    public var fetches = 0
    public var alarmWakeups = 0
    public var appOpens = 0
    public var reboots = 0
    /// Server updates made during the run (the lost-update rate's denominator).
    public var updates = 0
    /// Updates acknowledged by a successful fetch.
    public var acked = 0
    /// Acked updates that some shown notification included.
    public var shownUpdates = 0
    /// A hash of every event the device handled, in order (its trajectory).
    public var trajectory: UInt64 = 0
    public init() {}
    public var lostUpdates: Int { acked - shownUpdates }
}
