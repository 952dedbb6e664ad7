import DNSimCore
import Foundation

/// A validated scenario: everything needed to build a `SimulationPlan`.
public struct Scenario: Sendable {
    public struct LocalDate: Sendable, Equatable, CustomStringConvertible {
        public var year: Int, month: Int, day: Int
        public var description: String {
            String(year).leftPadded(4) + "-" + String(month).leftPadded(2) + "-" + String(day).leftPadded(2)
        }
    }

    public var file: String
    public var name: String
    public var seed: UInt64
    public var devices: Int
    public var days: Int
    public var start: LocalDate
    public var timeZone: ZonedCalendar
    public var fetchSchedule: CronExpression
    public var notifySchedule: CronExpression
    public var plugin: PluginConfiguration
    public var ios: IOSConfiguration?
    public var android: AndroidConfiguration?
    public var fetch: FetchConfiguration
    public var server: ServerConfiguration
    public var user: UserConfiguration
    public var strategies: [StrategyConfiguration]
    public var lateAfter: Millis
    /// A device fresh less often than this counts in `devices_fresh_below` (`metrics.deviceFreshBelow`).
    public var deviceFreshBelow = SimulationPlan.defaultDeviceFreshBelow
    /// `metrics.maxContentAge`: when set, reports add `within_age_rate`.
    public var maxContentAge: Millis?
    /// Conditions each device draws its own value of (`{ perDevice: … }`); the fields hold their means.
    public var deviceValues: [DeviceValue] = []
    /// `metrics.freshWithin` as written, or nil for the default.
    public var freshWithin: Millis?
    /// The default: the scenario's lead T − F. Sweep points keep their base scenario's.
    public var defaultFreshWithin: Millis = .max
    /// Where the file sets each `metrics.` definition (`freshWithin`, …); absent keys take their defaults.
    public var definitionMarks: [String: SourceMark] = [:]
    public var expectations: [Expectation]
    /// Platforms whose `push:` block the file writes; the others use the documented defaults.
    public var platformsWithPushBlock: Set<Platform> = []
    /// Time choices, the Daily Reminder, the duplicate window (docs/lifecycle.md).
    public var lifecycle = LifecycleSettings()
    /// Rules that cut off every device (`file:line:col: warning:`); the scenario still runs.
    public var warnings: [Diagnostic] = []
    /// Daily charging and idle windows, turned into `user.charging` / `user.idle` per run.
    public var chargingWindow: DailyWindow?
    public var idleWindow: DailyWindow?
    /// iOS Scheduled Summary's local times and Focus periods, turned into `user.summaryTimes` / `user.focus` per run.
    public var summaryTimes: [Int] = []
    public var focusWindows: [DailyWindow] = []
    /// `precision:`: add devices until every rate's interval is this tight.
    public var precision: PrecisionTarget?
    /// The `sweep:` axes; empty for a plain run.
    public var sweep: [SweepAxis] = []
    /// What "better" means, when the file says (`objective:`).
    public var objective: Objective?
    /// The uncertain conditions and their design (`uncertainty:`); nil for one assumed world.
    public var uncertainty: UncertaintySettings?
    /// The `fleet:` segments, each with its scenario; empty without a fleet.
    public var fleet: [ScenarioSegment] = []
    /// The segments as written, until the loader builds their scenarios.
    var fleetEntries: [FleetReader.Entry] = []
    /// The parsed file and its text, kept to derive sweep points.
    var root: YAMLNode?
    var sourceText = ""
    /// Calendars computed so far (by validation, `plan`, sweep points), shared by copies.
    var calendarCache = CalendarCache.forNewScenario()

    /// The comment block at the top of the file, where scenarios cite their
    /// calibration sources, without the `#` markers.
    public var headerComment: [String] {
        var lines: [String] = []
        // SourceLines splits at CRLF too, which the Character "\n" does not match.
        for line in SourceLines(sourceText).all {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#") else { break }
            lines.append(String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces))
        }
        return lines
    }

    /// A scenario name names its report folder: 1–100 ASCII letters, digits, '-', '_' or '.', not starting with '.'.
    public static func isValidName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 100 && !text.hasPrefix(".")
            && text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
    }

    public static let maxDevices = 10_000_000
    public static let maxDays = 36_600

    public var platforms: [Platform] {
        var result: [Platform] = []
        if ios != nil { result.append(.ios) }
        if android != nil { result.append(.android) }
        return result
    }

    /// Every strategy on every platform, grouped by platform.
    public var arms: [Arm] {
        platforms.flatMap { platform in strategies.map { Arm(strategy: $0, platform: platform) } }
    }

    /// Most notification cycles one device may simulate: every minute for almost four years.
    public static let maxCycles = 2_000_000

    /// The cycles of `days` local days from `start`, or why there are none. Computed once per
    /// distinct input and kept: validation and `plan()` share it.
    public func calendar(days: Int) -> Result<CycleCalendar, CalendarError> {
        let key = CalendarCache.Key(
            days: days, start: start.description, timeZone: timeZone.identifier,
            notify: notifySchedule.text, fetch: fetchSchedule.text)
        return calendarCache.value(for: key) { computeCalendar(days: days) }
    }

    private func computeCalendar(days: Int) -> Result<CycleCalendar, CalendarError> {
        let windowStart = timeZone.startOfDay(year: start.year, month: start.month, day: start.day)
        let windowEnd = timeZone.startOfDay(year: start.year, month: start.month, day: start.day + days)
        // Counted first, without building them, so an every-minute schedule over a century is
        // refused in milliseconds instead of filling memory.
        let count = timeZone.occurrenceCount(of: notifySchedule, from: windowStart, to: windowEnd)
        let never = CalendarError.noNotifications(
            "plugin.userNotification.schedule '\(notifySchedule.text)' never fires "
                + "in the \(days) simulated day(s) from \(start)")
        guard count > 0 else { return .failure(never) }
        guard count <= Self.maxCycles else {
            return .failure(
                .tooManyCycles(
                    "plugin.userNotification.schedule '\(notifySchedule.text)' fires \(count) times "
                        + "in the \(days) simulated day(s); a device simulates at most \(Self.maxCycles) cycles "
                        + "(simulate fewer days or notify less often)"))
        }
        let notifyTimes = timeZone.occurrences(of: notifySchedule, from: windowStart, to: windowEnd)
        guard let last = notifyTimes.last else { return .failure(never) }
        let fetchTimes = timeZone.latestOccurrences(of: fetchSchedule, atOrBefore: notifyTimes, lookBackDays: 400)
        guard fetchTimes.count == notifyTimes.count else {
            let notifyTime = notifyTimes[fetchTimes.count]
            return .failure(
                .noFetch(
                    "plugin.contentFetch.schedule '\(fetchSchedule.text)' has no occurrence in the 400 days "
                        + "before the notification at \(timeZone.localFields(notifyTime).formatted)"))
        }
        let following = timeZone.nextOccurrence(of: notifySchedule, after: last) ?? (last + SimTime.day)
        return .success(
            CycleCalendar(
                start: windowStart, notifyTimes: notifyTimes, fetchTimes: fetchTimes,
                followingNotifyTime: following))
    }

    public enum CalendarError: Error, Sendable {
        case noNotifications(String)
        case noFetch(String)
        case tooManyCycles(String)
        public var message: String {
            switch self {
            case .noNotifications(let m), .noFetch(let m), .tooManyCycles(let m): m
            }
        }

        /// Where a message about the problem points: the schedule in `root` that causes it (the
        /// notification schedule for too many cycles, the Daily Reminder's included), or else
        /// the `plugin` block. The loader and `validated()` both say it there.
        func mark(in root: YAMLNode?) -> SourceMark? {
            let section: String
            switch self {
            case .noNotifications, .tooManyCycles: section = "userNotification"
            case .noFetch: section = "contentFetch"
            }
            let plugin = root?.value(forKey: "plugin")
            return plugin?.value(forKey: section)?.value(forKey: "schedule")?.mark ?? plugin?.mark
        }
    }

    /// The plan to simulate, with command-line overrides applied.
    public func plan(devices: Int? = nil, days: Int? = nil, seed: UInt64? = nil) -> Result<
        SimulationPlan, CalendarError
    > {
        let days = days ?? self.days
        if let reminder = lifecycle.reminder {
            let count = reminderCount(reminder.schedule, days: days)
            guard count <= Self.maxCycles else {
                return .failure(
                    .tooManyCycles(
                        "app.dailyReminder.schedule '\(reminder.schedule.text)' fires \(count) times "
                            + "in the \(days) simulated day(s); at most \(Self.maxCycles) (a reminder fires daily)"))
            }
        }
        return calendar(days: days).map { calendar in
            var user = user
            if let chargingWindow { user.charging = chargingWindow.windows(in: timeZone, from: start, days: days + 1) }
            if let idleWindow { user.idle = idleWindow.windows(in: timeZone, from: start, days: days + 1) }
            user.summaryTimes = summaryTimes.flatMap { minutes in
                DailyWindow(start: minutes, end: (minutes + 1) % (24 * 60)).windows(
                    in: timeZone, from: start, days: days + 1
                ).starts
            }.sorted()
            user.focus = TimeWindows(
                focusWindows.flatMap { window in
                    let windows = window.windows(in: timeZone, from: start, days: days + 1)
                    return Array(zip(windows.starts, windows.ends))
                })
            var world = WorldConfiguration(
                calendar: calendar, plugin: plugin, ios: ios ?? IOSConfiguration(),
                android: android ?? AndroidConfiguration(), fetch: fetch, server: server, user: user)
            world.freshWithin = freshWithin ?? defaultFreshWithin
            world.duplicateWindow = lifecycle.duplicateWindow
            world.perDevice = deviceValues
            world.timeChoices = lifecycle.notifyTimes.map { timeChoiceCalendar($0, days: days, base: calendar) }
            if let reminder = lifecycle.reminder {
                world.reminder = DailyReminder(
                    times: occurrences(of: reminder.schedule, days: days), wanted: reminder.wanted,
                    defects: lifecycle.appDefects)
            }
            var plan = SimulationPlan(
                world: world, arms: arms, seed: seed ?? self.seed, devices: devices ?? self.devices,
                lateAfter: lateAfter)
            plan.deviceFreshBelow = deviceFreshBelow
            plan.maxContentAge = maxContentAge
            return plan
        }.flatMap { plan in
            guard !fleet.isEmpty else { return .success(plan) }
            return fleetPlan(plan, devices: devices, days: days, seed: seed)
        }
    }

    /// `plan` with each segment's world. A fleet of one segment runs every device in that
    /// segment's world, exactly as the scenario with the segment's values written in.
    private func fleetPlan(_ plan: SimulationPlan, devices: Int?, days: Int, seed: UInt64?) -> Result<
        SimulationPlan, CalendarError
    > {
        var plan = plan
        var segments: [Fleet.Segment] = []
        for segment in fleet {
            switch segment.scenario.plan(devices: devices, days: days, seed: seed) {
            case .success(let segmentPlan):
                segments.append(
                    Fleet.Segment(
                        name: segment.name, share: segment.share, world: segmentPlan.world, platform: segment.platform))
            case .failure(let error): return .failure(error)
            }
        }
        if segments.count == 1 { plan.world = segments[0].world }
        plan.fleet = Fleet(segments: segments)
        return .success(plan)
    }

    /// Sets the default `freshWithin`, in the fleet's segments too (sweep points keep their base's).
    mutating func keepDefaultFreshWithin(_ value: Millis) {
        defaultFreshWithin = value
        for index in fleet.indices { fleet[index].scenario.defaultFreshWithin = value }
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
