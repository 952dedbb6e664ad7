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

    /// Simulates devices `range` (0-based), adding them to `result`;
    /// `observers` also see every device and arm (cycles.csv, telemetry).
    /// With none, the loop over them is empty and costs nothing per event.
    public func simulate(devices range: Range<Int>, observers: [any ChunkObserver] = []) {
        if !observers.isEmpty { attachTelemetry(observers) }
        defer { if !observers.isEmpty { attachTelemetry([]) } }
        for device in range {
            world.generate(device: device)
            for observer in observers { observer.willSimulate(device: device) }
            var cycles: Int64 = 0
            for index in simulators.indices {
                let log = simulators[index].run(world)
                events += Int64(log.activity.events)
                accumulators[index].add(log, device: device)
                // The paired sums need the same due cycles in every arm of a device.
                assert(index == 0 || Int64(log.cycles.count) == cycles, "arms of device \(device) differ in due cycles")
                cycles = Int64(log.cycles.count)
                for observer in observers { observer.simulated(device: device, arm: index, log) }
            }
            for i in pairs.indices {
                pairs[i].add(accumulators[pairs[i].minuend].deviceCounts,
                             accumulators[pairs[i].subtrahend].deviceCounts, cycles: cycles)
            }
        }
    }

    /// Gives each arm the telemetry sink its observer asks for (one observer an arm at most), or none.
    private func attachTelemetry(_ observers: [any ChunkObserver]) {
        for index in simulators.indices {
            let sinks = observers.compactMap { $0.telemetry(arm: index) }
            precondition(sinks.count <= 1, "two observers ask for arm \(index)'s telemetry")
            simulators[index].telemetry = sinks.first
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
