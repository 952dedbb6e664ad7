/// Independent timers (docs/model.md §2): the fetch and the notification are peer
/// schedules. On iOS the notification is one repeating calendar request armed
/// at setup with the cache's content (fallback when empty), whose content
/// each completed fetch replaces; no code runs at T. On Android the
/// notification alarm runs code at T and reads the same cache, so both
/// platforms show the cache as it stood at T.
///
/// `staleContent: fallback` is the plugin arming fresh content as a one-shot
/// request for the cycle it was fetched for, over a repeating fallback base.
public struct IndependentTimers: PluginStrategy {
    let configuration: StrategyConfiguration
    /// The cycle whose own fetch came back empty, or -1.
    var emptyFetchCycle = -1
    /// Android: the notification alarm armed for the earliest unresolved cycle.
    var dueHandle: EventHandle?
    /// Android: power management held the notification alarm past the next T.
    var heldPastWindow = false

    public init(configuration: StrategyConfiguration) {
        self.configuration = configuration
    }

    /// iOS: the repeating request's next occurrence; Android: the armed notification alarm.
    public func pendingNotifications<OS>(_ runtime: PluginRuntime<OS>) -> PendingNotifications {
        let cycle = runtime.firstUnresolved
        guard cycle < runtime.calendar.count, !runtime.alarmsLost else { return PendingNotifications() }
        let notifyTime = runtime.calendar.notifyTimes[cycle]
        guard notifyTime > runtime.now else { return PendingNotifications() }
        if OS.platform == .ios {
            return PendingNotifications(next: .init(fire: notifyTime, notifyTime: notifyTime), repeating: true)
        }
        return dueHandle == nil
            ? PendingNotifications()
            : PendingNotifications(
                next: .init(
                    fire: runtime.fireTime(notifyTime, purpose: .notification, cycle: cycle),
                    notifyTime: notifyTime))
    }

    /// iOS: the repeating calendar request fires at T. Android: the notify alarm,
    /// unless a reboot cleared it; then nothing shows unless something re-arms it.
    public mutating func openCycle<OS>(_ runtime: inout PluginRuntime<OS>) {
        let cycle = runtime.firstUnresolved
        guard cycle < runtime.calendar.count else { return }
        let now = runtime.now
        if runtime.alarmsLost {
            runtime.schedule(at: max(runtime.calendar.nextNotifyTime(after: cycle), now), .deadline(cycle: cycle))
        } else {
            armAlarm(
                cycle,
                fire: runtime.fireTime(runtime.calendar.notifyTimes[cycle], purpose: .notification, cycle: cycle),
                &runtime)
        }
    }

    /// Arms the cycle's notification alarm to fire at `fire`, unless that is at or past the next
    /// cycle's T (an inexact alarm's window can reach it when cycles are close): the cycle then
    /// ends at that T, as when power management holds the alarm there.
    private mutating func armAlarm<OS>(_ cycle: Int, fire: Millis, _ runtime: inout PluginRuntime<OS>) {
        let next = runtime.calendar.nextNotifyTime(after: cycle)
        if fire < next {
            dueHandle = runtime.schedule(at: max(fire, runtime.now), .notificationDue(cycle: cycle))
        } else {
            dueHandle = nil
            heldPastWindow = true
            runtime.schedule(at: max(next, runtime.now), .deadline(cycle: cycle))
        }
    }

    public mutating func cycleResolved<OS>(_ runtime: inout PluginRuntime<OS>) {
        if let dueHandle { runtime.cancel(dueHandle) }
        dueHandle = nil
        heldPastWindow = false
        // A later cycle's own empty fetch (it ended while this cycle's alarm was held) still counts.
        if emptyFetchCycle < runtime.firstUnresolved { emptyFetchCycle = -1 }
    }

    /// Updates replace the content the pending request or alarm shows; an empty or failed fetch
    /// leaves an earlier cycle's held alarm showing the cache as it was.
    public func fetchReplacesPendingNotification<OS>(_ result: FetchResult, _ runtime: PluginRuntime<OS>) -> Bool {
        result == .updates
    }

    public mutating func pluginCodeRuns<OS>(_ runtime: inout PluginRuntime<OS>) {}

    public mutating func fetchSucceeded<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {
        if emptyFetchCycle == (cycle ?? runtime.firstUnresolved) { emptyFetchCycle = -1 }
        runtime.trace(.requestContentReplaced, cycle: runtime.firstUnresolved)
    }

    /// An in-window empty fetch (F ≤ c ≤ T) removes the cycle's occurrence or
    /// shows the default; an early one changes nothing (docs/model.md §2).
    public mutating func fetchEmpty<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {
        // With carryUnshown, updates fetched earlier and never shown still make this cycle's content.
        if configuration.carryUnshown, runtime.cacheHoldsUnshownUpdates { return }
        guard let current = cycle, runtime.now <= runtime.calendar.notifyTimes[current] else { return }
        emptyFetchCycle = current
        switch configuration.onEmpty {
        case .suppress: runtime.trace(.requestRemoved, cycle: current)
        case .showDefault, .showCached: runtime.trace(.requestShowsDefault, cycle: current)
        }
    }

    public mutating func fetchFailed<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {}

    public mutating func notificationDue<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved else { return }
        if emptyFetchCycle == cycle {
            switch configuration.onEmpty {
            case .suppress: runtime.resolveUnshown(cycle: cycle, because: .ownFetchFoundNoUpdates)
            case .showDefault, .showCached: runtime.show(cachedContent: false, cycle: cycle)
            }
            return
        }
        guard let content = runtime.cache else {
            runtime.show(cachedContent: false, cycle: cycle)
            return
        }
        let fetchedThisCycle = content.fetchedAt >= runtime.calendar.fetchTimes[cycle]
        runtime.show(cachedContent: fetchedThisCycle || configuration.staleContent == .show, cycle: cycle)
    }

    /// Power management holds the notification alarm: it fires later, unless the next T comes first.
    public mutating func notificationHeld<OS>(cycle: Int, until later: Millis, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved else { return }
        armAlarm(cycle, fire: later, &runtime)
    }

    public mutating func deadline<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved else { return }
        runtime.resolveUnshown(cycle: cycle, because: heldPastWindow ? .alarmHeld : .alarmCleared)
    }

    public mutating func alarmsCleared<OS>(_ runtime: inout PluginRuntime<OS>) {
        if let dueHandle { runtime.cancel(dueHandle) }
        dueHandle = nil
        let cycle = runtime.firstUnresolved
        guard cycle < runtime.calendar.count else { return }
        runtime.schedule(at: max(runtime.calendar.nextNotifyTime(after: cycle), runtime.now), .deadline(cycle: cycle))
    }

    public mutating func alarmsRearmed<OS>(_ runtime: inout PluginRuntime<OS>) {
        let cycle = runtime.firstUnresolved
        // Every counted cycle has its outcome: nothing to re-arm.
        guard cycle < runtime.calendar.count else { return }
        let notifyTime = runtime.calendar.notifyTimes[cycle]
        guard dueHandle == nil, notifyTime > runtime.now else { return }
        armAlarm(cycle, fire: runtime.fireTime(notifyTime, purpose: .notification, cycle: cycle), &runtime)
    }
}
