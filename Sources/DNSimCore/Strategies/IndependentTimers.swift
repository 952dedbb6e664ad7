/// Independent timers (SPEC §2): the fetch and the notification are peer
/// schedules. On iOS the notification is one repeating calendar request armed
/// at setup with the cache's content (fallback when empty), whose content
/// each completed fetch replaces; no code runs at T. On Android the
/// notification alarm runs code at T and reads the same cache, so both
/// platforms show the cache as it stood at T.
///
/// `staleContent: fallback` is the plugin arming fresh content as a one-shot
/// request for the cycle it was fetched for, over a repeating fallback base.
extension ArmSimulator {
    func independentFetchSucceeded(cycle: Int) {
        if emptyFetchCycle == firstUnresolved { emptyFetchCycle = -1 }
        trace("notification.armed", "repeating request's content replaced by the fetch", cycle: firstUnresolved)
    }

    func independentFetchEmpty(cycle: Int) {
        // With carryUnshown, updates fetched earlier and never shown still make this cycle's content.
        if strategy.carryUnshown, let content = cache, !content.shown { return }
        let current = firstUnresolved
        guard cycle == current, now <= calendar.notifyTimes[current] else { return }
        emptyFetchCycle = current
        switch strategy.onEmpty {
        case .suppress: trace("notification.cancelled", "no updates: this cycle's request is removed", cycle: current)
        case .showDefault: trace("notification.armed", "no updates: this cycle shows the default copy", cycle: current)
        }
    }

    func independentNotificationDue(cycle: Int) {
        guard cycle == firstUnresolved else { return }
        if emptyFetchCycle == cycle {
            switch strategy.onEmpty {
            case .suppress: resolveUnshown(cycle: cycle, outcome: .suppressed, why: "this cycle's fetch returned no updates")
            case .showDefault: show(cachedContent: false, cycle: cycle)
            }
            return
        }
        guard let content = cache else {
            show(cachedContent: false, cycle: cycle)
            return
        }
        let fetchedThisCycle = content.fetchedAt >= calendar.fetchTimes[cycle]
        show(cachedContent: fetchedThisCycle || strategy.staleContent == .show, cycle: cycle)
    }
}
