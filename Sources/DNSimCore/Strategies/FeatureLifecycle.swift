/// The user's side of New Activity on one device (docs/lifecycle.md): whether it is on, which
/// time they chose, the Daily Reminder, and what a defective cancel left on the platform.
struct FeatureLifecycle {
    var enabled = true
    /// When New Activity was last turned on again or moved, until its first notification shows.
    var setupAt: Millis?
    /// When the latest notification of any kind was displayed (for duplicates).
    var lastDisplay: Millis?
    /// Whether the Daily Reminder is scheduled on the platform.
    var reminderScheduled = false
    var enableCount = 0
    var timeChangeCount = 0
    /// Cursors into the user's lifecycle events and the reminder's times.
    var nextDisable = 0
    var nextTimeChange = 0
    var nextReminder = 0
    /// Notifications a defect left on the platform, as `DeviceEvent.orphan` indexes them.
    var orphans: [OrphanNotification] = []
    /// How many of them are still pending on the platform.
    var pendingOrphans = 0
    /// The calendar of the time the user chose last (nil: the scenario's own).
    var scheduleInForce: CycleCalendar?
    /// The schedule a BG request left by `cancelDualSchedule` keeps serving, until a setup.
    var staleCalendar: CycleCalendar?
}

/// A notification the plugin no longer tracks: left by `cancelDualSchedule` or a reschedule.
struct OrphanNotification {
    enum Source: String {
        case guardLeft = "a guard request cancelDualSchedule left"
        case staleTask = "a notification armed by a BG request cancelDualSchedule left"
        case oldTime = "the old time's notification the reschedule left"
    }
    var source: Source
    /// The T of the cycle it was armed for: a time the user has left unless the schedule still has it.
    var notifyTime: Millis
    /// For a repeating request left behind (iOS independent timers): the calendar it repeats on.
    var repeatsOn: CycleCalendar?
    /// Its pending event; an Android reboot clears alarms, orphans included.
    var handle: EventHandle?
}
