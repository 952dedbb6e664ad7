/// One device's world, shared by every arm (common random numbers): the
/// server's updates and the user's behaviour, generated once per device from
/// keyed draws. The runner, `trace` and the tests all make devices this way.
public final class DeviceWorld {
    public let configuration: WorldConfiguration
    public let random: KeyedRandom
    /// The keyed draws one arm made on the current device, for the next arms.
    let draws: DrawMemo
    /// The first blocks of the streams those draws open, by device (`StreamStarts`).
    let streamStarts: StreamStartTable
    public private(set) var server: ServerModel
    public private(set) var user: UserActivity
    public private(set) var device = -1

    /// Devices' servers and users generated ahead (`WorldTapes`), by device, or nil to generate them.
    private let serverTape: [ServerModel]?
    private let userTape: [UserActivity]?

    /// - Parameters:
    ///   - servers, users: each device's server and user as this world would generate them, from
    ///     a `WorldTapes`; without them the world generates each device's.
    public init(
        configuration: WorldConfiguration, seed: UInt64, servers: [ServerModel]? = nil, users: [UserActivity]? = nil
    ) {
        self.configuration = configuration
        serverTape = servers
        userTape = users
        random = KeyedRandom(seed: seed)
        let calendar = configuration.calendar
        server = ServerModel(
            configuration: configuration.server, origin: calendar.start, end: calendar.followingNotifyTime)
        user = UserActivity(
            configuration: configuration.user, origin: calendar.start, end: calendar.followingNotifyTime)
        precondition(
            DrawIndex.fits(cycles: calendar.count, days: user.dayCount), "too many cycles or days for the draw indices")
        // The memoized draws' keys: a cycle or a day above a counter that is almost always 0.
        let dense: [(source: RandomSource, shift: Int, count: Int)] = [
            (.fetchAttempt, DrawIndex.fetchAttempt.minorBits, calendar.count),
            (.backgroundRequestForCycle, DrawIndex.handlerRequest.minorBits, calendar.count),
            (.backgroundRequestAtOpen, DrawIndex.dayRank.minorBits, user.dayCount),
        ]
        draws = DrawMemo(dense: dense)
        streamStarts = StreamStartTable(random: random, batches: dense)
    }

    /// Generates device `device`'s world (0-based).
    public func generate(device: Int) {
        self.device = device
        if let serverTape {
            precondition(
                device < serverTape.count,
                "device \(device) is past the \(serverTape.count) devices of the world's server tape")
            server = serverTape[device]
        } else {
            server.generate(device: device, random: random)
        }
        if let userTape {
            precondition(
                device < userTape.count,
                "device \(device) is past the \(userTape.count) devices of the world's user tape")
            user = userTape[device]
        } else {
            user.generate(device: device, random: random)
        }
    }
}
