/// The notification cycles every device shares: each cycle's notify time T
/// and its fetch occurrence F (the latest `contentFetch` occurrence at or
/// before T), in UTC milliseconds. Computed once per scenario from the crons.
public struct CycleCalendar: Sendable, Equatable {
    public let notifyTimes: [Millis]
    public let fetchTimes: [Millis]
    /// The notify occurrence after the last cycle: where the last cycle's
    /// "not shown by the next cycle's T" window ends.
    public let followingNotifyTime: Millis
    /// When the simulated window starts (the user sets the schedule up).
    public let start: Millis
    /// Where each cycle's window opens: its F, or the moment the user moved the notification
    /// time when that is later, since a cycle has no window before its schedule exists. Never
    /// decreases, while F may across a time change (a longer lead).
    public let windowStarts: [Millis]

    public init(start: Millis, notifyTimes: [Millis], fetchTimes: [Millis], followingNotifyTime: Millis) {
        self.init(
            start: start, notifyTimes: notifyTimes, fetchTimes: fetchTimes, windowStarts: fetchTimes,
            followingNotifyTime: followingNotifyTime)
    }

    private init(
        start: Millis, notifyTimes: [Millis], fetchTimes: [Millis], windowStarts: [Millis], followingNotifyTime: Millis
    ) {
        precondition(notifyTimes.count == fetchTimes.count && fetchTimes.count == windowStarts.count)
        self.start = start
        self.notifyTimes = notifyTimes
        self.fetchTimes = fetchTimes
        self.windowStarts = windowStarts
        self.followingNotifyTime = followingNotifyTime
    }

    public var count: Int { notifyTimes.count }

    /// The next cycle's T, or the following occurrence for the last cycle.
    @inline(__always)
    public func nextNotifyTime(after cycle: Int) -> Millis {
        cycle + 1 < notifyTimes.count ? notifyTimes[cycle + 1] : followingNotifyTime
    }

    /// The first cycle whose T lies strictly after `time`, or `count` (binary search).
    public func firstCycle(notifyingAfter time: Millis) -> Int {
        notifyTimes.firstIndex(after: time)
    }

    /// Whether one of the cycles has exactly this T.
    public func hasCycle(notifyingAt time: Millis) -> Bool {
        let index = firstCycle(notifyingAfter: time - 1)
        return index < notifyTimes.count && notifyTimes[index] == time
    }

    /// This calendar's first `kept` cycles (all due by `time`), then `other`'s cycles whose T lies
    /// after `time`: the schedule after the user moves the notification time at `time`. The new
    /// cycles' windows open no earlier than `time`.
    public func switching(keeping kept: Int, to other: CycleCalendar, after time: Millis) -> CycleCalendar {
        let first = other.firstCycle(notifyingAfter: time)
        return CycleCalendar(
            start: start, notifyTimes: Array(notifyTimes[..<kept]) + other.notifyTimes[first...],
            fetchTimes: Array(fetchTimes[..<kept]) + other.fetchTimes[first...],
            windowStarts: Array(windowStarts[..<kept]) + other.fetchTimes[first...].map { max($0, time) },
            // With no new cycle (a move in the run's tail), the last kept cycle keeps
            // the next T of the schedule it was due under.
            followingNotifyTime: first < other.count
                ? other.followingNotifyTime
                : max(other.followingNotifyTime, kept > 0 ? nextNotifyTime(after: kept - 1) : 0))
    }

    /// The first cycle whose F lies strictly after `time`, or `count` (binary search: F never
    /// decreases from one cycle to the next).
    public func firstCycle(withFetchAfter time: Millis) -> Int {
        fetchTimes.firstIndex(after: time)
    }

    /// The cycle whose window (docs/model.md §2: from its F to the next later F) holds `time`,
    /// searching from `from`: `from - 1` when `time` is before `from`'s window. Cycles that share
    /// one F (two notifications after one fetch) share its window, and the earliest of them at or
    /// after `from` is the one it holds. The last cycle's window has no end.
    @inline(__always)
    public func windowCycle(from: Int, holding time: Millis) -> Int {
        var cycle = from
        while cycle < windowStarts.count, windowStarts[cycle] <= time { cycle += 1 }
        cycle -= 1
        while cycle > from, windowStarts[cycle - 1] == windowStarts[cycle] { cycle -= 1 }
        return cycle
    }

    /// Where `cycle`'s window closes: the next later window start, or nil when there is none.
    public func windowEnd(of cycle: Int) -> Millis? {
        var next = cycle + 1
        while next < windowStarts.count, windowStarts[next] <= windowStarts[cycle] { next += 1 }
        return next < count ? windowStarts[next] : nil
    }

    /// The first cycle at or after `from` whose F lies strictly after `time`,
    /// or `count` if there is none.
    @inline(__always)
    public func firstCycle(from: Int, withFetchAfter time: Millis) -> Int {
        var cycle = from
        while cycle < fetchTimes.count, fetchTimes[cycle] <= time { cycle += 1 }
        return cycle
    }
}
