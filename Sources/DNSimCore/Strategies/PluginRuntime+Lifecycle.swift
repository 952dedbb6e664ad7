/// What the user's lifecycle does to the plugin's cycles (docs/lifecycle.md): cycles that fall
/// while New Activity is off, a moved notification time, displays for duplicates.
extension PluginRuntime {
    /// A notification of any kind was displayed at `display`: within `duplicateWindow` of the
    /// previous one it is a duplicate.
    mutating func noteDisplay(at display: Millis) {
        if let last = lifecycle.lastDisplay, abs(display - last) < world.duplicateWindow {
            context.activity.duplicates += 1
        }
        lifecycle.lastDisplay = max(lifecycle.lastDisplay ?? display, display)
    }

    /// Undoes the outcomes of cycles whose T is still ahead (a fetch with no updates suppresses
    /// a cycle before its T): when the user turns New Activity off or moves it, those cycles are
    /// not due, in every arm alike.
    mutating func reopenCycles(after time: Millis) {
        let target = calendar.firstCycle(notifyingAfter: time)
        guard target < firstUnresolved else { return }
        var reopened = 0
        while let last = log.cycles.last, last.cycle >= target {
            log.cycles.removeLast()
            reopened += 1
        }
        context.activity.offCycles -= (firstUnresolved - target) - reopened
        firstUnresolved = target
    }

    /// After `cancelDualSchedule` at `now`: a cycle already due and not shown never will be
    /// (missed); a cycle whose T falls before `offUntil` is not due (off).
    mutating func resolveCycles(dueBefore now: Millis, offUntil end: Millis) {
        while firstUnresolved < calendar.count, calendar.notifyTimes[firstUnresolved] <= now {
            resolveUnshown(cycle: firstUnresolved, because: .cancelledBeforeShown)
        }
        while firstUnresolved < calendar.count, calendar.notifyTimes[firstUnresolved] < end {
            context.activity.offCycles += 1
            context.trace("cycle.off", "cycle \(firstUnresolved + 1) not due: New Activity is off", cycle: firstUnresolved,
                          at: calendar.notifyTimes[firstUnresolved])
            skipCycle()
        }
    }

    /// The user moved the notification time at `now` to `other`'s: the cycles already resolved
    /// stay, the rest follow the new time.
    mutating func switchCalendar(to other: CycleCalendar) {
        calendar = calendar.switching(keeping: firstUnresolved, to: other, after: now)
        context.calendar = calendar
    }
}
