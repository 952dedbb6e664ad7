/// Chained (SPEC §2): fetch, then cache, then arm the notification. The
/// notification is armed only when fetch code runs, so content is fresh but
/// may be late, or missing when no code runs. With `guard: deadline` a
/// fallback request at T + contentTimeout, pre-armed for a bounded horizon,
/// catches cycles whose fetch never ends in time.
extension ArmSimulator {
    /// iOS keeps at most this many pending notification requests.
    static let pendingRequestLimit = 64

    /// When the cycle's display window closes.
    func chainedDeadlineTime(_ cycle: Int) -> Millis {
        let next = calendar.nextNotifyTime(after: cycle)
        switch strategy.guardPolicy {
        case .deadline: return min(calendar.notifyTimes[cycle] + world.plugin.contentTimeout, next)
        case .none: return next
        }
    }

    func chainedFetchSucceeded(cycle: Int) {
        guard cycle == firstUnresolved else {
            trace("fetch.unshown", "cycle \(cycle + 1) was resolved while the fetch ran: content cached, not shown",
                  cycle: cycle)
            return
        }
        cancelGuard(cycle)
        armOrShow(cachedContent: true)
    }

    func chainedFetchEmpty(cycle: Int) {
        guard cycle == firstUnresolved, armed != .cachedContent else { return }
        if strategy.carryUnshown, let content = cache, !content.shown {
            cancelGuard(cycle)
            armOrShow(cachedContent: true)
            return
        }
        cancelGuard(cycle)
        switch strategy.onEmpty {
        case .suppress: resolveUnshown(cycle: cycle, outcome: .suppressed, why: "the fetch returned no updates")
        case .showDefault: armOrShow(cachedContent: false)
        }
    }

    /// The expiration handler (or the failed fetch's completion) gets a moment
    /// of CPU: it arms the fallback unless the plugin is told to skip.
    func chainedFetchFailed(cycle: Int) {
        guard cycle == firstUnresolved, armed == nil else { return }
        if world.plugin.fallbackBehavior == .showDefault { armOrShow(cachedContent: false) }
    }

    /// Arms the notification for T, or shows it now when T has passed.
    private func armOrShow(cachedContent: Bool) {
        let cycle = firstUnresolved
        let notifyTime = calendar.notifyTimes[cycle]
        guard now < notifyTime else {
            show(cachedContent: cachedContent, cycle: cycle)
            return
        }
        if let armedHandle { queue.cancel(armedHandle) }
        armed = cachedContent ? .cachedContent : .fallback
        guard !(arm.platform == .android && alarmsLost) else {
            // No alarm can be set until something re-arms; keep it for then.
            lostArmed = armed
            armed = nil
            return
        }
        armedHandle = queue.schedule(at: max(notificationAlarmTime(cycle, at: notifyTime), now), .notificationDue(cycle: cycle))
        trace("notification.armed", "cycle \(cycle + 1) armed for T with \(cachedContent ? "fetched" : "fallback") content",
              cycle: cycle)
    }

    func chainedNotificationDue(cycle: Int) {
        guard cycle == firstUnresolved, let armed else { return }
        armedHandle = nil
        show(cachedContent: armed == .cachedContent, cycle: cycle)
    }

    func chainedDeadline(cycle: Int) {
        guard cycle == firstUnresolved else { return }
        if let armed {
            // Armed for T, which is due at this same instant.
            show(cachedContent: armed == .cachedContent, cycle: cycle)
            return
        }
        if strategy.guardPolicy == .deadline, guardArmed(cycle) {
            trace("guard.fire", "guard request fires: fallback at T + contentTimeout", cycle: cycle)
            let deferred = notificationAlarmTime(cycle, at: now, purpose: 2)
            show(cachedContent: false, cycle: cycle, displayAt: deferred == now ? nil : deferred)
            return
        }
        let why: String
        switch strategy.guardPolicy {
        case .deadline: why = "no content by T + contentTimeout and no guard armed"
        case .none: why = "nothing shown by the next cycle's T"
        }
        resolveUnshown(cycle: cycle, outcome: .missed, why: why)
    }

    /// Plugin code is running: top up the guards. iOS arms fallback requests
    /// for cycles within `guardHorizon`, within the 64-request limit (the
    /// soonest kept). Android arms a guard alarm with each cycle's fetch alarm.
    func armGuards() {
        guard strategy.guardPolicy == .deadline, world.plugin.fallbackBehavior == .showDefault,
              !(arm.platform == .android && alarmsLost) else { return }
        let start = max(guardsThrough, firstUnresolved)
        var through = start
        switch arm.platform {
        case .ios:
            let horizonEnd = now + strategy.guardHorizon
            let limit = min(calendar.count, firstUnresolved + Self.pendingRequestLimit - (armed == nil ? 0 : 1))
            while through < limit, calendar.notifyTimes[through] + world.plugin.contentTimeout <= horizonEnd {
                through += 1
            }
        case .android:
            through = min(calendar.count, max(start, max(pendingFetchAlarmCycle, firstUnresolved) + 1))
        }
        if through > guardsThrough {
            if through > start {
                trace("guard.armed", "guards armed for cycles \(start + 1)–\(through)")
            }
            guardsThrough = through
        }
    }

    func guardArmed(_ cycle: Int) -> Bool {
        cycle < guardsThrough && cycle != cancelledGuardCycle
    }

    private func cancelGuard(_ cycle: Int) {
        if guardArmed(cycle) {
            cancelledGuardCycle = cycle
            trace("guard.cancelled", "fetch done: the cycle's guard is removed", cycle: cycle)
        }
    }
}
