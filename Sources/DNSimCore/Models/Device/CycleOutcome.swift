/// The one outcome each cycle of each device gets (docs/model.md §4), and the rules that give it: this
/// file is the only place that decides fresh, stale, fallback, suppressed, missed, blocked and late.
/// Strategies say what happened (shown when, with content fetched when; or why nothing was
/// shown); `classify` names the outcome.
public enum CycleOutcome: Int, Sendable, CaseIterable {
    case fresh = 0
    case stale
    case fallback
    case suppressed
    case missed
    /// It would have been shown (fresh, stale or fallback), but the user denied the app
    /// notifications (Android 13+ `POST_NOTIFICATIONS`, iOS authorization).
    case blocked

    public var name: String {
        switch self {
        case .fresh: "fresh"
        case .stale: "stale"
        case .fallback: "fallback"
        case .suppressed: "suppressed"
        case .missed: "missed"
        case .blocked: "blocked"
        }
    }

    public var isShown: Bool { self == .fresh || self == .stale || self == .fallback }

    /// What became of a cycle, as the plugin saw it.
    public enum Display: Sendable, Equatable {
        /// Displayed at `at`, with content the fetcher completed at `contentFetchedAt`,
        /// or with the fallback copy (nil).
        case shown(at: Millis, contentFetchedAt: Millis?)
        /// Nothing displayed, for `reason`.
        case notShown(UnshownReason)
    }

    /// The outcome of a cycle whose window opens at `fetchTime` (F). Shown content is fresh
    /// when it was fetched in the cycle's window (at or after F) and is at most `freshWithin`
    /// old when displayed, stale otherwise; the fallback copy is fallback. Nothing shown is
    /// suppressed when the plugin chose to show nothing because nothing was new, else missed.
    /// With notifications denied (`blocked`), what would have been shown is blocked.
    @inline(__always)
    public static func classify(_ display: Display, fetchTime: Millis, freshWithin: Millis, blocked: Bool = false)
        -> CycleOutcome
    {
        switch display {
        case .shown where blocked: return .blocked
        case .shown(_, nil): return .fallback
        case .shown(let at, let fetchedAt?):
            return fetchedAt >= fetchTime && at - fetchedAt <= freshWithin ? .fresh : .stale
        case .notShown(let reason): return reason.nothingNew ? .suppressed : .missed
        }
    }

    /// Display time minus T, never negative (a notification shown before T counts as on time).
    @inline(__always)
    public static func lateness(display: Millis, notifyTime: Millis) -> Millis { max(0, display - notifyTime) }

    /// A shown cycle is late when displayed more than `lateAfter` after T; exactly at it is on time.
    @inline(__always)
    public static func isLate(lateness: Millis, lateAfter: Millis) -> Bool { lateness > lateAfter }

    /// Displayed exactly `lateAfter` after T: on time by `isLate`, counted apart so a report can
    /// warn when a fixed delay sits on the threshold.
    @inline(__always)
    public static func isOnLateThreshold(lateness: Millis, lateAfter: Millis) -> Bool { lateness == lateAfter }
}
