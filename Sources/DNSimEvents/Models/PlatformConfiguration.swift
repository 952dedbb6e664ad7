/// The two platforms the plugin ships on.
public enum Platform: String, Sendable, CaseIterable, Comparable {
    case ios
    case android

    public static func < (a: Platform, b: Platform) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// iOS `BGTaskScheduler` request kind; it sets the run budget's default.
public enum BackgroundTaskKind: String, Sendable, CaseIterable {
    case appRefresh
    case processing
}

/// How iOS runs the plugin's background fetch and shows its notifications.
public struct IOSConfiguration: Sendable, Equatable {
    public var taskKind: BackgroundTaskKind = .appRefresh
    /// Delay after max(earliestBeginDate, submission) before the task launches.
    public var delay: Distribution = .fixed(0)
    /// Probability that a submitted request is never run.
    public var never: Double = 0
    /// Run budget; past it the expiration handler cancels the fetch.
    public var budget: Millis = 30 * SimTime.second
    /// Delay between a notification's trigger and its display.
    public var notificationDelay: Distribution = .fixed(0)
    public init() {}
}

/// How Android's exact alarms run the plugin.
public struct AndroidConfiguration: Sendable, Equatable {
    /// Delay of the fetch alarm after its scheduled time.
    public var fetchAlarmDelay: Distribution = .fixed(0)
    /// Delay of the notification (and guard) alarm after its scheduled time.
    public var notificationDelay: Distribution = .fixed(0)
    public init() {}
}

/// The content fetcher's network behaviour (TimeSafariNativeFetcher).
public struct FetchConfiguration: Sendable, Equatable {
    public var latency: Distribution = .fixed(0)
    /// Network failure probability per attempt.
    public var failure: Double = 0
    public init() {}
}

/// The Endorser server's update process for the starred projects.
public struct ServerConfiguration: Sendable, Equatable {
    public var updatesPerDay: Double = 1
    public var starredPlans: Int = 1
    public init() {}
}

/// The user's behaviour; zero rates mean the behaviour is absent.
public struct UserConfiguration: Sendable, Equatable {
    public var appOpensPerDay: Double = 0
    /// iOS: after a force-quit no BG task runs until the next app open.
    public var forceQuitPerDay: Double = 0
    /// How long the JWT pool handed over at each app open lasts; nil: forever.
    public var tokenLifetime: Millis?
    public init() {}
}
