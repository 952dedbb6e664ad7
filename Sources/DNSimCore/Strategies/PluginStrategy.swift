/// A notification policy, written as handlers for the moments a real
/// platform runs plugin code (docs/model.md §2) and for those at which the platform
/// acts alone (a request firing at T, a cycle's window closing). A strategy
/// holds only its own state; everything shared comes in the `PluginRuntime`.
/// `DeviceSimulation` is specialised for each (strategy, platform) pair, so
/// the event loop makes no dynamic calls.
public protocol PluginStrategy {
    /// Whether the platform schedules the fetch (BG task, fetch alarm); false
    /// when the server's pushes trigger it.
    static var schedulesPlatformFetch: Bool { get }
    /// Whether a fetch's success arms the notification (the chained logic): so does a stale
    /// handler that `cancelDualSchedule` left running.
    static var armsNotificationAfterFetch: Bool { get }
    init(configuration: StrategyConfiguration)
    /// What is armed on the platform now, for a cancel that leaves it (docs/lifecycle.md).
    func pendingNotifications<OS>(_ runtime: PluginRuntime<OS>) -> PendingNotifications
    /// Schedules what decides the earliest unresolved cycle's outcome.
    mutating func openCycle<OS>(_ runtime: inout PluginRuntime<OS>)
    /// Clears what the strategy kept for a cycle that just got its outcome.
    mutating func cycleResolved<OS>(_ runtime: inout PluginRuntime<OS>)
    /// Plugin code runs (setup, app open, BG task, fetch alarm): top up what it pre-arms.
    mutating func pluginCodeRuns<OS>(_ runtime: inout PluginRuntime<OS>)
    /// Whether the plugin's code for a fetch that ended with `result` replaces the notification
    /// pending under its one identifier (arms, or replaces the content of, a later cycle's): an
    /// earlier unresolved cycle is then missed (docs/model.md §2, cycle windows). When it does
    /// not, that cycle keeps what was armed for it, and the fetch decides the later one all the same.
    func fetchReplacesPendingNotification<OS>(_ result: FetchResult, _ runtime: PluginRuntime<OS>) -> Bool
    /// A fetch ended with updates (now in the cache); `decides` is the cycle
    /// it decides, nil when it is early (docs/model.md §2, cycle windows).
    mutating func fetchSucceeded<OS>(decides: Int?, _ runtime: inout PluginRuntime<OS>)
    /// A fetch ended without updates.
    mutating func fetchEmpty<OS>(decides: Int?, _ runtime: inout PluginRuntime<OS>)
    /// A fetch failed for good (retries spent, or its budget expired).
    mutating func fetchFailed<OS>(decides: Int?, _ runtime: inout PluginRuntime<OS>)
    /// A request (iOS) or notification alarm (Android) armed for the cycle's T fires.
    mutating func notificationDue<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>)
    /// Android: power management holds the cycle's notification alarm, due now, until `until`
    /// (`.max`: not within the run).
    mutating func notificationHeld<OS>(cycle: Int, until: Millis, _ runtime: inout PluginRuntime<OS>)
    /// The cycle's display window closes.
    mutating func deadline<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>)
    /// Android: a reboot cleared every alarm.
    mutating func alarmsCleared<OS>(_ runtime: inout PluginRuntime<OS>)
    /// Android: plugin code re-arms what the reboot cleared.
    mutating func alarmsRearmed<OS>(_ runtime: inout PluginRuntime<OS>)
    /// The device takes the server's push for `cycle`.
    mutating func pushArrived<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>)
    /// The fetch an alert push's handler started ended (retries spent).
    mutating func pushFetchEnded<OS>(_ result: FetchResult, attempt: FetchAttempt, _ runtime: inout PluginRuntime<OS>)
}

/// The local strategies schedule their fetch on the platform and receive no pushes.
extension PluginStrategy {
    public static var schedulesPlatformFetch: Bool { true }
    public static var armsNotificationAfterFetch: Bool { false }
    public func pendingNotifications<OS>(_ runtime: PluginRuntime<OS>) -> PendingNotifications {
        PendingNotifications()
    }
    public func fetchReplacesPendingNotification<OS>(_ result: FetchResult, _ runtime: PluginRuntime<OS>) -> Bool {
        false
    }
    public mutating func pushArrived<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {}
    public mutating func notificationHeld<OS>(cycle: Int, until: Millis, _ runtime: inout PluginRuntime<OS>) {}
    public mutating func pushFetchEnded<OS>(
        _ result: FetchResult, attempt: FetchAttempt, _ runtime: inout PluginRuntime<OS>
    ) {}
}
