/// What one device's user does over the run: when they open the app
/// (running plugin code and handing the fetcher a fresh JWT pool) and, on iOS,
/// when they force-quit it. Each is a Poisson process generated one UTC day
/// at a time from that day's keyed stream; the whole horizon is generated once
/// per device and shared by every arm; a value type, so each arm reads its
/// own copy, which shares the arrays.
public struct UserActivity {
    public let configuration: UserConfiguration
    private let origin: Millis
    let dayCount: Int
    public private(set) var opens: [Millis] = []
    /// A key unique within the device for each open (`DrawIndex.dayRank`): it names its draws.
    /// Each day's instants of a process get such keys.
    public private(set) var openKeys: [Int] = []
    public private(set) var forceQuits: [Millis] = []
    /// Android force stops.
    public private(set) var forceStops: [Millis] = []
    public private(set) var reboots: [Millis] = []
    public private(set) var lowPower = TimeWindows()
    public private(set) var offline = TimeWindows()
    /// When New Activity is off (the user turned it off, and on again at each end).
    public private(set) var disabled = TimeWindows()
    /// When the user picks a new notification time, and which (an index into the time choices).
    public private(set) var timeChanges: [Millis] = []
    public private(set) var timeChangeChoices: [Int] = []
    /// When the starred list is empty.
    public private(set) var starredEmpty = TimeWindows()
    private let choiceCDF: [Double]?
    private let end: Millis
    /// Cumulative hour weights for app opens and period starts, when a daily profile is given.
    private let hourCDF: [Double]?
    private let lowPowerHourCDF: [Double]?
    private let offlineHourCDF: [Double]?
    /// Each day's first Philox block of the process being generated (reused, one per day). Copies
    /// share it, so only one copy generates at a time (the `DeviceWorld`'s; the arms' copies read).
    private let blocks: PhiloxBlocks

    public init(configuration: UserConfiguration, origin: Millis, end: Millis) {
        self.configuration = configuration
        self.origin = origin
        self.dayCount = Int(max(0, end - origin) / SimTime.day) + 1
        blocks = PhiloxBlocks(capacity: dayCount)
        self.end = end
        choiceCDF =
            configuration.timeChoiceWeights.isEmpty
            ? nil
            : Self.cumulative(
                configuration.timeChoiceWeights,
                count: configuration.timeChoiceWeights.count)
        hourCDF = Self.cumulative(configuration.appOpenHours)
        lowPowerHourCDF = Self.cumulative(configuration.lowPowerHours)
        offlineHourCDF = Self.cumulative(configuration.offlineHours)
    }

    /// The cumulative shares of 24 hourly weights, or nil.
    private static func cumulative(_ hours: [Double]?, count: Int = 24) -> [Double]? {
        guard let hours, hours.count == count else { return nil }
        let total = hours.reduce(0, +)
        var running = 0.0
        return hours.map {
            running += $0 / total; return running
        }
    }

    /// How many values this device's user takes (for `WorldTapes`' bound).
    var storedValues: Int {
        opens.count + openKeys.count + forceQuits.count + forceStops.count + reboots.count + timeChanges.count
            + timeChangeChoices.count
            + 2 * (lowPower.count + offline.count + disabled.count + starredEmpty.count)
    }

    /// Generates another device's user: opens, force-quits, reboots and periods.
    public mutating func generate(device: Int, random: KeyedRandom) {
        opens.removeAll(keepingCapacity: true)
        openKeys.removeAll(keepingCapacity: true)
        forceQuits.removeAll(keepingCapacity: true)
        forceStops.removeAll(keepingCapacity: true)
        reboots.removeAll(keepingCapacity: true)
        lowPower.removeAll()
        offline.removeAll()
        disabled.removeAll()
        timeChanges.removeAll(keepingCapacity: true)
        timeChangeChoices.removeAll(keepingCapacity: true)
        starredEmpty.removeAll()
        let (origin, days, blocks) = (self.origin, dayCount, self.blocks)
        func process(
            _ rate: Double, _ source: RandomSource, profile: [Double]? = nil,
            duration: (Distribution, RandomSource)? = nil,
            _ add: (Millis, Int, Millis) -> Void
        ) {
            Self.poissonProcess(
                device: device, random: random, origin: origin, days: days, rate: rate, source: source,
                profile: profile, duration: duration, blocks: blocks, add)
        }
        let user = configuration
        process(user.appOpensPerDay, .appOpenDay, profile: hourCDF) { time, key, _ in
            opens.append(time)
            openKeys.append(key)
        }
        process(user.forceQuitPerDay, .forceQuitDay) { time, _, _ in forceQuits.append(time) }
        process(user.forceStopPerDay, .forceStopDay) { time, _, _ in forceStops.append(time) }
        process(user.rebootsPerDay, .rebootDay) { time, _, _ in reboots.append(time) }
        process(
            user.lowPowerPerDay, .lowPowerDay, profile: lowPowerHourCDF,
            duration: (user.lowPowerDuration, .lowPowerDuration)
        ) { time, _, length in
            lowPower.append(time, time + length)
        }
        process(
            user.offlinePerDay, .offlineDay, profile: offlineHourCDF,
            duration: (user.offlineDuration, .offlineDuration)
        ) { time, _, length in
            offline.append(time, time + length)
        }
        generateLifecycle(device: device, random: random, process)
    }

    /// The user's lifecycle (docs/lifecycle.md): New Activity turned off and on, time changes, and
    /// starred-list edits. Each from keys of its own, so rates of 0 draw nothing and leave every
    /// other process as it was.
    private mutating func generateLifecycle(
        device: Int, random: KeyedRandom,
        _ process: (
            Double, RandomSource, [Double]?, (Distribution, RandomSource)?,
            (Millis, Int, Millis) -> Void
        ) -> Void
    ) {
        let user = configuration
        process(user.disablePerDay, .disableDay, nil, (user.disabledFor, .disableDuration)) { time, _, length in
            disabled.append(time, time + max(length, 1))
        }
        if let choiceCDF {
            process(user.timeChangePerDay, .timeChangeDay, nil, nil) { time, key, _ in
                random.begin(device: device, source: .timeChoice, index: key)
                let u = random.uniform()
                timeChanges.append(time)
                timeChangeChoices.append(choiceCDF.firstIndex { u < $0 } ?? choiceCDF.count - 1)
            }
        }
        guard user.emptyStarredShare > 0 else { return }
        // The list at setup, then after each edit: empty with probability emptyStarredShare.
        random.begin(device: device, source: .starredEmpty, index: -1)
        var emptySince: Millis? = random.uniform() < user.emptyStarredShare ? origin : nil
        process(user.starredChangePerDay, .starredChangeDay, nil, nil) { time, key, _ in
            random.begin(device: device, source: .starredEmpty, index: key)
            let empty = random.uniform() < user.emptyStarredShare
            if empty, emptySince == nil { emptySince = time }
            if !empty, let since = emptySince {
                starredEmpty.append(since, time)
                emptySince = nil
            }
        }
        if let since = emptySince { starredEmpty.append(since, max(end, since) + SimTime.day) }
    }

    /// When the app, force-quit at `time` and not opened since, is next
    /// opened (`.max` if never in the run); nil when it is not force-quit then.
    /// Setup, at the origin, counts as an open.
    public func forceQuitEnd(at time: Millis) -> Millis? { stopEnd(forceQuits, at: time) }

    /// The first instant in [`start`, `end`] at which the app is force-quit: `start` itself when
    /// it is force-quit then, else the first force-quit after it; nil when none.
    public func firstForceQuit(from start: Millis, through end: Millis) -> Millis? {
        firstStop(forceQuits, from: start, through: end)
    }

    /// As `forceQuitEnd`, for Android's force stops: when the stopped app is next opened.
    public func forceStopEnd(at time: Millis) -> Millis? { stopEnd(forceStops, at: time) }

    /// As `firstForceQuit`, for Android's force stops.
    public func firstForceStop(from start: Millis, through end: Millis) -> Millis? {
        firstStop(forceStops, from: start, through: end)
    }

    /// When the app, stopped by the last of `stops` at or before `time` and not opened since, is
    /// next opened (`.max` if never); nil when it is not stopped then.
    private func stopEnd(_ stops: [Millis], at time: Millis) -> Millis? {
        let stop = Self.lastIndex(stops, atOrBefore: time)
        guard stop >= 0 else { return nil }
        let open = Self.lastIndex(opens, atOrBefore: time)
        if open >= 0, opens[open] >= stops[stop] { return nil }
        return open + 1 < opens.count ? opens[open + 1] : .max
    }

    private func firstStop(_ stops: [Millis], from start: Millis, through end: Millis) -> Millis? {
        guard !stops.isEmpty else { return nil }
        if stopEnd(stops, at: start) != nil { return start }
        let next = Self.lastIndex(stops, atOrBefore: start) + 1
        return next < stops.count && stops[next] <= end ? stops[next] : nil
    }

    /// The index of the last of the sorted `times` at or before `time`, or -1.
    private static func lastIndex(_ times: [Millis], atOrBefore time: Millis) -> Int {
        times.firstIndex(after: time) - 1
    }

    /// A Poisson process of `rate` per day, generated a day at a time from that
    /// day's keyed stream: count and instants (by the hour profile when given).
    /// Each period's duration, when asked for, comes from a key of its own
    /// (day and rank), so changing the duration's distribution moves no start.
    private static func poissonProcess(
        device: Int, random: KeyedRandom, origin: Millis, days dayCount: Int, rate: Double,
        source: RandomSource, profile: [Double]?, duration: (Distribution, RandomSource)?,
        blocks: PhiloxBlocks, _ add: (Millis, Int, Millis) -> Void
    ) {
        guard rate > 0 else { return }
        random.firstBlocks(device: device, source: source, count: dayCount, into: blocks)
        // The day's instants, in its first `count` places, sorted as `DayTimes` says: by insertion as
        // they are drawn (most days have none or one; clearing and sorting every day cost more), or
        // all at once on a busy day.
        var day: [Millis] = []
        for index in 0..<dayCount {
            random.begin(device: device, source: source, index: index, firstBlockIn: blocks)
            let count = min(random.poisson(mean: rate), DrawIndex.dayRank.minorMax)
            guard count > 0 else { continue }
            let dayStart = origin + Millis(index) * SimTime.day
            while day.count < count { day.append(0) }
            for drawn in 0..<count {
                var offset = random.uniform() * Double(SimTime.day)
                if let profile {
                    // Pick the hour by its weight, then a uniform instant within it.
                    let u = offset / Double(SimTime.day)
                    let hour = profile.firstIndex { u <= $0 } ?? 23
                    offset = (Double(hour) + random.uniform()) * Double(SimTime.hour)
                }
                let time = dayStart + Millis(offset)
                var place = drawn
                while count <= DayTimes.insertionLimit, place > 0, day[place - 1] > time {
                    day[place] = day[place - 1]
                    place -= 1
                }
                day[place] = time
            }
            if count > DayTimes.insertionLimit {
                day.withUnsafeMutableBufferPointer {
                    DayTimes.sort(UnsafeMutableBufferPointer(rebasing: $0[..<count]), dayStart: dayStart)
                }
            }
            for rank in 0..<count {
                let start = day[rank]
                var length: Millis = 0
                if let (distribution, durationSource) = duration {
                    random.begin(device: device, source: durationSource, index: DrawIndex.dayRank.make(index, rank))
                    length = random.duration(distribution)
                }
                add(start, DrawIndex.dayRank.make(index, rank), length)
            }
        }
    }
}
