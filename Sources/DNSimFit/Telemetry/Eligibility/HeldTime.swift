/// The union of a device's periods that hold one kind of request, merged and sorted, with running
/// totals, so the held time within any span takes two binary searches.
public struct HeldTime: Sendable {
    let starts: [Int64]
    let ends: [Int64]
    /// before[i]: the held time of the periods before period i.
    let before: [Int64]

    init(_ periods: [(Int64, Int64)]) {
        var starts: [Int64] = [], ends: [Int64] = [], before: [Int64] = []
        var total: Int64 = 0
        for (from, to) in periods.sorted(by: { $0.0 < $1.0 }) where to > from {
            if let last = ends.last, from <= last {
                if to > last {
                    total += to - last
                    ends[ends.count - 1] = to
                }
            } else {
                before.append(total)
                starts.append(from)
                ends.append(to)
                total += to - from
            }
        }
        self.starts = starts
        self.ends = ends
        self.before = before
    }

    /// Held time before `time` (from the start of the log).
    func heldBefore(_ time: Int64) -> Int64 {
        // The last period starting at or before `time`.
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= time { low = mid + 1 } else { high = mid }
        }
        let i = low - 1
        guard i >= 0 else { return 0 }
        return before[i] + min(ends[i], time) - starts[i]
    }

    /// The merged held period [start, end) that contains `time`, if any.
    public func period(containing time: Int64) -> (start: Int64, end: Int64)? {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= time { low = mid + 1 } else { high = mid }
        }
        let i = low - 1
        return i >= 0 && time < ends[i] ? (starts[i], ends[i]) : nil
    }

    /// The start of the first held period that starts at or after `time`, if any.
    public func nextStart(atOrAfter time: Int64) -> Int64? {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < time { low = mid + 1 } else { high = mid }
        }
        return low < starts.count ? starts[low] : nil
    }

    /// Held time in [from, to).
    public func held(from: Int64, to: Int64) -> Int64 {
        to > from ? heldBefore(to) - heldBefore(from) : 0
    }

    /// The time in [from, to) that is not held: what a request's delay accrues.
    public func eligible(from: Int64, to: Int64) -> Int64 { max(0, to - from - held(from: from, to: to)) }
}
