/// Runs every arm of a plan over a range of devices on one thread. Each
/// device's world is shared by all arms through keyed draws, so the arms'
/// paired differences use common random numbers.
public final class DeviceRunner {
    public let plan: SimulationPlan
    let world: DeviceWorld
    let simulators: [ArmSimulator]
    private var accumulators: [ArmAccumulator]
    private var pairs: [PairedDifference]
    private var events: Int64 = 0

    public init(plan: SimulationPlan) {
        self.plan = plan
        let world = DeviceWorld(configuration: plan.world, seed: plan.seed)
        self.world = world
        simulators = plan.arms.map { ArmSimulator(arm: $0, world: world) }
        accumulators = plan.arms.map { _ in ArmAccumulator(lateAfter: plan.lateAfter) }
        pairs = plan.pairs.map { PairedDifference(minuend: $0.0, subtrahend: $0.1) }
    }

    /// Simulates devices `range` (0-based), adding them to `result`; `each`
    /// also sees every (device, arm index, log), e.g. to write cycles.csv.
    public func simulate(devices range: Range<Int>, each: ((Int, Int, DeviceLog) -> Void)? = nil) {
        for device in range {
            world.generate(device: device)
            var cycles: Int64 = 0
            for index in simulators.indices {
                let log = simulators[index].run(world)
                events += Int64(log.activity.events)
                accumulators[index].add(log, device: device)
                // The paired sums need the same due cycles in every arm of a device.
                assert(index == 0 || Int64(log.cycles.count) == cycles, "arms of device \(device) differ in due cycles")
                cycles = Int64(log.cycles.count)
                each?(device, index, log)
            }
            for i in pairs.indices {
                pairs[i].add(accumulators[pairs[i].minuend].deviceCounts,
                             accumulators[pairs[i].subtrahend].deviceCounts, cycles: cycles)
            }
        }
    }

    /// Everything simulated so far by this runner.
    public var result: SimulationResult {
        var result = SimulationResult(plan: plan)
        result.arms = accumulators.map(\.statistics)
        result.pairs = pairs
        result.events = events
        return result
    }
}
