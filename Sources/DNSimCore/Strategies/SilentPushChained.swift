/// Server push, background kind (docs/push.md): the server sends a
/// content-available push at each F; the plugin code it wakes runs the
/// chained logic (fetch, then arm the notification for T, guards as the
/// chained options say). The platform schedules no fetch, so a cycle whose
/// push never wakes the app in time is left to its guard, or missed.
public struct SilentPushChained: PluginStrategy {
    public static let schedulesPlatformFetch = false

    var chained: ChainedFetch
    /// The next cycle whose push is still to be sent.
    var nextPush = 0
    /// A push is on its way to the device; pushes are handled in the order sent.
    var pushInFlight = false

    public static let armsNotificationAfterFetch = true

    public init(configuration: StrategyConfiguration) {
        chained = ChainedFetch(configuration: configuration)
    }

    public func pendingNotifications<OS>(_ runtime: PluginRuntime<OS>) -> PendingNotifications {
        chained.pendingNotifications(runtime)
    }

    public mutating func openCycle<OS>(_ runtime: inout PluginRuntime<OS>) {
        chained.openCycle(&runtime)
        // Set up again (after New Activity was off): the server sends from the next F on.
        if nextPush == 0 {
            nextPush = runtime.calendar.firstCycle(from: runtime.firstUnresolved, withFetchAfter: runtime.now - 1)
        }
        if !pushInFlight { sendNextPush(&runtime) }
    }

    /// Sends pushes in cycle order until one will reach the device.
    mutating func sendNextPush<OS>(_ runtime: inout PluginRuntime<OS>) {
        while nextPush < runtime.calendar.count {
            let cycle = nextPush
            nextPush += 1
            guard case .delivered(_, let release, _) = runtime.sendPush(cycle: cycle, kind: .background) else {
                continue
            }
            pushInFlight = true
            // One the device takes after the run has nothing left to decide.
            if release <= runtime.runEnd { runtime.schedule(at: max(release, runtime.now), .pushArrived(cycle: cycle)) }
            return
        }
    }

    /// The push wakes the app: its code tops up the guards and fetches for
    /// the earliest unresolved cycle within the handler's budget.
    public mutating func pushArrived<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        pushInFlight = false
        let budget = runtime.push.handlerBudget(.background)
        runtime.trace(.backgroundPushArrived(budget: budget), cycle: cycle)
        // Its handler arms a notification for T but shows none itself: FCM counts it as unseen.
        runtime.pushHandled(shown: false)
        chained.pluginCodeRuns(&runtime)
        if runtime.plugin.fetchEnabled, runtime.firstUnresolved < runtime.calendar.count {
            runtime.startFetch(budget: budget)
        }
        sendNextPush(&runtime)
    }

    public mutating func cycleResolved<OS>(_ runtime: inout PluginRuntime<OS>) { chained.cycleResolved(&runtime) }
    public func fetchReplacesPendingNotification<OS>(_ result: FetchResult, _ runtime: PluginRuntime<OS>) -> Bool {
        chained.fetchReplacesPendingNotification(result, runtime)
    }
    public mutating func pluginCodeRuns<OS>(_ runtime: inout PluginRuntime<OS>) { chained.pluginCodeRuns(&runtime) }
    public mutating func fetchSucceeded<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {
        chained.fetchSucceeded(decides: cycle, &runtime)
    }
    public mutating func fetchEmpty<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {
        chained.fetchEmpty(decides: cycle, &runtime)
    }
    public mutating func fetchFailed<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {
        chained.fetchFailed(decides: cycle, &runtime)
    }
    public mutating func notificationDue<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        chained.notificationDue(cycle: cycle, &runtime)
    }
    public mutating func notificationHeld<OS>(cycle: Int, until: Millis, _ runtime: inout PluginRuntime<OS>) {
        chained.notificationHeld(cycle: cycle, until: until, &runtime)
    }
    public mutating func deadline<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        chained.deadline(cycle: cycle, &runtime)
    }
    public mutating func alarmsCleared<OS>(_ runtime: inout PluginRuntime<OS>) { chained.alarmsCleared(&runtime) }
    public mutating func alarmsRearmed<OS>(_ runtime: inout PluginRuntime<OS>) { chained.alarmsRearmed(&runtime) }
}
