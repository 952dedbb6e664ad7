/// A sorted set of disjoint [start, end) intervals of simulated time: when a
/// phone charges, sits idle, is in Low Power Mode or offline.
public struct TimeWindows: Sendable, Equatable {
    public private(set) var starts: [Millis] = []
    public private(set) var ends: [Millis] = []

    public init() {}

    /// Builds from intervals in any order, merging overlaps.
    public init(_ intervals: [(Millis, Millis)]) {
        self.init()
        for (start, end) in intervals.sorted(by: { $0.0 < $1.0 }) where end > start { append(start, end) }
    }

    public var isEmpty: Bool { starts.isEmpty }
    public var count: Int { starts.count }

    public mutating func removeAll() {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// Adds an interval that starts at or after every earlier one.
    public mutating func append(_ start: Millis, _ end: Millis) {
        guard end > start else { return }
        if let last = ends.last, start <= last {
            ends[ends.count - 1] = max(last, end)
        } else {
            starts.append(start)
            ends.append(end)
        }
    }

    /// The index of the last interval starting at or before `time`, or -1.
    @inline(__always)
    private func lastStart(atOrBefore time: Millis) -> Int {
        starts.firstIndex(after: time) - 1
    }

    /// The interval holding `time`, if any.
    public func interval(containing time: Millis) -> (start: Millis, end: Millis)? {
        let index = lastStart(atOrBefore: time)
        guard index >= 0, time < ends[index] else { return nil }
        return (starts[index], ends[index])
    }

    public func contains(_ time: Millis) -> Bool { interval(containing: time) != nil }

    /// The first instant at or after `time` inside an interval, or nil.
    public func nextInside(_ time: Millis) -> Millis? {
        if contains(time) { return time }
        let next = lastStart(atOrBefore: time) + 1
        return next < starts.count ? starts[next] : nil
    }

    /// The first instant at or after `time` outside every interval.
    public func nextOutside(_ time: Millis) -> Millis {
        interval(containing: time)?.end ?? time
    }
}
