/// The Endorser server's updates to one device's starred projects.
///
/// Updates form a Poisson process, generated one UTC day (since the start) at
/// a time from that day's own keyed stream: a Poisson count, uniform times and
/// a project for each. The whole horizon is generated once per device and
/// shared by every arm, so all arms see the same server (common random
/// numbers) and the draws are made once. Storage is per day of the horizon,
/// reused from device to device: it does not grow with the number of devices.
/// A value type: each arm reads its own copy, which shares the arrays.
///
/// An update's `jwtId` is `day << 20 | rank` (rank 1-based within the day):
/// increasing in time, as the server's ids are. 0 means "nothing acked yet".
public struct ServerModel {
    public static let rankBits = 20
    static let rankMask: Int64 = (1 << 20) - 1

    public let configuration: ServerConfiguration
    private let origin: Millis
    private let dayCount: Int
    /// All updates of the device, in time order, with their project.
    private var times: [Millis] = []
    private var plans: [Int32] = []
    /// Index into `times` of each day's first update; dayCount + 1 entries.
    private var dayOffsets: [Int] = []
    /// Each day's first Philox block (reused from device to device). Copies share it, so only
    /// one copy generates at a time (the `DeviceWorld`'s, or a `WorldTapes` tape's
    /// generator; the arms' and the tape's copies read).
    private let blocks: PhiloxBlocks

    /// - Parameter end: no fetch happens at or after this instant.
    public init(configuration: ServerConfiguration, origin: Millis, end: Millis) {
        self.configuration = configuration
        self.origin = origin
        self.dayCount = Int(max(0, end - origin) / SimTime.day) + 1
        blocks = PhiloxBlocks(capacity: dayCount)
    }

    /// How many values this device's updates take (for `WorldTapes`' bound).
    var storedValues: Int { times.count + plans.count + dayOffsets.count }

    /// Generates another device's updates.
    public mutating func generate(device: Int, random: KeyedRandom) {
        times.removeAll(keepingCapacity: true)
        plans.removeAll(keepingCapacity: true)
        dayOffsets.removeAll(keepingCapacity: true)
        random.firstBlocks(device: device, source: .serverDay, count: dayCount, into: blocks)
        for day in 0..<dayCount {
            dayOffsets.append(times.count)
            random.begin(device: device, source: .serverDay, index: day, firstBlockIn: blocks)
            let count = min(random.poisson(mean: configuration.updatesPerDay), Int(Self.rankMask))
            guard count > 0 else { continue }
            let first = times.count
            let dayStart = origin + Millis(day) * SimTime.day
            guard count > DayTimes.insertionLimit else {
                for _ in 0..<count {
                    insertSorted(dayStart + Millis(random.uniform() * Double(SimTime.day)), after: first)
                }
                for _ in 0..<count { plans.append(Int32(random.index(below: configuration.starredPlans))) }
                continue
            }
            // A busy server's day: insertion would move about count²/4 times (500 updates a day
            // spent two thirds of a run there); the sorted times are the same either way. Times
            // and plans are written in place: one uniqueness check a day, not one an update.
            times.append(contentsOf: repeatElement(0, count: count))
            times.withUnsafeMutableBufferPointer { all in
                let day = UnsafeMutableBufferPointer(rebasing: all[first...])
                for index in day.indices { day[index] = dayStart + Millis(random.uniform() * Double(SimTime.day)) }
                DayTimes.sort(day, dayStart: dayStart)
            }
            plans.append(contentsOf: repeatElement(0, count: count))
            plans.withUnsafeMutableBufferPointer { all in
                for index in first..<all.count { all[index] = Int32(random.index(below: configuration.starredPlans)) }
            }
        }
        dayOffsets.append(times.count)
    }

    /// Appends `time` and moves it down past the later times at or after
    /// `first`: an insertion sort of the day's few updates, in place (a
    /// slice's sort() copies the slice).
    @inline(__always)
    private mutating func insertSorted(_ time: Millis, after first: Int) {
        var index = times.count
        times.append(time)
        while index > first, times[index - 1] > time {
            times[index] = times[index - 1]
            index -= 1
        }
        times[index] = time
    }

    @inline(__always)
    public static func day(of id: Int64) -> Int { Int(id >> Int64(rankBits)) }
    @inline(__always)
    public static func id(day: Int, rank: Int) -> Int64 { Int64(day) << Int64(rankBits) | Int64(rank) }

    /// The position in `times` just after the update with this id: where the
    /// updates a fetch with `afterId: id` returns begin.
    @inline(__always)
    private func position(after id: Int64) -> Int {
        let day = Self.day(of: id)
        guard day < dayCount else { return times.count }
        return min(dayOffsets[day] + Int(id & Self.rankMask), dayOffsets[day + 1])
    }

    @inline(__always)
    private func id(at index: Int) -> Int64 {
        // The day holding `index`: days are few per fetch, so walk from a guess.
        var day = min(dayCount - 1, Int((times[index] - origin) / SimTime.day))
        while dayOffsets[day] > index { day -= 1 }
        while dayOffsets[day + 1] <= index { day += 1 }
        return Self.id(day: day, rank: index - dayOffsets[day] + 1)
    }

    /// What `plansLastUpdatedBetween(afterId: after)` sees at `time`: how many
    /// updates there are after `after` up to `time`, and the last one's id.
    public func updates(after: Int64, through time: Millis) -> (count: Int, last: Int64) {
        var end = position(after: after)
        let start = end
        while end < times.count, times[end] <= time { end += 1 }
        guard end > start else { return (0, after) }
        return (end - start, id(at: end - 1))
    }

    /// The times of the updates with after < id ≤ through, in order, as one buffer for `body`.
    public func withUpdateTimes<Result>(
        after: Int64, through: Int64, _ body: (UnsafeBufferPointer<Millis>) -> Result
    ) -> Result {
        let range = through > after ? position(after: after)..<position(after: through) : 0..<0
        return times.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Calls `body(time, plan)` for every update with after < id ≤ through, in order.
    public func forEachUpdate(after: Int64, through: Int64, _ body: (Millis, Int) -> Void) {
        guard through > after else { return }
        for i in position(after: after)..<position(after: through) { body(times[i], Int(plans[i])) }
    }

    /// Whether the server makes an update at a time in (`after`, `through`].
    public func hasUpdate(after: Millis, through: Millis) -> Bool {
        let first = times.firstIndex(after: after)
        return first < times.count && times[first] <= through
    }

    /// How many updates the server makes before `end`: the lost-update rate's denominator.
    public func updateCount(before end: Millis) -> Int {
        var count = times.count
        while count > 0, times[count - 1] >= end { count -= 1 }
        return count
    }
}
