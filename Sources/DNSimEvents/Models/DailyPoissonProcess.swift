/// A Poisson process of user actions generated one UTC day (since the
/// origin) at a time from that day's keyed stream, so every arm sees the same
/// instants. Iterated in order with a cursor; only the current day is held.
public struct DailyPoissonProcess {
    public let ratePerDay: Double
    let source: RandomSource
    let origin: Millis
    private var day = -1
    private var times: [Millis] = []
    private var position = 0
    private var device = 0

    public init(ratePerDay: Double, source: RandomSource, origin: Millis) {
        self.ratePerDay = ratePerDay
        self.source = source
        self.origin = origin
    }

    public mutating func reset(device: Int) {
        self.device = device
        day = -1
        times.removeAll(keepingCapacity: true)
        position = 0
    }

    /// The next instant at or before `limit`, with a key unique within the
    /// device (day << 12 | rank), or nil if none comes before the limit.
    public mutating func next(notAfter limit: Millis, random: KeyedRandom) -> (time: Millis, key: Int)? {
        guard ratePerDay > 0 else { return nil }
        while position >= times.count {
            if origin + Millis(day + 1) * SimTime.day > limit { return nil }
            advanceDay(random: random)
        }
        let time = times[position]
        guard time <= limit else { return nil }
        let key = day << 12 | position
        position += 1
        return (time, key)
    }

    private mutating func advanceDay(random: KeyedRandom) {
        day += 1
        times.removeAll(keepingCapacity: true)
        position = 0
        random.begin(device: device, source: source, index: day)
        let count = min(random.poisson(mean: ratePerDay), 4095)
        let dayStart = origin + Millis(day) * SimTime.day
        for _ in 0..<count { times.append(dayStart + Millis(random.uniform() * Double(SimTime.day))) }
        times.sort()
    }
}
