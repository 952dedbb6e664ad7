/// The per-cycle rates every arm reports, each with a 95% interval across devices.
public enum RateMetric: Int, Sendable, CaseIterable {
    case fresh = 0
    case stale
    case fallback
    case suppressed
    case missed
    case late
    case notifiedBeforeFetch

    public var name: String {
        switch self {
        case .fresh: "fresh"
        case .stale: "stale"
        case .fallback: "fallback"
        case .suppressed: "suppressed"
        case .missed: "missed"
        case .late: "late"
        case .notifiedBeforeFetch: "notified_before_fetch"
        }
    }

    /// Whether a higher rate is better for the user (only fresh).
    public var higherIsBetter: Bool { self == .fresh }

    public init(outcome: CycleOutcome) {
        self = RateMetric(rawValue: outcome.rawValue)!
    }
}
