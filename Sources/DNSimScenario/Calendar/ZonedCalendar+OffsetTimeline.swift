import DNSimCore
import DNSimText
import Foundation

// MARK: - Offsets over a window

extension ZonedCalendar {
    /// The zone's UTC offsets over a bounded window, gathered with a few Foundation calls
    /// (one per transition) so that every conversion inside one query is an array lookup.
    struct OffsetTimeline {
        /// Farther than any UTC offset ever used (LMT offsets stay under 16 h), so probing
        /// this far either side of a wall time sees every offset that could produce it.
        static let offsetReach: Int64 = 26 * 3600

        /// UTC seconds at which a new offset takes effect, ascending.
        private var transitions: [Int64] = []
        /// `offsets[i]` applies from `transitions[i - 1]` (or before the window) until `transitions[i]`.
        private var offsets: [Int64]

        init(timeZone: TimeZone, coveringLocalDays days: ClosedRange<Int64>) {
            self.init(
                timeZone: timeZone,
                fromUTCSeconds: days.lowerBound * ZonedCalendar.secondsPerDay - ZonedCalendar.timelineMargin,
                toUTCSeconds: (days.upperBound + 1) * ZonedCalendar.secondsPerDay + ZonedCalendar.timelineMargin)
        }

        init(timeZone: TimeZone, fromUTCSeconds start: Int64, toUTCSeconds end: Int64) {
            var offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(start))))
            offsets = [offset]
            var cursor = start
            // Foundation reports every offset change here, standard-offset ones (Moscow 2014) included.
            while let next = timeZone.nextDaylightSavingTimeTransition(
                after: Date(timeIntervalSince1970: Double(cursor)))
            {
                let transition = Int64(next.timeIntervalSince1970.rounded(.down))
                guard transition > cursor, transition <= end else { break }
                let newOffset = Int64(timeZone.secondsFromGMT(for: next))
                if newOffset != offset {
                    transitions.append(transition)
                    offsets.append(newOffset)
                    offset = newOffset
                }
                cursor = transition
            }
        }

        /// Index into `offsets` of the segment holding `utcSeconds`: how many transitions are at or before it.
        private func segment(containing utcSeconds: Int64) -> Int {
            var low = 0, high = transitions.count
            while low < high {
                let middle = (low + high) / 2
                if transitions[middle] <= utcSeconds { low = middle + 1 } else { high = middle }
            }
            return low
        }

        private func segment(_ index: Int, contains utcSeconds: Int64) -> Bool {
            (index == 0 || transitions[index - 1] <= utcSeconds)
                && (index == transitions.count || utcSeconds < transitions[index])
        }

        /// The single offset in force over the whole span, or nil if it changes inside it.
        func constantOffset(fromUTCSeconds start: Int64, toUTCSeconds end: Int64) -> Int64? {
            let first = segment(containing: start)
            return first == segment(containing: end) ? offsets[first] : nil
        }

        /// The instant a local wall time (seconds since 1970-01-01T00:00 local) fires at:
        /// its first occurrence when repeated, the end of the gap when skipped.
        func utcSeconds(forLocalSeconds localSeconds: Int64) -> Int64 {
            let first = segment(containing: localSeconds - Self.offsetReach)
            let last = segment(containing: localSeconds + Self.offsetReach)
            // Segments run forward in time, so the first consistent one is the earliest occurrence.
            for index in first...last {
                let candidate = localSeconds - offsets[index]
                if segment(index, contains: candidate) { return candidate }
            }
            // No instant shows this wall time: it lies in a gap, which the transition ending it closes.
            for index in stride(from: first + 1, through: last, by: 1) {
                let transition = transitions[index - 1]
                if localSeconds < transition + offsets[index] { return transition }
            }
            return localSeconds - offsets[last]
        }
    }
}
