import DNSimCore
import Foundation

/// A window of local time repeated every day, such as overnight charging
/// 23:00–07:00 (it may cross midnight).
public struct DailyWindow: Sendable, Equatable {
    /// Minutes after local midnight.
    public var start: Int
    public var end: Int

    /// `HH:MM–HH:MM`.
    public var text: String {
        func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
        return "\(clock(start))–\(clock(end))"
    }

    /// Parses `HH:MM`.
    public static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// The 24-hour `HH:MM` a 12-hour or dotted time most likely means (`11:00 PM` → `23:00`,
    /// `6.30` → `06:30`, `7 am` → `07:00`), or nil when `text` is no such time.
    public static func suggestion(for text: String) -> String? {
        var rest = text.trimmingCharacters(in: .whitespaces).lowercased()
        var half: Int?
        for (suffix, value) in [("am", 0), ("a.m.", 0), ("pm", 12), ("p.m.", 12)] where rest.hasSuffix(suffix) {
            half = value
            rest = String(rest.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        let parts = rest.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "." || $0 == "h" })
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ part in (1...2).contains(part.count) && part.allSatisfy { $0.isASCII } }),
            var hour = Int(parts[0])
        else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, parts.count == 1 || parts[1].count == 2, (0...59).contains(minute) else { return nil }
        if let half {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + half
        } else if parts.count == 1 {
            return nil  // a bare number is no time
        }
        guard (0...23).contains(hour) else { return nil }
        return String(format: "%02d:%02d", hour, minute)
    }

    /// The window on every local day of the run (and the evening before it), in UTC.
    func windows(in zone: ZonedCalendar, from start: Scenario.LocalDate, days: Int) -> TimeWindows {
        var result = TimeWindows()
        for offset in -1...days {
            let midnight = zone.startOfDay(year: start.year, month: start.month, day: start.day + offset)
            let nextMidnight = zone.startOfDay(year: start.year, month: start.month, day: start.day + offset + 1)
            // Local clock times, corrected for the day's UTC offset at each end.
            func instant(_ minutes: Int, _ base: Millis) -> Millis {
                let guess = base + Millis(minutes) * SimTime.minute
                let shift = zone.localFields(guess).utcOffsetSeconds - zone.localFields(base).utcOffsetSeconds
                return guess - Millis(shift) * 1_000
            }
            let from = instant(self.start, midnight)
            let to = end > self.start ? instant(end, midnight) : instant(end, nextMidnight)
            result.append(from, to)
        }
        return result
    }
}
