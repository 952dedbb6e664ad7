/// Runs every arm of a plan over a range of devices on one thread. Each
/// device's world is shared by all arms through keyed draws, so the arms'
/// paired differences use common random numbers.
///
/// A fleet gives each segment its own world and simulators; a device runs in the segment
/// its own keyed draw picks (`Fleet.segment`), and its statistics go to that segment's
/// accumulators, whose merge is the fleet's. Without a fleet there is one segment and no draw.
public final class DeviceRunner {
    public let plan: SimulationPlan
    /// One world per segment (one without a fleet), and its simulators by arm.
    let worlds: [DeviceWorld]
    let simulators: [[ArmSimulator]]
    /// The stream of the segment draw, apart from the worlds' own.
    private let segmentRandom: KeyedRandom?
    private var accumulators: [[ArmAccumulator]]
    private var pairs: [PairedDifference]
    private var events: Int64 = 0
    /// Each device's outcome counts and cycles per arm (`DeviceOutcomeTotals`' layout), kept only
    /// when a study measures its device noise (`recordsDeviceOutcomes`).
    public private(set) var deviceOutcomes: [Int64] = []
    public var recordsDeviceOutcomes = false {
        didSet {
            deviceOutcomes =
                recordsDeviceOutcomes
                ? DeviceOutcomeTotals.worldTable(devices: plan.devices, arms: plan.arms.count) : []
        }
    }

    /// - Parameter tapes: servers and users generated ahead for the worlds that share them (a study's).
    public init(plan: SimulationPlan, tapes: WorldTapes? = nil) {
        self.plan = plan
        let worlds = plan.segmentWorlds.map { world in
            DeviceWorld(
                configuration: world, seed: plan.seed, servers: tapes?.servers(world, plan),
                users: tapes?.users(world, plan))
        }
        self.worlds = worlds
        simulators = worlds.map { world in plan.arms.map { ArmSimulator(arm: $0, world: world) } }
        segmentRandom = worlds.count > 1 ? KeyedRandom(seed: plan.seed) : nil
        accumulators = worlds.map { _ in plan.arms.map { _ in ArmAccumulator(plan: plan) } }
        pairs = plan.pairs.map { PairedDifference(minuend: $0.0, subtrahend: $0.1) }
    }

    /// Simulates devices `range` (0-based), adding them to `result`;
    /// `observers` also see every device and arm (cycles.csv, telemetry).
    /// With none, the loop over them is empty and costs nothing per event.
    public func simulate(devices range: Range<Int>, observers: [any ChunkObserver] = []) {
        if !observers.isEmpty { attachTelemetry(observers) }
        defer { if !observers.isEmpty { attachTelemetry([]) } }
        for device in range {
            var segment = 0
            if let segmentRandom, let fleet = plan.fleet { segment = fleet.segment(of: device, random: segmentRandom) }
            var world = worlds[segment]
            var simulators = self.simulators[segment]
            if !world.configuration.perDevice.isEmpty { (world, simulators) = ownWorld(of: device, in: segment) }
            world.generate(device: device)
            for observer in observers { observer.willSimulate(device: device) }
            // Due cycles, and updates of the arms measured per update (`onNews`).
            var cycles: Int64 = -1, updates: Int64 = -1
            let fleet = plan.fleet
            for index in simulators.indices {
                // A platform-mix segment's device runs only its platform's arms.
                if let fleet, !fleet.runs(plan.arms[index].platform, in: segment) { continue }
                var log = simulators[index].run(world)
                log.segment = segment
                events += Int64(log.activity.events)
                accumulators[segment][index].add(log, device: device)
                if recordsDeviceOutcomes {
                    DeviceOutcomeTotals.record(
                        accumulators[segment][index].deviceCounts, cycles: Int64(log.cycles.count), device: device,
                        arm: index, arms: plan.arms.count, into: &deviceOutcomes)
                }
                // The paired sums need the same due cycles (or updates) in every arm of a device.
                let count = Int64(log.cycles.count)
                if plan.arms[index].strategy.kind.measuresUpdates {
                    assert(updates < 0 || count == updates, "onNews arms of device \(device) differ in updates")
                    updates = count
                } else {
                    assert(cycles < 0 || count == cycles, "arms of device \(device) differ in due cycles")
                    cycles = count
                }
                for observer in observers { observer.simulated(device: device, arm: index, log) }
            }
            for i in pairs.indices where plan.fleet?.runs(plan.arms[pairs[i].minuend].platform, in: segment) ?? true {
                let perUpdate = plan.arms[pairs[i].minuend].strategy.kind.measuresUpdates
                pairs[i].add(
                    accumulators[segment][pairs[i].minuend].deviceCounts,
                    accumulators[segment][pairs[i].subtrahend].deviceCounts, cycles: perUpdate ? updates : cycles)
            }
        }
    }

    /// A device whose conditions are its own (`perDevice`) runs in a world built for it, with
    /// simulators that report to the segment's telemetry; its other draws are the segment's.
    private func ownWorld(of device: Int, in segment: Int) -> (DeviceWorld, [ArmSimulator]) {
        let shared = worlds[segment]
        let world = DeviceWorld(
            configuration: DeviceValue.configuration(shared.configuration, device: device, random: shared.random),
            seed: plan.seed)
        let simulators = zip(plan.arms, self.simulators[segment]).map { arm, template in
            let simulator = ArmSimulator(arm: arm, world: world)
            simulator.telemetry = template.telemetry
            return simulator
        }
        return (world, simulators)
    }

    /// Gives each arm the telemetry sink its observer asks for (one observer an arm at most), or none.
    private func attachTelemetry(_ observers: [any ChunkObserver]) {
        for index in plan.arms.indices {
            let sinks = observers.compactMap { $0.telemetry(arm: index) }
            precondition(sinks.count <= 1, "two observers ask for arm \(index)'s telemetry")
            for segment in simulators { segment[index].telemetry = sinks.first }
        }
    }

    /// Everything simulated so far by this runner. Flushes the accumulators' histogram stages in
    /// place (no buckets copied); like `simulate`, for the runner's own thread only.
    public var result: SimulationResult {
        var result = SimulationResult(plan: plan)
        for segment in accumulators.indices {
            for arm in accumulators[segment].indices { accumulators[segment][arm].flushStages() }
        }
        let segments = accumulators.map { $0.map(\.statistics) }
        if segments.count == 1 {
            result.arms = segments[0]
        } else {
            for statistics in segments {
                for arm in result.arms.indices { result.arms[arm].merge(statistics[arm]) }
            }
            result.segments = segments
        }
        result.pairs = pairs
        result.events = events
        return result
    }
}
