/// The Endorser server's updates to one device's starred projects.
///
/// Updates form a Poisson process, generated one UTC day (since the start) at
/// a time from that day's own keyed stream: a Poisson count, uniform times and
/// a project for each. So any day can be produced on demand, in any order,
/// with the same result, and nothing is stored per device beyond a few days.
///
/// An update's `jwtId` is `day << 20 | rank` (rank 1-based within the day):
/// increasing in time, as the server's ids are. 0 means "nothing acked yet".
public final class ServerModel {
    public struct Day {
        public var index: Int
        public var times: [Millis]
        public var plans: [Int32]
    }

    public static let rankBits = 20
    static let rankMask: Int64 = (1 << 20) - 1

    public let configuration: ServerConfiguration
    private let random: KeyedRandom
    private let origin: Millis
    private var device = 0
    private var cache: [Day]
    private static let cacheSize = 16

    public init(configuration: ServerConfiguration, random: KeyedRandom, origin: Millis) {
        self.configuration = configuration
        self.random = random
        self.origin = origin
        self.cache = Array(repeating: Day(index: -1, times: [], plans: []), count: Self.cacheSize)
    }

    /// Switches to another device's world.
    public func reset(device: Int) {
        self.device = device
        for i in cache.indices { cache[i].index = -1 }
    }

    @inline(__always)
    public static func day(of id: Int64) -> Int { Int(id >> Int64(rankBits)) }
    @inline(__always)
    public static func rank(of id: Int64) -> Int { Int(id & rankMask) }
    @inline(__always)
    public static func id(day: Int, rank: Int) -> Int64 { Int64(day) << Int64(rankBits) | Int64(rank) }

    /// The UTC day (since the origin) that `time` falls in; -1 before the origin.
    @inline(__always)
    public func dayIndex(of time: Millis) -> Int {
        time < origin ? -1 : Int((time - origin) / SimTime.day)
    }

    public func updates(onDay day: Int) -> Day {
        let slot = day & (Self.cacheSize - 1)
        if cache[slot].index == day { return cache[slot] }
        random.begin(device: device, source: .serverDay, index: day)
        let count = min(random.poisson(mean: configuration.updatesPerDay), Int(Self.rankMask))
        var times = [Millis]()
        var plans = [Int32]()
        if count > 0 {
            times.reserveCapacity(count)
            let dayStart = origin + Millis(day) * SimTime.day
            for _ in 0..<count { times.append(dayStart + Millis(random.uniform() * Double(SimTime.day))) }
            times.sort()
            plans.reserveCapacity(count)
            for _ in 0..<count { plans.append(Int32(random.index(below: configuration.starredPlans))) }
        }
        let result = Day(index: day, times: times, plans: plans)
        cache[slot] = result
        return result
    }

    /// What `plansLastUpdatedBetween(afterId: after)` sees at `time`: how many
    /// updates there are after `after` up to `time`, and the last one's id.
    public func updates(after: Int64, through time: Millis) -> (count: Int, last: Int64) {
        let lastDay = dayIndex(of: time)
        guard lastDay >= 0 else { return (0, after) }
        var day = max(0, Self.day(of: after))
        var count = 0
        var last = after
        while day <= lastDay {
            let updates = updates(onDay: day)
            var rank = 0
            while rank < updates.times.count, updates.times[rank] <= time {
                let id = Self.id(day: day, rank: rank + 1)
                if id > after {
                    count += 1
                    last = id
                }
                rank += 1
            }
            day += 1
        }
        return (count, last)
    }

    /// Calls `body(time, plan)` for every update with after < id ≤ through, in order.
    public func forEachUpdate(after: Int64, through: Int64, _ body: (Millis, Int) -> Void) {
        guard through > after else { return }
        var day = max(0, Self.day(of: after))
        let lastDay = Self.day(of: through)
        while day <= lastDay {
            let updates = updates(onDay: day)
            for rank in 0..<updates.times.count {
                let id = Self.id(day: day, rank: rank + 1)
                if id > after && id <= through { body(updates.times[rank], Int(updates.plans[rank])) }
            }
            day += 1
        }
    }

    /// How many updates the server makes before `end`: the lost-update rate's denominator.
    public func updateCount(before end: Millis) -> Int {
        guard end > origin else { return 0 }
        let lastDay = dayIndex(of: end - 1)
        var total = 0
        for day in 0...lastDay {
            let updates = updates(onDay: day)
            if day < lastDay {
                total += updates.times.count
            } else {
                for time in updates.times where time < end { total += 1 }
            }
        }
        return total
    }
}
