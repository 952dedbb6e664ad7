/// Server push, alert kind (docs/push.md): the server sends an alert push at
/// each T with the fallback copy as payload. When the device takes it, the
/// handler (the Notification Service Extension on iOS, the FCM messaging
/// service on Android) runs the fetcher within its budget and shows the
/// fetched content; the payload's copy when the fetch fails or the budget
/// runs out; nothing when it finds no updates and may leave the notification
/// out. The platform schedules no fetch. A cycle whose push is lost, expires
/// or is replaced in the push service's store is missed.
public struct ServerPush: PluginStrategy {
    public static let schedulesPlatformFetch = false

    let configuration: StrategyConfiguration
    /// Why the open cycle's push never reaches the device, when it does not.
    var lostBecause: UnshownReason?

    public init(configuration: StrategyConfiguration) {
        self.configuration = configuration
    }

    /// The server sends the cycle's push at T: it arrives, or the cycle is
    /// missed when its loss is certain. Pushes are handled in cycle order.
    public mutating func openCycle<OS>(_ runtime: inout PluginRuntime<OS>) {
        let cycle = runtime.firstUnresolved
        guard cycle < runtime.calendar.count else { return }
        let now = runtime.now
        switch runtime.sendPush(cycle: cycle, kind: .alert) {
        case .notSent:
            lostBecause = .serverHadNoNews
            runtime.schedule(at: max(runtime.calendar.notifyTimes[cycle], now), .deadline(cycle: cycle))
        case .dropped:
            lostBecause = .pushLost
            runtime.schedule(at: max(runtime.calendar.notifyTimes[cycle], now), .deadline(cycle: cycle))
        case .expired(_, _, let at):
            lostBecause = .pushExpired
            runtime.schedule(at: max(at, now), .deadline(cycle: cycle))
        case .discarded(_, let at, _, let reason):
            lostBecause = .pushDiscarded(reason)
            runtime.schedule(at: max(at, now), .deadline(cycle: cycle))
        case .replaced(_, _, let at, let by):
            lostBecause = .pushReplaced(by: by)
            runtime.schedule(at: max(at, now), .deadline(cycle: cycle))
        case .delivered(_, let release, _) where release > runtime.runEnd:
            // Nothing is observed after the run: a push still held then is not shown in it.
            lostBecause = .pushHeldPastRunEnd
            runtime.schedule(at: max(runtime.runEnd, now), .deadline(cycle: cycle))
        case .delivered(_, let release, _):
            lostBecause = nil
            runtime.schedule(at: max(release, now), .pushArrived(cycle: cycle))
        }
    }

    public mutating func cycleResolved<OS>(_ runtime: inout PluginRuntime<OS>) { lostBecause = nil }

    public mutating func pluginCodeRuns<OS>(_ runtime: inout PluginRuntime<OS>) {}

    // A foreground fetch (fetchOnOpen) only moves the cache and the ack; the push decides the cycle.
    public mutating func fetchSucceeded<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {}
    public mutating func fetchEmpty<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {}
    public mutating func fetchFailed<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {}
    public mutating func notificationDue<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {}
    public mutating func alarmsCleared<OS>(_ runtime: inout PluginRuntime<OS>) {}
    public mutating func alarmsRearmed<OS>(_ runtime: inout PluginRuntime<OS>) {}

    /// The cycle's push is lost for good.
    public mutating func deadline<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved, let lostBecause else { return }
        runtime.resolveUnshown(cycle: cycle, because: lostBecause)
    }

    /// The handler runs and fetches within its budget; with fetching off it
    /// shows the payload as sent.
    public mutating func pushArrived<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved else { return }
        let budget = runtime.push.handlerBudget(.alert)
        let handler = runtime.push.handlerName, fetches = runtime.plugin.fetchEnabled
        runtime.trace(.alertPushArrived(handler: handler, budget: fetches ? budget : nil), cycle: cycle)
        // iOS does not present an alert push the user denied, so its service extension never runs.
        guard runtime.plugin.fetchEnabled, !(OS.platform == .ios && runtime.notificationsBlocked) else {
            runtime.pushHandled(shown: true)
            return runtime.show(cachedContent: false, cycle: cycle)
        }
        runtime.startPushFetch(cycle: cycle, budget: budget)
    }

    public mutating func pushFetchEnded<OS>(
        _ result: FetchResult, attempt: FetchAttempt, _ runtime: inout PluginRuntime<OS>
    ) {
        let cycle = attempt.cycle
        guard cycle == runtime.firstUnresolved else { return }
        // A fetch never serves a cycle whose window has closed (docs/model.md §2): a push held past
        // the next F shows its payload as sent; what the fetch brought stays in the cache.
        if result != .retrying, let end = runtime.calendar.windowEnd(of: cycle), runtime.now >= end {
            runtime.trace(.pushFetchPastWindow(windowEnd: end), cycle: cycle)
            runtime.pushHandled(shown: true)
            return runtime.show(cachedContent: false, cycle: cycle)
        }
        switch result {
        case .updates:
            runtime.pushHandled(shown: true)
            runtime.show(cachedContent: true, cycle: cycle)
        case .empty:
            if configuration.carryUnshown, runtime.cacheHoldsUnshownUpdates {
                runtime.pushHandled(shown: true)
                runtime.show(cachedContent: true, cycle: cycle)
            } else if runtime.push.maySuppress, configuration.onEmpty == .suppress {
                runtime.pushHandled(shown: false)
                runtime.resolveUnshown(cycle: cycle, because: .handlerFoundNoUpdates)
            } else {
                runtime.pushHandled(shown: true)
                runtime.show(cachedContent: false, cycle: cycle)
            }
        case .failed:
            if runtime.now >= attempt.cpuUntil {
                runtime.trace(.pushHandlerTimedOut(ios: OS.platform == .ios), cycle: cycle)
            }
            if runtime.plugin.fallbackBehavior == .skip, runtime.push.maySuppress {
                runtime.pushHandled(shown: false)
                runtime.resolveUnshown(cycle: cycle, because: .fetchFailedAndSkipped)
            } else {
                runtime.pushHandled(shown: true)
                runtime.show(cachedContent: false, cycle: cycle)
            }
        case .retrying:
            break
        }
    }
}
