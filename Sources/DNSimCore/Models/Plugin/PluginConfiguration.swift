/// What the plugin was configured with (`DualScheduleConfiguration`).
public struct PluginConfiguration: Sendable, Equatable {
    public var fallbackTitle: String = "New Activity"
    public var fallbackBody: String = "Check your starred projects and offers for updates."
    /// `relationship.contentTimeout`, in milliseconds as the plugin defines it.
    public var contentTimeout: Millis = 300_000
    public var fallbackBehavior: FallbackBehavior = .showDefault
    /// `userNotification.interruptionLevel` (iOS 15+): whether its notifications wait for Scheduled Summary and Focus.
    public var interruptionLevel: InterruptionLevel = .active
    /// `contentFetch.enabled`: false means no fetch is ever scheduled.
    public var fetchEnabled = true
    /// `contentFetch.timeout` (ms): an attempt that takes longer ends as a failure; nil: no timeout.
    public var fetchTimeout: Millis?
    /// `contentFetch.retryAttempts`: retries of a failed attempt while the code still has CPU.
    public var retryAttempts = 0
    /// `contentFetch.retryDelay` (ms): the wait before each retry.
    public var retryDelay: Millis = 0
    /// Known bug shapes of the plugin's `cancelDualSchedule` and reschedule (`plugin.defects`).
    public var defects: Set<PluginDefect> = []
    public init() {}
}

/// `relationship.fallbackBehavior`: what a failed fetch (or a guard) shows.
public enum FallbackBehavior: String, Sendable, CaseIterable {
    case showDefault = "show_default"
    case skip
}
