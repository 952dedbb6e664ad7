/// Chained (docs/model.md §2): fetch, then cache, then arm the notification. The
/// notification is armed only when fetch code runs, so content is fresh but
/// may be late, or missing when no code runs. With `guard: deadline` a
/// fallback request at T + contentTimeout, pre-armed for a bounded horizon,
/// catches cycles whose fetch never ends in time.
public struct ChainedFetch: PluginStrategy {
    /// What is armed for the earliest unresolved cycle's T.
    enum ArmedRequest {
        case cachedContent
        case fallback
    }

    let configuration: StrategyConfiguration
    var armed: ArmedRequest?
    var armedHandle: EventHandle?
    /// When the armed request or alarm really fires (later than T when deferred).
    var armedFire: Millis = 0
    /// Guards are armed for every cycle before this one (except a cancelled one).
    var guardsThrough = 0
    /// When the latest batch of guards (from `guardBatchStart` on) was armed,
    /// and the batch before it: an inexact guard's window runs from its arming.
    var guardBatchStart = 0
    var guardBatchArmedAt: Millis = 0
    var previousGuardBatchArmedAt: Millis = 0
    var cancelledGuardCycle = -1
    /// Android: what was armed when a reboot cleared it, to re-arm from the cache.
    var lostArmed: ArmedRequest?
    /// A later cycle whose in-window fetch came back empty while an earlier one was unresolved
    /// (its alarm held), so arming nothing: it is suppressed once it opens. -1 when none.
    var emptyAheadCycle = -1

    public static let armsNotificationAfterFetch = true

    public init(configuration: StrategyConfiguration) {
        self.configuration = configuration
    }

    /// The armed request or alarm, and every guard still pending.
    public func pendingNotifications<OS>(_ runtime: PluginRuntime<OS>) -> PendingNotifications {
        let cycle = runtime.firstUnresolved
        var pending = PendingNotifications()
        if armed != nil, cycle < runtime.calendar.count {
            pending.next = .init(fire: armedFire, notifyTime: runtime.calendar.notifyTimes[cycle])
        }
        guard configuration.guardPolicy == .deadline else { return pending }
        let through = max(runtime.firstUnresolved, min(guardsThrough, runtime.calendar.count))
        for cycle in runtime.firstUnresolved..<through where guardArmed(cycle) {
            let notifyTime = runtime.calendar.notifyTimes[cycle]
            let fire = runtime.fireTime(
                notifyTime + runtime.plugin.contentTimeout, purpose: .guardRequest, cycle: cycle,
                armedAt: guardArmedAt(cycle))
            pending.guards.append(.init(fire: fire, notifyTime: notifyTime))
        }
        return pending
    }

    /// When the cycle's display window closes.
    func deadlineTime(_ cycle: Int, _ calendar: CycleCalendar, contentTimeout: Millis) -> Millis {
        let next = calendar.nextNotifyTime(after: cycle)
        switch configuration.guardPolicy {
        case .deadline: return min(calendar.notifyTimes[cycle] + contentTimeout, next)
        case .none: return next
        }
    }

    public mutating func openCycle<OS>(_ runtime: inout PluginRuntime<OS>) {
        let cycle = runtime.firstUnresolved
        guard cycle < runtime.calendar.count else { return }
        // Its own fetch already came back empty: its deadline, now, suppresses it.
        let deadline =
            emptyAheadCycle == cycle
            ? runtime.now : deadlineTime(cycle, runtime.calendar, contentTimeout: runtime.plugin.contentTimeout)
        runtime.schedule(at: max(deadline, runtime.now), .deadline(cycle: cycle))
    }

    public mutating func cycleResolved<OS>(_ runtime: inout PluginRuntime<OS>) {
        if let armedHandle { runtime.cancel(armedHandle) }
        armed = nil
        armedHandle = nil
        lostArmed = nil
        cancelledGuardCycle = -1
        if emptyAheadCycle < runtime.firstUnresolved { emptyAheadCycle = -1 }
    }

    /// Updates arm the cycle's notification; so does an empty fetch that shows the default or
    /// carried updates, and a failure whose handler arms the fallback.
    public func fetchReplacesPendingNotification<OS>(_ result: FetchResult, _ runtime: PluginRuntime<OS>) -> Bool {
        switch result {
        case .updates: true
        case .empty:
            configuration.onEmpty != .suppress || (configuration.carryUnshown && runtime.cacheHoldsUnshownUpdates)
        case .failed: runtime.plugin.fallbackBehavior == .showDefault
        case .retrying: false
        }
    }

    public mutating func pluginCodeRuns<OS>(_ runtime: inout PluginRuntime<OS>) { armGuards(&runtime) }

    /// The cycle's prefetch brought updates: shown at max(T, now) with them.
    public mutating func fetchSucceeded<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {
        guard let cycle else { return }
        if emptyAheadCycle == cycle { emptyAheadCycle = -1 }
        cancelGuard(cycle, &runtime)
        armOrShow(cachedContent: true, &runtime)
    }

    public mutating func fetchEmpty<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {
        guard let cycle else { return }
        guard cycle == runtime.firstUnresolved else {
            // An earlier cycle's alarm is held: this fetch arms nothing and that cycle keeps
            // what it has; this one is suppressed when it opens.
            emptyAheadCycle = cycle
            return
        }
        guard armed != .cachedContent else { return }
        if configuration.carryUnshown, runtime.cacheHoldsUnshownUpdates {
            cancelGuard(cycle, &runtime)
            armOrShow(cachedContent: true, &runtime)
            return
        }
        cancelGuard(cycle, &runtime)
        switch configuration.onEmpty {
        case .suppress: runtime.resolveUnshown(cycle: cycle, because: .fetchFoundNoUpdates)
        case .showDefault, .showCached: armOrShow(cachedContent: false, &runtime)
        }
    }

    /// The expiration handler (or the failed fetch's completion) gets a moment
    /// of CPU: it arms the fallback unless the plugin is told to skip.
    public mutating func fetchFailed<OS>(decides cycle: Int?, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved, armed == nil else { return }
        if runtime.plugin.fallbackBehavior == .showDefault { armOrShow(cachedContent: false, &runtime) }
    }

    /// Arms the notification for T, or shows it now when T has passed.
    private mutating func armOrShow<OS>(cachedContent: Bool, _ runtime: inout PluginRuntime<OS>) {
        let cycle = runtime.firstUnresolved
        let notifyTime = runtime.calendar.notifyTimes[cycle]
        guard runtime.now < notifyTime else {
            runtime.show(cachedContent: cachedContent, cycle: cycle)
            return
        }
        if let armedHandle { runtime.cancel(armedHandle) }
        armed = cachedContent ? .cachedContent : .fallback
        guard !runtime.alarmsLost else {
            // No alarm can be set until something re-arms; keep it for then.
            lostArmed = armed
            armed = nil
            return
        }
        armedFire = max(runtime.fireTime(notifyTime, purpose: .notification, cycle: cycle), runtime.now)
        armedHandle = runtime.schedule(at: armedFire, .notificationDue(cycle: cycle))
        runtime.trace(.notificationArmed(fetchedContent: cachedContent), cycle: cycle)
    }

    public mutating func notificationDue<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved, let armed else { return }
        armedHandle = nil
        runtime.show(cachedContent: armed == .cachedContent, cycle: cycle)
    }

    /// Power management holds the armed alarm: it fires later, or the window closes first.
    /// The deadline that already passed (T + contentTimeout) is not looked at again, so one at the
    /// next cycle's T ends the cycle when the alarm is held past it.
    public mutating func notificationHeld<OS>(cycle: Int, until later: Millis, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved, armed != nil else { return }
        armedFire = later
        let next = runtime.calendar.nextNotifyTime(after: cycle)
        if later < next {
            armedHandle = runtime.schedule(at: later, .notificationDue(cycle: cycle))
        } else {
            armedHandle = nil
            runtime.schedule(at: max(next, runtime.now), .deadline(cycle: cycle))
        }
    }

    /// The cycle's window closes: the guard's trigger (T + contentTimeout), or
    /// the next cycle's T. An armed request or guard alarm that the platform
    /// defers shows when it really fires, never earlier, and never after the
    /// next cycle's T (the plugin never shows a superseded cycle).
    public mutating func deadline<OS>(cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        guard cycle == runtime.firstUnresolved else { return }
        let now = runtime.now
        let next = runtime.calendar.nextNotifyTime(after: cycle)
        if let armed, armedFire <= now {
            // Armed for T, which is due at this same instant.
            runtime.show(cachedContent: armed == .cachedContent, cycle: cycle)
            return
        }
        if emptyAheadCycle == cycle, armed == nil {
            emptyAheadCycle = -1
            cancelGuard(cycle, &runtime)
            runtime.resolveUnshown(cycle: cycle, because: .fetchFoundNoUpdates)
            return
        }
        if now >= next {
            let reason: UnshownReason =
                armed != nil ? .alarmHeld : lostArmed != nil ? .alarmCleared : .nothingByNextNotifyTime
            runtime.resolveUnshown(cycle: cycle, because: reason)
            return
        }
        if armed != nil {
            // Deferred: it shows when its alarm fires, unless that is past the next T.
            if armedFire >= next { runtime.schedule(at: next, .deadline(cycle: cycle)) }
            return
        }
        if configuration.guardPolicy == .deadline, guardArmed(cycle) {
            let trigger = runtime.calendar.notifyTimes[cycle] + runtime.plugin.contentTimeout
            let fire = runtime.fireTime(trigger, purpose: .guardRequest, cycle: cycle, armedAt: guardArmedAt(cycle))
            guard fire <= now else {
                runtime.schedule(at: min(fire, next), .deadline(cycle: cycle))
                return
            }
            if OS.notificationsAreAlarms, let later = runtime.os.heldAlarm(now: now) {
                runtime.schedule(at: min(later, next), .deadline(cycle: cycle))
                return
            }
            runtime.trace(.guardFires, cycle: cycle)
            if OS.notificationsAreAlarms { runtime.countAlarmWakeup() }
            runtime.show(cachedContent: false, cycle: cycle)
            return
        }
        switch configuration.guardPolicy {
        case .deadline: runtime.resolveUnshown(cycle: cycle, because: .noContentAndNoGuard)
        case .none: runtime.resolveUnshown(cycle: cycle, because: .nothingByNextNotifyTime)
        }
    }

    /// A reboot cleared the armed notification and the guards. The cycle's own deadline may have
    /// passed already (an armed notification was waiting to fire), so one at the next cycle's T
    /// ends the cycle if nothing re-arms it in time: every cycle gets its outcome.
    public mutating func alarmsCleared<OS>(_ runtime: inout PluginRuntime<OS>) {
        if let armedHandle { runtime.cancel(armedHandle) }
        armedHandle = nil
        if let armed {
            lostArmed = armed
            let cycle = runtime.firstUnresolved
            if cycle < runtime.calendar.count {
                runtime.schedule(
                    at: max(runtime.calendar.nextNotifyTime(after: cycle), runtime.now), .deadline(cycle: cycle))
            }
        }
        armed = nil
        guardsThrough = runtime.firstUnresolved
    }

    public mutating func alarmsRearmed<OS>(_ runtime: inout PluginRuntime<OS>) {
        let cycle = runtime.firstUnresolved
        // Every counted cycle has its outcome (the clock runs on only to resolve the last one): nothing to re-arm.
        guard cycle < runtime.calendar.count else {
            lostArmed = nil
            return
        }
        let notifyTime = runtime.calendar.notifyTimes[cycle]
        if let lost = lostArmed {
            lostArmed = nil
            if notifyTime > runtime.now {
                armed = lost
                armedFire = runtime.fireTime(notifyTime, purpose: .notification, cycle: cycle)
                armedHandle = runtime.schedule(at: armedFire, .notificationDue(cycle: cycle))
            } else {
                // T passed while the alarms were lost: the re-armed notification shows at once, late.
                runtime.show(cachedContent: lost == .cachedContent, cycle: cycle)
            }
        }
        armGuards(&runtime)
    }

    /// Plugin code is running: top up the guards, as far as the platform lets
    /// it (iOS: pending requests within `guardHorizon` and the 64-request
    /// limit; Android: a guard alarm with each cycle's fetch alarm).
    mutating func armGuards<OS>(_ runtime: inout PluginRuntime<OS>) {
        guard configuration.guardPolicy == .deadline, runtime.plugin.fallbackBehavior == .showDefault,
            !runtime.alarmsLost
        else { return }
        let start = max(guardsThrough, runtime.firstUnresolved)
        let through = runtime.guardsReach(
            from: start, armedRequests: armed == nil ? 0 : 1,
            until: runtime.now + configuration.guardHorizon)
        guard through > guardsThrough else { return }
        if through > start { runtime.trace(.guardsArmed(from: start, through: through)) }
        if through > start {
            previousGuardBatchArmedAt = guardBatchArmedAt
            guardBatchStart = start
            guardBatchArmedAt = runtime.now
        }
        guardsThrough = through
    }

    /// When the guard for `cycle` was armed.
    func guardArmedAt(_ cycle: Int) -> Millis {
        cycle >= guardBatchStart ? guardBatchArmedAt : previousGuardBatchArmedAt
    }

    func guardArmed(_ cycle: Int) -> Bool {
        cycle < guardsThrough && cycle != cancelledGuardCycle
    }

    private mutating func cancelGuard<OS>(_ cycle: Int, _ runtime: inout PluginRuntime<OS>) {
        guard guardArmed(cycle) else { return }
        cancelledGuardCycle = cycle
        runtime.trace(.guardCancelled, cycle: cycle)
    }
}
