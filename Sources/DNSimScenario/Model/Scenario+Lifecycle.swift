import DNSimCore

/// The calendars the lifecycle needs beyond the scenario's own (docs/lifecycle.md).
extension Scenario {
    /// Whether anything of the user's lifecycle, the Daily Reminder or a defect is in play:
    /// reports then show the lifecycle figures.
    public var isLifecycleActive: Bool {
        user.disablePerDay > 0 || user.timeChangePerDay > 0 || user.starredChangePerDay > 0
            || user.emptyStarredShare > 0
            || lifecycle.reminder != nil || !plugin.defects.isEmpty
            || strategies.contains { !($0.defects ?? []).isEmpty }
            || fleet.contains { $0.scenario.isLifecycleActive }
    }

    /// The cycles if New Activity notified daily at `choice` (local time) for the whole run,
    /// each fetch the scenario's lead before it.
    func timeChoiceCalendar(_ choice: NotifyTimeChoice, days: Int, base: CycleCalendar) -> CycleCalendar {
        let lead = base.count > 0 ? base.notifyTimes[0] - base.fetchTimes[0] : 0
        // A daily cron at HH:MM is always valid, so the parse cannot fail.
        let cron = try! CronExpression("\(choice.minutes % 60) \(choice.minutes / 60) * * *")
        let notify = occurrences(of: cron, days: days)
        let last = notify.last ?? base.start
        let following = timeZone.nextOccurrence(of: cron, after: last) ?? (last + SimTime.day)
        return CycleCalendar(
            start: base.start, notifyTimes: notify, fetchTimes: notify.map { $0 - lead },
            followingNotifyTime: following)
    }

    /// How often `cron` fires in the run, counted without building the list.
    func reminderCount(_ cron: CronExpression, days: Int) -> Int {
        let windowStart = timeZone.startOfDay(year: start.year, month: start.month, day: start.day)
        let windowEnd = timeZone.startOfDay(year: start.year, month: start.month, day: start.day + days)
        return timeZone.occurrenceCount(of: cron, from: windowStart, to: windowEnd)
    }

    /// Every occurrence of `cron` in the run's local days.
    func occurrences(of cron: CronExpression, days: Int) -> [Millis] {
        let windowStart = timeZone.startOfDay(year: start.year, month: start.month, day: start.day)
        let windowEnd = timeZone.startOfDay(year: start.year, month: start.month, day: start.day + days)
        return timeZone.occurrences(of: cron, from: windowStart, to: windowEnd)
    }
}
