import DNSimRun
import DNSimScenario
import DNSimText
import Foundation

/// `trace --day`: the simulated days to print, as day numbers (1-based) or
/// local dates: `D`, `FROM-TO`, `FROM..TO`, `YYYY-MM-DD` or
/// `YYYY-MM-DD..YYYY-MM-DD` (a number and a date may also be mixed around `..`).
struct DaySelection: Equatable {
    enum Bound: Equatable {
        /// A day number, 1-based.
        case day(Int)
        /// A local date.
        case date(year: Int, month: Int, day: Int)
    }

    var from: Bound
    var to: Bound
    /// As given, for messages.
    var text: String

    static let syntax = "a day D, days FROM-TO, a date YYYY-MM-DD or dates FROM..TO (days are 1-based)"

    static func parse(_ text: String) throws(UsageError) -> DaySelection {
        let invalid = UsageError("--day takes \(syntax), not '\(text.prefix(40))'")
        if let dots = text.range(of: "..") {
            guard let from = bound(text[..<dots.lowerBound]), let to = bound(text[dots.upperBound...]) else {
                throw invalid
            }
            return DaySelection(from: from, to: to, text: text)
        }
        if let single = bound(Substring(text)) { return DaySelection(from: single, to: single, text: text) }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = number(parts[0]), let to = number(parts[1]) else { throw invalid }
        return DaySelection(from: .day(from), to: .day(to), text: text)
    }

    /// A day number (at least 1) or a valid date `YYYY-MM-DD`.
    static func bound(_ text: Substring) -> Bound? {
        if let day = number(text) { return .day(day) }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = number(parts[0]), let month = number(parts[1]), let day = number(parts[2])
        else { return nil }
        // A date that would roll over (2027-02-30) is not a date.
        guard CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        return .date(year: year, month: month, day: day)
    }

    /// Digits only, at least 1 and at most 9 of them.
    static func number(_ text: Substring) -> Int? {
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(text),
            value >= 1
        else { return nil }
        return value
    }

    /// The day numbers selected in a scenario of `days` days from `start`, or
    /// a usage error naming the scenario's range.
    func days(start: Scenario.LocalDate, count days: Int) throws(UsageError) -> ClosedRange<Int> {
        let first = ZonedCalendar.dayNumber(year: start.year, month: start.month, day: start.day)
        func show(_ number: Int) -> String {
            let date = ZonedCalendar.date(ofDayNumber: first + number - 1)
            return String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
        }
        let span = "days 1–\(days), \(show(1))..\(show(days))"
        func resolve(_ bound: Bound) throws(UsageError) -> Int {
            switch bound {
            case .day(let number):
                guard number <= days else {
                    throw UsageError("--day \(text) is beyond the scenario's \(days) days (\(span))")
                }
                return number
            case .date(let year, let month, let day):
                let number = ZonedCalendar.dayNumber(year: year, month: month, day: day) - first + 1
                guard number >= 1 else {
                    throw UsageError("--day \(text) is before the scenario's first day (\(span))")
                }
                guard number <= days else {
                    throw UsageError("--day \(text) is beyond the scenario's \(days) days (\(span))")
                }
                return number
            }
        }
        let from = try resolve(self.from)
        let to = try resolve(self.to)
        guard from <= to else { throw UsageError("--day \(text) ends before it starts (\(span))") }
        return from...to
    }
}
