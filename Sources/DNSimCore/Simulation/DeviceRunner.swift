/// Runs every arm of a plan over a range of devices on one thread. Each
/// device's world is shared by all arms through keyed draws, so the arms'
/// paired differences use common random numbers.
public final class DeviceRunner {
    public let plan: SimulationPlan
    let random: KeyedRandom
    let server: ServerModel
    let user: UserActivity
    let simulators: [ArmSimulator]
    let accumulators: [ArmAccumulator]

    public init(plan: SimulationPlan) {
        self.plan = plan
        let random = KeyedRandom(seed: plan.seed)
        let calendar = plan.world.calendar
        let server = ServerModel(configuration: plan.world.server, random: random, origin: calendar.start, end: calendar.followingNotifyTime)
        let user = UserActivity(configuration: plan.world.user, random: random, origin: calendar.start, end: calendar.followingNotifyTime)
        self.random = random
        self.server = server
        self.user = user
        simulators = plan.arms.map { ArmSimulator(arm: $0, world: plan.world, random: random, server: server, user: user) }
        accumulators = plan.arms.map { _ in ArmAccumulator(lateAfter: plan.lateAfter) }
        for (simulator, accumulator) in zip(simulators, accumulators) { simulator.observer = accumulator }
        pairs = plan.pairs.map { PairedDifference(minuend: $0.0, subtrahend: $0.1) }
    }

    private var pairs: [PairedDifference]
    private var devicesRun = 0

    /// Simulates devices `range` (0-based), adding them to `result`; with a
    /// writer, also streams each cycle's row.
    func simulate(devices range: Range<Int>, writer: CycleLog.ChunkWriter?) {
        for (index, accumulator) in accumulators.enumerated() {
            accumulator.forward = writer.map { writer in { writer.append(arm: index, $0) } }
        }
        defer { for accumulator in accumulators { accumulator.forward = nil } }
        simulate(devices: range) { writer?.device = $0 }
    }

    /// Simulates devices `range` (0-based), adding them to `result`.
    public func simulate(devices range: Range<Int>, beforeDevice: (Int) -> Void = { _ in }) {
        let cycles = Int64(plan.world.calendar.count)
        for device in range {
            beforeDevice(device)
            server.reset(device: device)
            user.reset(device: device)
            for (simulator, accumulator) in zip(simulators, accumulators) {
                accumulator.beginDevice()
                let activity = simulator.run(device: device)
                accumulator.endDevice(activity, device: device)
            }
            for i in pairs.indices {
                pairs[i].add(accumulators[pairs[i].minuend].deviceCounts,
                             accumulators[pairs[i].subtrahend].deviceCounts, cycles: cycles)
            }
        }
        devicesRun += range.count
    }

    /// Everything simulated so far by this runner.
    public var result: SimulationResult {
        var result = SimulationResult(plan: plan)
        result.arms = accumulators.map(\.statistics)
        result.pairs = pairs
        result.events = Int64(simulators.reduce(0) { $0 + $1.eventsHandled })
        return result
    }
}
