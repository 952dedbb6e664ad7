/// What one device's user does over the run: when they open the app
/// (running plugin code and handing the fetcher a fresh JWT pool) and, on iOS,
/// when they force-quit it. Each is a Poisson process generated one UTC day
/// at a time from that day's keyed stream; the whole horizon is generated once
/// per device and shared by every arm.
public final class UserActivity {
    public let configuration: UserConfiguration
    private let random: KeyedRandom
    private let origin: Millis
    private let dayCount: Int
    public private(set) var opens: [Millis] = []
    /// A key unique within the device for each open (day << 12 | rank): it names its draws.
    public private(set) var openKeys: [Int] = []
    public private(set) var forceQuits: [Millis] = []

    public init(configuration: UserConfiguration, random: KeyedRandom, origin: Millis, end: Millis) {
        self.configuration = configuration
        self.random = random
        self.origin = origin
        self.dayCount = Int(max(0, end - origin) / SimTime.day) + 1
    }

    public func reset(device: Int) {
        opens.removeAll(keepingCapacity: true)
        openKeys.removeAll(keepingCapacity: true)
        forceQuits.removeAll(keepingCapacity: true)
        generate(device: device, rate: configuration.appOpensPerDay, source: .appOpenDay) { time, key in
            opens.append(time)
            openKeys.append(key)
        }
        generate(device: device, rate: configuration.forceQuitPerDay, source: .forceQuitDay) { time, _ in
            forceQuits.append(time)
        }
    }

    private func generate(device: Int, rate: Double, source: RandomSource, _ add: (Millis, Int) -> Void) {
        guard rate > 0 else { return }
        var day: [Millis] = []
        for index in 0..<dayCount {
            random.begin(device: device, source: source, index: index)
            let count = min(random.poisson(mean: rate), 4095)
            let dayStart = origin + Millis(index) * SimTime.day
            day.removeAll(keepingCapacity: true)
            for _ in 0..<count { day.append(dayStart + Millis(random.uniform() * Double(SimTime.day))) }
            day.sort()
            for (rank, time) in day.enumerated() { add(time, index << 12 | rank) }
        }
    }
}
