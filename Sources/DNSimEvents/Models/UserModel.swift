/// When one device's user opens the app: a Poisson process, generated a
/// local-agnostic UTC day at a time from that day's keyed stream, so every arm
/// sees the same opens. Iterated in order with a cursor; nothing is stored
/// beyond the current day.
public struct UserModel {
    public let configuration: UserConfiguration
    private let origin: Millis
    private var device = 0
    private var day = 0
    private var times: [Millis] = []
    private var position = 0

    public init(configuration: UserConfiguration, origin: Millis) {
        self.configuration = configuration
        self.origin = origin
    }

    /// Starts over for a device.
    public mutating func reset(device: Int, random: KeyedRandom) {
        self.device = device
        day = -1
        times.removeAll(keepingCapacity: true)
        position = 0
        advanceDay(random: random)
    }

    /// The next app open at or before `limit`, with a key unique within the
    /// device (day << 12 | rank), or nil if none comes before the limit.
    public mutating func nextOpen(notAfter limit: Millis, random: KeyedRandom) -> (time: Millis, key: Int)? {
        guard configuration.appOpensPerDay > 0 else { return nil }
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
        guard configuration.appOpensPerDay > 0 else { return }
        random.begin(device: device, source: .appOpenDay, index: day)
        let count = min(random.poisson(mean: configuration.appOpensPerDay), 4095)
        let dayStart = origin + Millis(day) * SimTime.day
        for _ in 0..<count { times.append(dayStart + Millis(random.uniform() * Double(SimTime.day))) }
        times.sort()
    }
}
