/// What the user's lifecycle does to the plugin's cycles (docs/lifecycle.md): cycles that fall
/// while New Activity is off, a moved notification time, displays for duplicates.
extension PluginRuntime {
    /// A notification of any kind was displayed at `display`: within `duplicateWindow` of the
    /// previous one it is a duplicate.
    mutating func noteDisplay(at display: Millis) {
        if let last = state.lifecycle.lastDisplay, abs(display - last) < world.duplicateWindow {
            context.activity[.duplicates] += 1
        }
        state.lifecycle.lastDisplay = max(state.lifecycle.lastDisplay ?? display, display)
    }

    /// Undoes the outcomes of cycles whose T is still ahead (a fetch with no updates suppresses
    /// a cycle before its T): when the user turns New Activity off or moves it, those cycles are
    /// not due, in every arm alike.
    mutating func reopenCycles(after time: Millis) {
        let target = state.calendar.firstCycle(notifyingAfter: time)
        guard target < state.firstUnresolved else { return }
        var reopened = 0
        while let last = log.cycles.last, last.cycle >= target {
            log.cycles.removeLast()
            reopened += 1
        }
        context.activity[.offCycles] -= (state.firstUnresolved - target) - reopened
        state.firstUnresolved = target
    }

    /// After `cancelDualSchedule` at `now`: a cycle already due and not shown never will be
    /// (missed); a cycle whose T falls before `offUntil` is not due (off).
    mutating func resolveCycles(dueBefore now: Millis, offUntil end: Millis) {
        while state.firstUnresolved < state.calendar.count, state.calendar.notifyTimes[state.firstUnresolved] <= now {
            resolveUnshown(cycle: state.firstUnresolved, because: .cancelledBeforeShown)
        }
        while state.firstUnresolved < state.calendar.count, state.calendar.notifyTimes[state.firstUnresolved] < end {
            context.activity[.offCycles] += 1
            context.trace(
                .cycleOff, cycle: state.firstUnresolved, at: state.calendar.notifyTimes[state.firstUnresolved])
            skipCycle()
        }
    }

    /// The user moved the notification time at `now` to `other`'s: the cycles already resolved
    /// stay, the rest follow the new time.
    mutating func switchCalendar(to other: CycleCalendar) {
        state.calendar = state.calendar.switching(keeping: state.firstUnresolved, to: other, after: now)
        context.calendar = state.calendar
    }
}
