/// The user's lifecycle on one device (docs/lifecycle.md): New Activity turned off and on,
/// the notification time moved, the app's Daily Reminder, and what a defective
/// `cancelDualSchedule` leaves on the platform.
extension DeviceSimulation {
    /// Schedules the first of each lifecycle event; each schedules its successor.
    mutating func startLifecycle() {
        let user = runtime.context.user
        runtime.context.scheduleNext(user.disabled.starts, cursor: &runtime.state.lifecycle.nextDisable, .featureOff)
        if !user.timeChanges.isEmpty { scheduleNextTimeChange() }
        if let reminder = runtime.world.reminder {
            runtime.context.scheduleNext(reminder.times, cursor: &runtime.state.lifecycle.nextReminder, .reminder)
        }
    }

    /// `cancelDualSchedule()`: the plugin forgets its schedule. The platform removes the pending
    /// BG request or fetch alarm and every armed request, guard and alarm, unless a defect
    /// (`plugin.defects`) leaves some of them to fire on their own.
    mutating func cancelDualSchedule(movingTime: Bool) {
        let defects = runtime.strategy.defects ?? runtime.plugin.defects
        let now = runtime.now
        let pending = strategy.pendingNotifications(runtime)
        let guardsLeft = defects.contains(.cancelLeavesGuards)
        if guardsLeft {
            for guardRequest in pending.guards where guardRequest.fire > now { leaveOrphan(guardRequest, .guardLeft) }
        }
        // The old time's next notification: the armed request or alarm, else (chained) its guard
        // (already left if the guards are).
        if movingTime, defects.contains(.rescheduleKeepsOldTime),
            let next = pending.next
                ?? (guardsLeft ? nil : pending.guards.filter({ $0.fire > now }).min(by: { $0.fire < $1.fire })),
            next.fire > now
        {
            leaveOrphan(next, .oldTime, repeatsOn: pending.repeating ? runtime.calendar : nil)
        }
        if defects.contains(.cancelLeavesBGRequest) {
            runtime.state.lifecycle.staleCalendar = runtime.state.lifecycle.staleCalendar ?? runtime.calendar
        } else {
            runtime.os.cancelFetch(&runtime.context)
        }
        runtime.state.epoch &+= 1
        strategy = Strategy(configuration: runtime.strategy)
        runtime.trace(.cancelDualSchedule(defects: defects.map(\.rawValue).sorted()))
    }

    /// The user turns New Activity off until the end of the period `user.disabled` holds.
    mutating func featureOff() {
        let now = runtime.now
        let end = runtime.context.user.disabled.interval(containing: now)?.end ?? now
        runtime.trace(.featureOff(until: end))
        cancelDualSchedule(movingTime: false)
        runtime.state.lifecycle.enabled = false
        runtime.state.lifecycle.setupAt = nil
        runtime.reopenCycles(after: now)
        runtime.resolveCycles(dueBefore: now, offUntil: end)
        if let reminder = runtime.world.reminder, !reminder.defects.contains(.disableLeavesReminder) {
            runtime.state.lifecycle.reminderScheduled = reminder.wanted
        }
        if end <= runtime.context.runEnd { runtime.context.schedule(at: end, .featureOn) }
        runtime.context.scheduleNext(
            runtime.context.user.disabled.starts, cursor: &runtime.state.lifecycle.nextDisable, .featureOff)
    }

    /// The user turns New Activity on again: the app configures the fetcher, updates the starred
    /// plans and calls `scheduleDualNotification` (a setup).
    mutating func featureOn() {
        runtime.state.lifecycle.enabled = true
        runtime.state.lifecycle.enableCount += 1
        runtime.trace(.featureOn)
        if let reminder = runtime.world.reminder, reminder.defects.contains(.enableSchedulesReminder) {
            runtime.state.lifecycle.reminderScheduled = true
        }
        setUpAgain(source: .backgroundRequestAtEnable, index: runtime.state.lifecycle.enableCount)
    }

    /// The user picks another notification time: the app reschedules (cancel, then schedule
    /// with the new T and F = T − lead). While New Activity is off only the preference changes.
    mutating func timeChange(to choice: Int) {
        let now = runtime.now
        let next = runtime.world.timeChoices[choice]
        let first = next.firstCycle(notifyingAfter: now)
        runtime.trace(.timeChange(newNotifyTime: first < next.count ? next.notifyTimes[first] : nil))
        runtime.state.lifecycle.timeChangeCount += 1
        let enabled = runtime.state.lifecycle.enabled
        if enabled { cancelDualSchedule(movingTime: true) }
        runtime.reopenCycles(after: now)
        runtime.resolveCycles(dueBefore: now, offUntil: now)
        runtime.switchCalendar(to: next)
        runtime.state.lifecycle.scheduleInForce = next
        if enabled {
            setUpAgain(source: .backgroundRequestAtTimeChange, index: runtime.state.lifecycle.timeChangeCount)
        } else {
            let end = runtime.context.user.disabled.interval(containing: now)?.end ?? now
            runtime.resolveCycles(dueBefore: now, offUntil: end)
        }
        scheduleNextTimeChange()
    }

    /// `scheduleDualNotification` again: a fresh strategy opens the next cycle, then the setup's
    /// foreground code runs (JWT pool, resubmission, guards).
    private mutating func setUpAgain(source: RandomSource, index: Int) {
        // The cycles resolved by the cancel need no opening of their own: the setup opens the next.
        runtime.state.cycleWasResolved = false
        runtime.state.lifecycle.setupAt = runtime.now
        // The setup's request replaces one the cancel left (BGTaskScheduler and AlarmManager keep
        // one per identifier or PendingIntent), so the new schedule's F is armed at once.
        if runtime.state.lifecycle.staleCalendar != nil { runtime.os.cancelFetch(&runtime.context) }
        runtime.state.lifecycle.staleCalendar = nil
        strategy.openCycle(&runtime)
        foregroundCodeRuns(source: source, index: index)
    }

    private mutating func scheduleNextTimeChange() {
        let user = runtime.context.user
        while runtime.state.lifecycle.nextTimeChange < user.timeChanges.count,
            user.timeChanges[runtime.state.lifecycle.nextTimeChange] < runtime.now
        { runtime.state.lifecycle.nextTimeChange += 1 }
        let next = runtime.state.lifecycle.nextTimeChange
        guard next < user.timeChanges.count, user.timeChanges[next] <= runtime.context.runEnd else { return }
        runtime.state.lifecycle.nextTimeChange += 1
        runtime.context.schedule(at: user.timeChanges[next], .timeChange(choice: user.timeChangeChoices[next]))
    }

    /// The app's Daily Reminder fires: shown if it is scheduled; unwanted unless the user turned it on.
    mutating func reminderFires() {
        if runtime.state.lifecycle.reminderScheduled, let reminder = runtime.world.reminder {
            runtime.trace(.reminderShown(wanted: reminder.wanted))
            if !reminder.wanted { runtime.context.activity[.unwantedReminders] += 1 }
            runtime.noteDisplay(at: runtime.now)
        }
        if let reminder = runtime.world.reminder {
            runtime.context.scheduleNext(reminder.times, cursor: &runtime.state.lifecycle.nextReminder, .reminder)
        }
    }

    /// A notification a defect left behind: an orphan while New Activity is off or at a time the
    /// user has left; otherwise an extra notification (a duplicate if it comes close to another).
    mutating func orphanFires(_ index: Int) {
        runtime.state.lifecycle.orphans[index].handle = nil
        runtime.state.lifecycle.pendingOrphans -= 1
        let orphan = runtime.state.lifecycle.orphans[index]
        runtime.state.lifecycle.orphans[index].repeatsOn = nil
        // Judged by the chosen time's own calendar: the device's calendar still holds the old
        // time's cycles already resolved, the one the move just cut short included.
        let schedule = runtime.state.lifecycle.scheduleInForce ?? runtime.world.calendar
        let isOrphan = !runtime.state.lifecycle.enabled || !schedule.hasCycle(notifyingAt: orphan.notifyTime)
        if isOrphan { runtime.context.activity[.orphans] += 1 }
        let enabled = runtime.state.lifecycle.enabled
        runtime.trace(.leftNotificationShown(source: orphan.source.rawValue, orphan: isOrphan, featureEnabled: enabled))
        runtime.noteDisplay(at: runtime.now)
        if let calendar = orphan.repeatsOn {
            let next = calendar.firstCycle(notifyingAfter: runtime.now)
            if next < calendar.count, calendar.notifyTimes[next] <= runtime.context.runEnd {
                runtime.state.lifecycle.orphans[index].notifyTime = calendar.notifyTimes[next]
                runtime.state.lifecycle.orphans[index].repeatsOn = calendar
                runtime.state.lifecycle.orphans[index].handle = runtime.context.schedule(
                    at: calendar.notifyTimes[next], .orphan(index))
                runtime.state.lifecycle.pendingOrphans += 1
            }
        }
    }

    private mutating func leaveOrphan(
        _ armed: PendingNotifications.Armed, _ source: OrphanNotification.Source,
        repeatsOn: CycleCalendar? = nil
    ) {
        guard armed.fire <= runtime.context.runEnd else { return }
        // The platform holds only so many of an app's requests (iOS its 64 soonest notifications,
        // Android 500 alarms an app): beyond that a left request is not kept, and memory and
        // work stay bounded however often the user repeats what leaves one.
        guard runtime.state.lifecycle.pendingOrphans < OS.pendingRequestLimit else {
            runtime.trace(.leftNotificationDropped(source: source.rawValue, limit: OS.pendingRequestLimit))
            return
        }
        runtime.state.lifecycle.pendingOrphans += 1
        let handle = runtime.context.schedule(at: armed.fire, .orphan(runtime.state.lifecycle.orphans.count))
        runtime.state.lifecycle.orphans.append(
            OrphanNotification(
                source: source, notifyTime: armed.notifyTime, repeatsOn: repeatsOn,
                handle: handle))
        runtime.trace(.leftNotificationArmed(source: source.rawValue, fire: armed.fire))
    }

    /// An Android reboot clears every alarm, the ones a defect left included.
    mutating func clearOrphanAlarms() {
        for index in runtime.state.lifecycle.orphans.indices {
            if let handle = runtime.state.lifecycle.orphans[index].handle { runtime.context.cancel(handle) }
            runtime.state.lifecycle.orphans[index].handle = nil
            runtime.state.lifecycle.orphans[index].repeatsOn = nil
        }
        runtime.state.lifecycle.pendingOrphans = 0
    }

    /// A BG task or fetch alarm that `cancelDualSchedule` left runs while New Activity is off:
    /// its handler resubmits for the old schedule's next F (the schedule it was given, whatever
    /// time the user has chosen since) and fetches, moving the ack.
    mutating func staleTaskRuns(budget: Millis?) {
        scheduleLeftRequest()
        runtime.trace(.staleTaskRuns)
        guard runtime.plugin.fetchEnabled, runtime.calendar.count > 0 else { return }
        runtime.startStaleFetch(budget: budget)
    }

    /// The left request or alarm for the old schedule's next F after now; none past its last cycle.
    mutating func scheduleLeftRequest() {
        let stale = runtime.state.lifecycle.staleCalendar ?? runtime.calendar
        let next = stale.firstCycle(from: stale.firstCycle(notifyingAfter: runtime.now), withFetchAfter: runtime.now)
        if next < stale.count {
            runtime.os.scheduleFetch(earliest: stale.fetchTimes[next], cycle: next, &runtime.context)
        } else {
            runtime.os.scheduleFetch(cycle: runtime.calendar.count, &runtime.context)
        }
    }

    /// The stale handler's fetch ended: with the chained logic, content fetched inside a cycle's
    /// window arms that cycle's notification, which then shows on its own.
    mutating func staleFetchFinished(_ result: FetchResult) {
        guard Strategy.armsNotificationAfterFetch, result == .updates else { return }
        let calendar = runtime.state.lifecycle.staleCalendar ?? runtime.calendar
        let cycle = calendar.firstCycle(notifyingAfter: runtime.now)
        guard cycle < calendar.count, calendar.fetchTimes[cycle] <= runtime.now else { return }
        let fire = runtime.fireTime(calendar.notifyTimes[cycle], purpose: .notification, cycle: cycle)
        leaveOrphan(.init(fire: max(fire, runtime.now), notifyTime: calendar.notifyTimes[cycle]), .staleTask)
    }
}
