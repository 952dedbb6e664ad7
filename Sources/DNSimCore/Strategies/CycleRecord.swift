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

/// How one cycle ended, as the metrics layer reads it.
public struct CycleRecord: Sendable, Equatable {
    public var cycle: Int
    /// The cycle's T on this device's calendar (a time change moves it).
    public var notifyTime: Millis
    public var outcome: CycleOutcome
    /// Display time minus T, for shown notifications.
    public var lateness: Millis?
    /// Shown before any fetch completed at or after this cycle's F.
    public var notifiedBeforeFetch: Bool
    /// Display time minus the completion of the fetch whose content is shown.
    public var contentAge: Millis?
}
