import DNSimSupport
import Dispatch
import Foundation

/// The servers' updates and the users' behaviour of an uncertainty study's devices, generated once
/// for every world that shares them.
///
/// A device's server is a pure function of the server's configuration, the run's horizon, the seed
/// and the device (keyed draws); so is its user. Worlds whose parameters do not touch the server
/// (or the user) therefore generate the same one, device by device, and a study of 384 worlds would
/// generate it 384 times. A tape holds it once, for every device, and those worlds' runners copy it
/// instead (a copy of a value that shares its arrays). Nothing a world reports can tell the difference:
/// a tape's values are the generator's own.
///
/// Immutable once built, so worlds on any thread may read it. A tape's copies share their
/// generator's scratch Philox blocks (`ServerModel`, `UserActivity`): safe because a world fed by a
/// tape never calls `generate`.
public final class WorldTapes: @unchecked Sendable {
    /// The tapes hold at most this many values in all, while they are built and after (8 bytes each,
    /// up to twice that with the arrays' spare capacity): a tape that would pass it is left out, and
    /// its worlds generate their devices as before. Which tapes are kept changes no result.
    public static let defaultValueLimit = 32 << 20

    struct Horizon: Equatable {
        let origin: Millis
        let end: Millis
        let seed: UInt64
        let devices: Int
    }

    /// One part of the world, generated for devices 0..<horizon.devices. Sendable unchecked: one
    /// thread fills a tape, and only reads follow (the models' scratch blocks are never used again).
    struct Tape<Model: DeviceGenerated>: @unchecked Sendable {
        let configuration: Model.Configuration
        let horizon: Horizon
        var devices: [Model] = []
        var values = 0
    }

    private var servers: [Tape<ServerModel>] = []
    private var users: [Tape<UserActivity>] = []
    /// How many values the tapes hold.
    public var values: Int { servers.reduce(0) { $0 + $1.values } + users.reduce(0) { $0 + $1.values } }

    public var serverTapes: Int { servers.count }
    public var userTapes: Int { users.count }

    /// Tapes for every server and every user that at least two of `plans`' worlds (segments
    /// included) share, built on `jobs` threads, up to `valueLimit` values in all.
    public init(plans: [SimulationPlan], jobs: Int, valueLimit: Int = defaultValueLimit) {
        let worlds = plans.flatMap { plan in plan.segmentWorlds.map { (world: $0, horizon: Self.horizon($0, plan)) } }
        let sharedServers: [Tape<ServerModel>] = Self.shared(worlds.map { ($0.world.server, $0.horizon) })
        let sharedUsers: [Tape<UserActivity>] = Self.shared(worlds.map { ($0.world.user, $0.horizon) })
        // Servers first, then users, each tape on one thread; kept in that order whatever finishes first.
        let count = sharedServers.count + sharedUsers.count
        guard count > 0 else { return }
        // One budget for all the tapes, drawn on as each device is generated, so memory stays
        // within the limit while they are built, not only once they are.
        let slots = TapeSlots(servers: sharedServers.count, users: sharedUsers.count, budget: valueLimit)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while let index = slots.next.claim() {
                if index < sharedServers.count {
                    slots.store(server: Self.generated(sharedServers[index], slots), at: index)
                } else {
                    slots.store(
                        user: Self.generated(sharedUsers[index - sharedServers.count], slots),
                        at: index - sharedServers.count)
                }
            }
        }
        servers = slots.servers.compactMap { $0 }
        users = slots.users.compactMap { $0 }
    }

    /// The servers of devices 0..<plan.devices of `world`, if a tape holds them.
    func servers(_ world: WorldConfiguration, _ plan: SimulationPlan) -> [ServerModel]? {
        Self.devices(in: servers, world.server, Self.horizon(world, plan))
    }

    /// The users of devices 0..<plan.devices of `world`, if a tape holds them.
    func users(_ world: WorldConfiguration, _ plan: SimulationPlan) -> [UserActivity]? {
        Self.devices(in: users, world.user, Self.horizon(world, plan))
    }

    private static func devices<Model>(
        in tapes: [Tape<Model>], _ configuration: Model.Configuration, _ horizon: Horizon
    ) -> [Model]? {
        tapes.first { $0.configuration == configuration && $0.horizon == horizon }?.devices
    }

    /// What a device's server and user depend on besides their configurations: `DeviceWorld`'s
    /// horizon, the seed, and how many devices the tape must cover.
    private static func horizon(_ world: WorldConfiguration, _ plan: SimulationPlan) -> Horizon {
        Horizon(
            origin: world.calendar.start, end: world.calendar.followingNotifyTime, seed: plan.seed,
            devices: plan.devices)
    }

    /// Empty tapes for the configurations and horizons that occur more than once, in first-seen order.
    private static func shared<Model>(_ keys: [(Model.Configuration, Horizon)]) -> [Tape<Model>] {
        var distinct: [(key: (Model.Configuration, Horizon), uses: Int)] = []
        for key in keys {
            if let i = distinct.firstIndex(where: { $0.key.0 == key.0 && $0.key.1 == key.1 }) {
                distinct[i].uses += 1
            } else {
                distinct.append((key, 1))
            }
        }
        return distinct.filter { $0.uses > 1 }.map { Tape(configuration: $0.key.0, horizon: $0.key.1) }
    }

    /// `tape` with every device generated, or nil if the budget runs out first.
    private static func generated<Model>(_ tape: Tape<Model>, _ slots: TapeSlots) -> Tape<Model>? {
        var tape = tape
        let random = KeyedRandom(seed: tape.horizon.seed)
        var model = Model(configuration: tape.configuration, origin: tape.horizon.origin, end: tape.horizon.end)
        tape.devices.reserveCapacity(tape.horizon.devices)
        for device in 0..<tape.horizon.devices {
            // The copy kept shares the arrays; the next `generate` gives the model new ones.
            model.generate(device: device, random: random)
            guard slots.reserve(model.storedValues) else {
                slots.release(tape.values)
                return nil
            }
            tape.values += model.storedValues
            tape.devices.append(model)
        }
        return tape
    }
}

/// The tapes being built, by index, and the budget they draw on, guarded by a lock.
private final class TapeSlots: @unchecked Sendable {
    let next: IndexClaims
    private let lock = NSLock()
    private(set) var servers: [WorldTapes.Tape<ServerModel>?]
    private(set) var users: [WorldTapes.Tape<UserActivity>?]
    /// Values the tapes may still take.
    private var budget: Int

    init(servers: Int, users: Int, budget: Int) {
        next = IndexClaims(count: servers + users)
        self.servers = Array(repeating: nil, count: servers)
        self.users = Array(repeating: nil, count: users)
        self.budget = budget
    }

    /// Takes `values` from the budget, or nothing if fewer are left.
    func reserve(_ values: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard values <= budget else { return false }
        budget -= values
        return true
    }

    /// Gives back what an abandoned tape had taken.
    func release(_ values: Int) {
        lock.lock()
        budget += values
        lock.unlock()
    }

    func store(server tape: WorldTapes.Tape<ServerModel>?, at index: Int) {
        lock.lock()
        servers[index] = tape
        lock.unlock()
    }

    func store(user tape: WorldTapes.Tape<UserActivity>?, at index: Int) {
        lock.lock()
        users[index] = tape
        lock.unlock()
    }
}
