/// The policies the plugin can follow (docs/model.md §1, docs/push.md).
public enum StrategyKind: String, Sendable, CaseIterable {
    /// Fetch and notification armed as peer schedules.
    case independent
    /// Fetch, then cache, then arm the notification.
    case chained
    /// The server's push triggers the fetch (`PushKind`).
    case push
    /// The podcast app's NewEpisodes pattern: a BG run every `newsInterval` that notifies only news, per
    /// item; measured per server update, not per cycle (docs/model.md §2, notify on news).
    case onNews

    /// Whether the arm is measured per server update instead of per cycle: its rates cannot be paired with a cycle arm's.
    public var measuresUpdates: Bool { self == .onNews }

    /// Whether the plugin schedules everything on the device itself.
    public var isLocal: Bool { self != .push }
}

/// Independent timers: what T shows when the cache holds an earlier cycle's content.
public enum StaleContentPolicy: String, Sendable, CaseIterable {
    case show
    case fallback
}

/// Chained: whether a fallback request is pre-armed at T + contentTimeout.
public enum GuardPolicy: String, Sendable, CaseIterable {
    case deadline
    case none
}

/// What to do when a fetch succeeds with no updates.
public enum EmptyFetchPolicy: String, Sendable, CaseIterable {
    case suppress
    case showDefault = "show_default"
    /// A reminder that always shows its current content: the empty fetch confirms the cache, which
    /// is shown with its age counted from that fetch; with nothing cached, the default copy.
    case showCached = "show_cached"
}

/// What a fetch completing before the earliest unresolved cycle's F does.
public enum EarlyFetchPolicy: String, Sendable, CaseIterable {
    /// It updates the cache and the ack and decides nothing (docs/model.md §2).
    case cache
    /// It is the prefetch of the earliest unresolved cycle, as plugins that
    /// ignore cycle windows behave (an evening fetch arms the next day's T).
    case arm
}

/// One strategy variant as the scenario names it.
public struct StrategyConfiguration: Sendable, Equatable {
    public var kind: StrategyKind
    /// Unique among the scenario's strategies; the arm is `label/platform`.
    public var label: String
    public var staleContent: StaleContentPolicy = .show
    public var guardPolicy: GuardPolicy = .deadline
    public var guardHorizon: Millis = 7 * SimTime.day
    public var onEmpty: EmptyFetchPolicy = .suppress
    /// Merge updates fetched but never shown into the next notification.
    public var carryUnshown: Bool = false
    /// What a fetch that completes before its cycle's F does (docs/model.md §2, cycle windows).
    public var earlyFetch: EarlyFetchPolicy = .cache
    /// An app open also runs the fetcher in the foreground.
    public var fetchOnOpen: Bool = false
    /// For `push`: an alert push at T, or a background push at F.
    public var pushKind: PushKind = .alert
    /// This variant's plugin defects (docs/lifecycle.md); nil: `plugin.defects`.
    public var defects: Set<PluginDefect>?
    /// For `onNews`: the earliest time from one run to the next (`interval`).
    public var newsInterval: Millis = 6 * SimTime.hour

    public init(kind: StrategyKind, label: String? = nil) {
        self.kind = kind
        self.label = label ?? kind.rawValue
    }

    /// Whether the strategy runs the chained logic, guards included (chained, and a background push).
    public var armsGuards: Bool { kind == .chained || (kind == .push && pushKind == .background) }
}

/// One arm of a run: a strategy on a platform.
public struct Arm: Sendable, Equatable {
    public var strategy: StrategyConfiguration
    public var platform: Platform
    public init(strategy: StrategyConfiguration, platform: Platform) {
        self.strategy = strategy
        self.platform = platform
    }
    public var name: String { "\(strategy.label)/\(platform.rawValue)" }
}
