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
    /// `metrics.freshWithin` as written, or nil for the default.
    public var freshWithin: Millis?
    /// The default: the scenario's lead T − F. Sweep points keep their base scenario's.
    public var defaultFreshWithin: Millis = .max
    public var expectations: [Expectation]
    /// Rules that cut off every device (`file:line:col: warning:`); the scenario still runs.
    public var warnings: [Diagnostic] = []
    /// Daily charging and idle windows, turned into `user.charging` / `user.idle` per run.
    public var chargingWindow: DailyWindow?
    public var idleWindow: DailyWindow?
    /// `precision:`: add devices until every rate's interval is this tight.
    public var precision: PrecisionTarget?
    /// The `sweep:` axes; empty for a plain run.
    public var sweep: [SweepAxis] = []
    /// The parsed file and its text, kept to derive sweep points.
    var root: YAMLNode?
    var sourceText = ""

    /// The comment block at the top of the file, where scenarios cite their
    /// calibration sources, without the `#` markers.
    public var headerComment: [String] {
        var lines: [String] = []
        for line in sourceText.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#") else { break }
            lines.append(String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces))
        }
        return lines
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

    /// The cycles of `days` local days from `start`, or why there are none.
    public func calendar(days: Int) -> Result<CycleCalendar, CalendarError> {
        let windowStart = timeZone.startOfDay(year: start.year, month: start.month, day: start.day)
        let windowEnd = timeZone.startOfDay(year: start.year, month: start.month, day: start.day + days)
        let notifyTimes = timeZone.occurrences(of: notifySchedule, from: windowStart, to: windowEnd)
        guard let last = notifyTimes.last else {
            return .failure(.noNotifications("plugin.userNotification.schedule '\(notifySchedule.text)' never fires in the \(days) simulated day(s) from \(start)"))
        }
        var fetchTimes: [Millis] = []
        fetchTimes.reserveCapacity(notifyTimes.count)
        for notifyTime in notifyTimes {
            guard let fetchTime = timeZone.latestOccurrence(of: fetchSchedule, atOrBefore: notifyTime) else {
                return .failure(.noFetch("plugin.contentFetch.schedule '\(fetchSchedule.text)' has no occurrence in the 400 days before the notification at \(timeZone.localFields(notifyTime).formatted)"))
            }
            fetchTimes.append(fetchTime)
        }
        let following = timeZone.nextOccurrence(of: notifySchedule, after: last) ?? (last + SimTime.day)
        return .success(CycleCalendar(start: windowStart, notifyTimes: notifyTimes, fetchTimes: fetchTimes,
                                      followingNotifyTime: following))
    }

    public enum CalendarError: Error, Sendable {
        case noNotifications(String)
        case noFetch(String)
        public var message: String {
            switch self {
            case .noNotifications(let m), .noFetch(let m): m
            }
        }
    }

    /// The plan to simulate, with command-line overrides applied.
    public func plan(devices: Int? = nil, days: Int? = nil, seed: UInt64? = nil) -> Result<SimulationPlan, CalendarError> {
        let days = days ?? self.days
        return calendar(days: days).map { calendar in
            var user = user
            if let chargingWindow { user.charging = chargingWindow.windows(in: timeZone, from: start, days: days + 1) }
            if let idleWindow { user.idle = idleWindow.windows(in: timeZone, from: start, days: days + 1) }
            var world = WorldConfiguration(
                calendar: calendar, plugin: plugin, ios: ios ?? IOSConfiguration(),
                android: android ?? AndroidConfiguration(), fetch: fetch, server: server, user: user)
            world.freshWithin = freshWithin ?? defaultFreshWithin
            return SimulationPlan(world: world, arms: arms, seed: seed ?? self.seed, devices: devices ?? self.devices,
                                  lateAfter: lateAfter)
        }
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
