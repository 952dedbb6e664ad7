/// The per-cycle rates every arm reports, each with a 95% interval across devices: the share of
/// each `CycleOutcome`, then two properties of shown cycles (late, notified before the fetch).
public enum RateMetric: Hashable, Sendable, CaseIterable {
    case outcome(CycleOutcome)
    case late
    case notifiedBeforeFetch

    public static let fresh = RateMetric.outcome(.fresh)
    public static let stale = RateMetric.outcome(.stale)
    public static let fallback = RateMetric.outcome(.fallback)
    public static let suppressed = RateMetric.outcome(.suppressed)
    public static let missed = RateMetric.outcome(.missed)
    public static let blocked = RateMetric.outcome(.blocked)

    /// In counter order: the outcomes in their own order, then late and notified-before-fetch.
    public static let allCases: [RateMetric] =
        CycleOutcome.allCases.map(RateMetric.outcome) + [.late, .notifiedBeforeFetch]

    /// The metric's slot in the counter arrays (`ArmStatistics.counts` and the like): an
    /// outcome's slot is its own raw value, so a cycle's outcome indexes its count directly.
    public var rawValue: Int {
        switch self {
        case .outcome(let outcome): outcome.rawValue
        case .late: CycleOutcome.allCases.count
        case .notifiedBeforeFetch: CycleOutcome.allCases.count + 1
        }
    }

    public var name: String {
        switch self {
        case .outcome(let outcome): outcome.name
        case .late: "late"
        case .notifiedBeforeFetch: "notified_before_fetch"
        }
    }

    /// Whether a higher rate is better for the user (only fresh).
    public var higherIsBetter: Bool { self == .fresh }
}
