import DNSimCore
import DNSimText
import Foundation

/// Local dates and cron occurrences in one IANA time zone. Instants are UTC milliseconds.
///
/// About 460 lines in one file on purpose: the DST rules below, the offset lookups and the
/// occurrence search and count all depend on one another, and split they would hide that.
///
/// Daylight-saving rules, as cron applies them to fixed times:
/// - a local time skipped by a spring-forward gap fires once, at the first instant after the gap
///   (New York 2027-03-14 02:30 → 03:00 EDT); every matching time in one gap, and the gap's end
///   itself, collapse into that single occurrence;
/// - a local time repeated by a fall-back fires once, at its first (daylight-time) occurrence.
/// The same rules apply to every expression, wildcards included, so during a fall-back hour
/// `*/15 * * * *` pauses rather than firing the repeated quarter hours twice.
///
/// Instants are handled in years 0001-9999; arguments outside that span are clamped.
public struct ZonedCalendar: Sendable {
    /// The identifier as passed to `init`.
    public let identifier: String
    private let timeZone: TimeZone

    /// Nil when Foundation does not know the identifier.
    public init?(identifier: String) {
        guard let timeZone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.timeZone = timeZone
    }

    /// UTC milliseconds of 00:00 local time on that local date; if midnight is skipped by a
    /// transition, the first valid instant of the day. Out-of-range days or months roll over
    /// (February 30 is March 1 or 2).
    public func startOfDay(year: Int, month: Int, day: Int) -> Int64 {
        // Bounding the inputs first keeps absurd arguments from overflowing before the clamp.
        let bounded = { (value: Int) in Int64(min(max(value, -10_000_000), 10_000_000)) }
        let days = CivilDate.dayNumber(year: bounded(year), month: bounded(month), day: bounded(day))
        let localMidnight = Self.clampToSupportedRange(days * Self.millisPerDay) / Self.millisPerSecond
        let timeline = OffsetTimeline(
            timeZone: timeZone,
            fromUTCSeconds: localMidnight - Self.timelineMargin,
            toUTCSeconds: localMidnight + Self.timelineMargin)
        return timeline.utcSeconds(forLocalSeconds: localMidnight) * Self.millisPerSecond
    }

    /// Local date and time fields of a UTC-millisecond instant.
    public func localFields(_ millis: Int64) -> LocalFields {
        let millis = Self.clampToSupportedRange(millis)
        let utcSeconds = CivilDate.floorDivide(millis, Self.millisPerSecond)
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcSeconds))))
        let localSeconds = utcSeconds + offset
        let localDay = CivilDate.floorDivide(localSeconds, Self.secondsPerDay)
        let secondOfDay = localSeconds - localDay * Self.secondsPerDay
        let date = CivilDate.date(ofDayNumber: localDay)
        return LocalFields(
            year: Int(date.year), month: Int(date.month), day: Int(date.day),
            hour: Int(secondOfDay / 3600), minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60),
            millisecond: Int(millis - utcSeconds * Self.millisPerSecond),
            weekday: Self.weekday(ofDay: localDay), utcOffsetSeconds: Int(offset))
    }

    /// Every occurrence of `cron` at or after `from` and before `to` (UTC ms), ascending, no duplicates.
    public func occurrences(of cron: CronExpression, from: Int64, to: Int64) -> [Int64] {
        let from = Self.clampToSupportedRange(from)
        let to = Self.clampToSupportedRange(to)
        guard from < to else { return [] }
        let days = Self.localDaysAround(fromMillis: from, toMillis: to)
        let timeline = OffsetTimeline(timeZone: timeZone, coveringLocalDays: days)
        let minutesOfDay = cron.minutesOfDay
        var result: [Int64] = []
        var dayInstants: [Int64] = []
        for day in days {
            dayInstants.removeAll(keepingCapacity: true)
            appendInstants(of: cron, minutesOfDay: minutesOfDay, onLocalDay: day, timeline: timeline, to: &dayInstants)
            for instant in dayInstants {
                // Instants never decrease across local days, so the first one past `to` ends the search.
                if instant >= to { return result }
                if instant >= from && instant > (result.last ?? Int64.min) { result.append(instant) }
            }
        }
        return result
    }

    /// How many values `occurrences(of:from:to:)` would return, counted day by day without
    /// building them: a day with no offset change near it adds its firing times in one step,
    /// so the work grows with the days in the window, not with the occurrences.
    public func occurrenceCount(of cron: CronExpression, from: Int64, to: Int64) -> Int {
        let from = Self.clampToSupportedRange(from)
        let to = Self.clampToSupportedRange(to)
        guard from < to else { return 0 }
        let days = Self.localDaysAround(fromMillis: from, toMillis: to)
        let timeline = OffsetTimeline(timeZone: timeZone, coveringLocalDays: days)
        let minutesOfDay = cron.minutesOfDay
        guard let firstMinute = minutesOfDay.first, let lastMinute = minutesOfDay.last else { return 0 }
        var count = 0
        var latest = Int64.min
        var dayInstants: [Int64] = []
        for day in days where matchesDay(cron, day) {
            if let base = uniformBase(onLocalDay: day, timeline: timeline) {
                let first = base + Int64(firstMinute) * 60_000
                let last = base + Int64(lastMinute) * 60_000
                if first >= to { return count }
                // Whole day inside the window and after everything counted: each minute is one new instant.
                if first >= from, first > latest, last < to {
                    count += minutesOfDay.count
                    latest = last
                    continue
                }
            }
            dayInstants.removeAll(keepingCapacity: true)
            appendInstants(of: cron, minutesOfDay: minutesOfDay, onLocalDay: day, timeline: timeline, to: &dayInstants)
            for instant in dayInstants {
                if instant >= to { return count }
                if instant >= from && instant > latest {
                    count += 1
                    latest = instant
                }
            }
        }
        return count
    }

    /// For each of `instants` (ascending), what `latestOccurrence(of:atOrBefore:lookBackDays:)`
    /// returns, computed in one forward pass: one offset lookup for the whole span, and a binary
    /// search within each day instead of a scan. Stops at the first instant with no occurrence,
    /// so a result shorter than `instants` means `instants[result.count]` has none.
    public func latestOccurrences(of cron: CronExpression, atOrBefore instants: [Int64], lookBackDays: Int = 400)
        -> [Int64]
    {
        guard let firstInstant = instants.first, let lastInstant = instants.last, lookBackDays >= 0 else { return [] }
        let lookBack = Int64(min(lookBackDays, Self.maximumSearchDays)) * Self.millisPerDay
        let days = Self.localDaysAround(
            fromMillis: Self.clampToSupportedRange(Self.clampToSupportedRange(firstInstant) - lookBack),
            toMillis: Self.clampToSupportedRange(lastInstant))
        let timeline = OffsetTimeline(timeZone: timeZone, coveringLocalDays: days)
        let minutesOfDay = cron.minutesOfDay.map { Int64($0) * 60_000 }
        var result: [Int64] = []
        result.reserveCapacity(instants.count)
        // The latest occurrence at or before the current instant seen so far.
        var best: Int64?
        // The day being consumed: either uniform (base + minute offsets) or listed, and how far.
        var day = days.lowerBound
        var isLoaded = false
        var uniform: Int64?
        var listed: [Int64] = []
        var position = 0
        for rawInstant in instants {
            let instant = Self.clampToSupportedRange(rawInstant)
            let earliest = Self.clampToSupportedRange(instant - lookBack)
            // The same days `latestOccurrence` would search up to.
            let lastDay = min(days.upperBound, CivilDate.floorDivide(instant, Self.millisPerDay) + 2)
            while true {
                if !isLoaded {
                    guard day <= lastDay else { break }
                    position = 0
                    uniform = nil
                    listed.removeAll(keepingCapacity: true)
                    if matchesDay(cron, day) {
                        uniform = uniformBase(onLocalDay: day, timeline: timeline)
                        if uniform == nil {
                            appendInstants(
                                of: cron, minutesOfDay: cron.minutesOfDay, onLocalDay: day, timeline: timeline,
                                to: &listed)
                        }
                    }
                    isLoaded = true
                }
                if let base = uniform {
                    // The last minute at or before the instant, by binary search.
                    var low = position, high = minutesOfDay.count
                    while low < high {
                        let middle = (low + high) / 2
                        if base + minutesOfDay[middle] <= instant { low = middle + 1 } else { high = middle }
                    }
                    if low > position {
                        best = base + minutesOfDay[low - 1]
                        position = low
                    }
                    if position < minutesOfDay.count { break }
                } else {
                    while position < listed.count, listed[position] <= instant {
                        best = listed[position]
                        position += 1
                    }
                    if position < listed.count { break }
                }
                // This day is used up; the next one may hold later occurrences.
                day += 1
                isLoaded = false
            }
            guard let found = best, found >= earliest else { return result }
            result.append(found)
        }
        return result
    }

    /// The latest occurrence at or before `instant` and no more than `lookBackDays` × 24 h before it; nil if none.
    public func latestOccurrence(of cron: CronExpression, atOrBefore instant: Int64, lookBackDays: Int = 400) -> Int64?
    {
        guard lookBackDays >= 0 else { return nil }
        let instant = Self.clampToSupportedRange(instant)
        let earliest = Self.clampToSupportedRange(
            instant - Int64(min(lookBackDays, Self.maximumSearchDays)) * Self.millisPerDay)
        let days = Self.localDaysAround(fromMillis: earliest, toMillis: instant)
        let minutesOfDay = cron.minutesOfDay
        var dayInstants: [Int64] = []
        var found: Int64?
        scanLocalDays(days, forward: false) { day, timeline in
            dayInstants.removeAll(keepingCapacity: true)
            appendInstants(of: cron, minutesOfDay: minutesOfDay, onLocalDay: day, timeline: timeline, to: &dayInstants)
            for candidate in dayInstants.reversed() {
                if candidate < earliest { return true }
                if candidate <= instant {
                    found = candidate
                    return true
                }
            }
            return false
        }
        return found
    }

    /// The first occurrence strictly after `instant`, nil if none within `lookAheadDays` × 24 h.
    /// The default horizon of eight years and a day is the longest wait any satisfiable
    /// expression has (February 29 across a skipped century leap year, e.g. 2096 → 2104);
    /// expressions no date can satisfy, like `0 0 30 2 *`, return nil without searching.
    public func nextOccurrence(of cron: CronExpression, after instant: Int64, lookAheadDays: Int = 8 * 366) -> Int64? {
        guard cron.canMatchSomeDate, lookAheadDays >= 0 else { return nil }
        let instant = Self.clampToSupportedRange(instant)
        let latest = Self.clampToSupportedRange(
            instant + Int64(min(lookAheadDays, Self.maximumSearchDays)) * Self.millisPerDay)
        let days = Self.localDaysAround(fromMillis: instant, toMillis: latest)
        let minutesOfDay = cron.minutesOfDay
        var dayInstants: [Int64] = []
        var found: Int64?
        scanLocalDays(days, forward: true) { day, timeline in
            dayInstants.removeAll(keepingCapacity: true)
            appendInstants(of: cron, minutesOfDay: minutesOfDay, onLocalDay: day, timeline: timeline, to: &dayInstants)
            for candidate in dayInstants {
                if candidate > latest { return true }
                if candidate > instant {
                    found = candidate
                    return true
                }
            }
            return false
        }
        return found
    }

    /// Visits local days in order until `visit` returns true. Offsets are fetched for a few weeks
    /// first and then for ever longer stretches, so a search that ends early makes few Foundation calls.
    private func scanLocalDays(
        _ days: ClosedRange<Int64>, forward: Bool, _ visit: (_ day: Int64, _ timeline: OffsetTimeline) -> Bool
    ) {
        var chunkLength: Int64 = 40
        var remaining = days
        while true {
            let chunk =
                forward
                ? remaining.lowerBound...min(remaining.upperBound, remaining.lowerBound + chunkLength - 1)
                : max(remaining.lowerBound, remaining.upperBound - chunkLength + 1)...remaining.upperBound
            let timeline = OffsetTimeline(timeZone: timeZone, coveringLocalDays: chunk)
            if forward {
                for day in chunk {
                    if visit(day, timeline) { return }
                }
                guard chunk.upperBound < remaining.upperBound else { return }
                remaining = chunk.upperBound + 1...remaining.upperBound
            } else {
                for day in chunk.reversed() {
                    if visit(day, timeline) { return }
                }
                guard chunk.lowerBound > remaining.lowerBound else { return }
                remaining = remaining.lowerBound...chunk.lowerBound - 1
            }
            chunkLength *= 8
        }
    }

    private func matchesDay(_ cron: CronExpression, _ day: Int64) -> Bool {
        let date = CivilDate.date(ofDayNumber: day)
        return cron.matchesDay(dayOfMonth: Int(date.day), month: Int(date.month), weekday: Self.weekday(ofDay: day))
    }

    /// On a local day with no offset change anywhere near it, each wall time maps to
    /// `base + minute × 60 000` (UTC ms); nil on a day that needs `appendInstants`.
    private func uniformBase(onLocalDay day: Int64, timeline: OffsetTimeline) -> Int64? {
        let localMidnight = day * Self.secondsPerDay
        guard
            let offset = timeline.constantOffset(
                fromUTCSeconds: localMidnight - OffsetTimeline.offsetReach,
                toUTCSeconds: localMidnight + Self.secondsPerDay + OffsetTimeline.offsetReach)
        else { return nil }
        return (localMidnight - offset) * Self.millisPerSecond
    }

    /// Appends, ascending, the UTC-ms instants at which `cron` fires for wall times on one local day.
    /// Times inside one spring-forward gap all map to the gap's end, so values may repeat.
    private func appendInstants(
        of cron: CronExpression, minutesOfDay: [Int], onLocalDay day: Int64, timeline: OffsetTimeline,
        to instants: inout [Int64]
    ) {
        let date = CivilDate.date(ofDayNumber: day)
        guard cron.matchesDay(dayOfMonth: Int(date.day), month: Int(date.month), weekday: Self.weekday(ofDay: day))
        else {
            return
        }
        let localMidnight = day * Self.secondsPerDay
        if let offset = timeline.constantOffset(
            fromUTCSeconds: localMidnight - OffsetTimeline.offsetReach,
            toUTCSeconds: localMidnight + Self.secondsPerDay + OffsetTimeline.offsetReach)
        {
            // The usual case: no transition anywhere near this day, so one subtraction per minute.
            for minute in minutesOfDay {
                instants.append((localMidnight + Int64(minute) * 60 - offset) * Self.millisPerSecond)
            }
        } else {
            for minute in minutesOfDay {
                instants.append(
                    timeline.utcSeconds(forLocalSeconds: localMidnight + Int64(minute) * 60) * Self.millisPerSecond)
            }
        }
    }
}

// MARK: - Civil dates

extension ZonedCalendar {
    static let secondsPerDay: Int64 = 86_400
    static let millisPerSecond: Int64 = 1_000
    static let millisPerDay: Int64 = 86_400_000
    /// Extra UTC seconds fetched either side of a window, more than any offset plus a gap.
    static let timelineMargin: Int64 = 2 * 86_400
    /// Keeps day arithmetic far from overflow; 0001-01-01T00:00Z up to 10000-01-01T00:00Z.
    static let supportedMillis: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_800_000
    static let maximumSearchDays = 4_000_000

    static func clampToSupportedRange(_ millis: Int64) -> Int64 {
        min(max(millis, supportedMillis.lowerBound), supportedMillis.upperBound)
    }

    /// Local days whose wall times can map into [fromMillis, toMillis]: a local date is within a
    /// day of the UTC date, and a gap can push a skipped time at most one more day later.
    static func localDaysAround(fromMillis: Int64, toMillis: Int64) -> ClosedRange<Int64> {
        CivilDate.floorDivide(fromMillis, millisPerDay) - 2...CivilDate.floorDivide(toMillis, millisPerDay) + 2
    }

    /// 0 = Sunday; 1970-01-01 (day 0) was a Thursday.
    static func weekday(ofDay day: Int64) -> Int {
        Int((day % 7 + 11) % 7)
    }

    /// Days since 1970-01-01 of a local date: day numbers that subtract to day counts.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        Int(CivilDate.dayNumber(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The local date of a day number (the inverse of `dayNumber`).
    public static func date(ofDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
        let civil = CivilDate.date(ofDayNumber: Int64(number))
        return (Int(civil.year), Int(civil.month), Int(civil.day))
    }
}
