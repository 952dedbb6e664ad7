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

    private var servers: [(configuration: ServerConfiguration, horizon: Horizon, devices: [ServerModel])] = []
    private var users: [(configuration: UserConfiguration, horizon: Horizon, devices: [UserActivity])] = []
    /// How many values the tapes hold.
    public private(set) var values = 0

    public var serverTapes: Int { servers.count }
    public var userTapes: Int { users.count }

    /// Tapes for every server and every user that at least two of `plans`' worlds (segments
    /// included) share, built on `jobs` threads, up to `valueLimit` values in all.
    public init(plans: [SimulationPlan], jobs: Int, valueLimit: Int = defaultValueLimit) {
        var serverKeys: [(ServerConfiguration, Horizon, uses: Int)] = []
        var userKeys: [(UserConfiguration, Horizon, uses: Int)] = []
        for plan in plans {
            for world in plan.segmentWorlds {
                let horizon = Self.horizon(world, plan)
                if let i = serverKeys.firstIndex(where: { $0.0 == world.server && $0.1 == horizon }) {
                    serverKeys[i].uses += 1
                } else {
                    serverKeys.append((world.server, horizon, 1))
                }
                if let i = userKeys.firstIndex(where: { $0.0 == world.user && $0.1 == horizon }) {
                    userKeys[i].uses += 1
                } else {
                    userKeys.append((world.user, horizon, 1))
                }
            }
        }
        let sharedServers = serverKeys.filter { $0.uses > 1 }, sharedUsers = userKeys.filter { $0.uses > 1 }
        // Servers first, then users, each tape on one thread; kept in that order whatever finishes first.
        let count = sharedServers.count + sharedUsers.count
        guard count > 0 else { return }
        // One budget for all the tapes, drawn on as each device is generated, so memory stays
        // within the limit while they are built, not only once they are.
        let slots = TapeSlots(count: count, budget: valueLimit)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while let index = slots.claim() {
                if index < sharedServers.count {
                    let (configuration, horizon, _) = sharedServers[index]
                    slots.store(.server(Self.serverTape(configuration, horizon, slots)), at: index)
                } else {
                    let (configuration, horizon, _) = sharedUsers[index - sharedServers.count]
                    slots.store(.user(Self.userTape(configuration, horizon, slots)), at: index)
                }
            }
        }
        for (index, tape) in slots.tapes.enumerated() {
            switch tape {
            case .server(let tape?):
                values += tape.values
                servers.append((sharedServers[index].0, sharedServers[index].1, tape.devices))
            case .user(let tape?):
                values += tape.values
                users.append((sharedUsers[index - sharedServers.count].0, sharedUsers[index - sharedServers.count].1, tape.devices))
            default:
                continue
            }
        }
    }

    /// The servers of devices 0..<plan.devices of `world`, if a tape holds them.
    func servers(_ world: WorldConfiguration, _ plan: SimulationPlan) -> [ServerModel]? {
        let horizon = Self.horizon(world, plan)
        return servers.first { $0.configuration == world.server && $0.horizon == horizon }?.devices
    }

    /// The users of devices 0..<plan.devices of `world`, if a tape holds them.
    func users(_ world: WorldConfiguration, _ plan: SimulationPlan) -> [UserActivity]? {
        let horizon = Self.horizon(world, plan)
        return users.first { $0.configuration == world.user && $0.horizon == horizon }?.devices
    }

    /// What a device's server and user depend on besides their configurations: `DeviceWorld`'s
    /// horizon, the seed, and how many devices the tape must cover.
    private static func horizon(_ world: WorldConfiguration, _ plan: SimulationPlan) -> Horizon {
        Horizon(origin: world.calendar.start, end: world.calendar.followingNotifyTime, seed: plan.seed, devices: plan.devices)
    }

    private static func serverTape(_ configuration: ServerConfiguration, _ horizon: Horizon, _ slots: TapeSlots) -> (devices: [ServerModel], values: Int)? {
        let random = KeyedRandom(seed: horizon.seed)
        var model = ServerModel(configuration: configuration, origin: horizon.origin, end: horizon.end)
        var devices: [ServerModel] = [], values = 0
        devices.reserveCapacity(horizon.devices)
        for device in 0..<horizon.devices {
            // The copy kept shares the arrays; the next `generate` gives the model new ones.
            model.generate(device: device, random: random)
            guard slots.reserve(model.storedValues) else {
                slots.release(values)
                return nil
            }
            values += model.storedValues
            devices.append(model)
        }
        return (devices, values)
    }

    private static func userTape(_ configuration: UserConfiguration, _ horizon: Horizon, _ slots: TapeSlots) -> (devices: [UserActivity], values: Int)? {
        let random = KeyedRandom(seed: horizon.seed)
        var model = UserActivity(configuration: configuration, origin: horizon.origin, end: horizon.end)
        var devices: [UserActivity] = [], values = 0
        devices.reserveCapacity(horizon.devices)
        for device in 0..<horizon.devices {
            model.generate(device: device, random: random)
            guard slots.reserve(model.storedValues) else {
                slots.release(values)
                return nil
            }
            values += model.storedValues
            devices.append(model)
        }
        return (devices, values)
    }
}

/// The tapes being built, by index, guarded by a lock.
private final class TapeSlots: @unchecked Sendable {
    enum Tape {
        case server((devices: [ServerModel], values: Int)?)
        case user((devices: [UserActivity], values: Int)?)
    }

    private let lock = NSLock()
    private var next = 0
    private var slots: [Tape?]
    /// Values the tapes may still take.
    private var budget: Int

    init(count: Int, budget: Int) {
        slots = Array(repeating: nil, count: count)
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

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ tape: Tape, at index: Int) {
        lock.lock()
        slots[index] = tape
        lock.unlock()
    }

    var tapes: [Tape] { slots.map { $0! } }
}
