import DNSimCore

/// The fetch F and the notification T of the first cycle in local time, the
/// lead T − F and `freshWithin`, as `validate` and a run's header print them;
/// and the warning for a lead no one means (over 6 hours), with what was
/// probably meant: cron fields swapped ("7 0 * * *" for 07:00), or a fetch
/// that comes after its notification in the day.
public enum ScheduleLead {
    /// A longer lead is a warning: fetching hours ahead shows old content.
    public static let longest: Millis = 6 * SimTime.hour

    /// `fetch F 2027-03-01 06:30, notification T 2027-03-01 07:00 (Europe/Berlin): lead 30m; fresh within 30m (the lead)`.
    public static func line(_ scenario: Scenario, calendar: CycleCalendar) -> String {
        guard let notify = calendar.notifyTimes.first, let fetch = calendar.fetchTimes.first else { return "no cycle" }
        let definitions = scenario.definitions
        let own = scenario.freshWithin == nil ? " (the lead, by default)" : " (metrics.freshWithin)"
        return
            "first cycle: fetch F \(clock(scenario, fetch)), notification T \(clock(scenario, notify)) (\(scenario.timeZone.identifier)): "
            + "lead \(SimTime.written(notify - fetch)); fresh within \(SimTime.written(definitions.freshWithin))\(own)"
    }

    static func clock(_ scenario: Scenario, _ instant: Millis) -> String {
        let f = scenario.timeZone.localFields(instant)
        return "\(f.year)-\(two(f.month))-\(two(f.day)) \(two(f.hour)):\(two(f.minute))"
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Which schedule a warning points at.
    public enum Culprit: Sendable { case fetch, notify }

    /// The warning for a first-cycle lead over `longest`, or nil.
    public static func warning(_ scenario: Scenario, calendar: CycleCalendar) -> (message: String, culprit: Culprit)? {
        guard let notify = calendar.notifyTimes.first, let fetch = calendar.fetchTimes.first, notify - fetch > longest
        else { return nil }
        let f = scenario.timeZone.localFields(fetch), t = scenario.timeZone.localFields(notify)
        let fetchMinute = f.hour * 60 + f.minute, notifyMinute = t.hour * 60 + t.minute
        var message =
            "the lead T − F is \(SimTime.written(notify - fetch)) (fetch \(two(f.hour)):\(two(f.minute)), notification "
            + "\(two(t.hour)):\(two(t.minute)) local): content is fetched that long before it is shown"
        if fetchMinute > notifyMinute {
            message +=
                "; the fetch comes after the notification in the day, so each notification gets the day before's fetch"
        }
        func lead(_ fetch: Int, _ notify: Int) -> Int { (notify - fetch + 1440) % 1440 }
        let fits = { (minutes: Int) in minutes > 0 && Millis(minutes) * SimTime.minute <= longest }
        if let swapped = swappedFields(scenario.notifySchedule), fits(lead(fetchMinute, swapped.minuteOfDay)) {
            return (
                message + "; did you mean plugin.userNotification.schedule \"\(swapped.text)\" (\(swapped.clock))? "
                    + "A cron gives the minute first, then the hour", .notify
            )
        }
        if let swapped = swappedFields(scenario.fetchSchedule), fits(lead(swapped.minuteOfDay, notifyMinute)) {
            return (
                message + "; did you mean plugin.contentFetch.schedule \"\(swapped.text)\" (\(swapped.clock))? "
                    + "A cron gives the minute first, then the hour", .fetch
            )
        }
        let before = (notifyMinute - 30 + 1440) % 1440
        return (
            message + "; did you mean a fetch shortly before T, such as plugin.contentFetch.schedule "
                + "\"\(before % 60) \(before / 60) * * *\" (30 minutes ahead)?", .fetch
        )
    }

    /// `"7 0 * * *"` read as `"0 7 * * *"`: a daily cron of one minute and one hour whose two fields can trade places.
    static func swappedFields(_ cron: CronExpression) -> (text: String, minuteOfDay: Int, clock: String)? {
        let fields = cron.text.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count == 5, let minute = Int(fields[0]), let hour = Int(fields[1]), minute != hour,
            (0...23).contains(minute), (0...59).contains(hour)
        else { return nil }
        let text = ([String(hour), String(minute)] + fields.dropFirst(2).map(String.init)).joined(separator: " ")
        return (text, minute * 60 + hour, "\(two(minute)):\(two(hour))")
    }
}
