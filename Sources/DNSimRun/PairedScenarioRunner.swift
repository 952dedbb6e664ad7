import DNSimCore
import DNSimSupport
import Foundation

/// Runs two plans on the same devices and pairs their arms device by device: for each pair
/// (an arm of A and the arm of B with its name), the per-device differences B − A of every
/// rate, kept as `PairedDifference`'s exact sums (Σd, Σd², …), and each plan's own statistics.
///
/// Why device by device: a run keeps only sums over its devices (`ArmStatistics`), and the
/// interval of a paired difference needs Σd² of each device's difference, which two runs' sums
/// cannot give (Σ(b − a)² needs Σab). Nor can A and B run as arms of one plan: a plan's arms
/// share one world per segment (`DeviceRunner`), and B's conditions (a permission, an open
/// rate) may differ from A's. So every worker holds a `DeviceRunner` for each plan, runs a
/// chunk of devices on A and then the same devices on B, and folds each device's counts into
/// the pairs. Device i of A and device i of B draw from the same keyed streams (seed, device,
/// source, index: `KeyedRandom`), so wherever the two scenarios agree they see the same
/// world (common random numbers), and the difference's interval is as narrow as summary.md's
/// paired differences between two arms of one run.
///
/// Every sum is an exact integer, so the result is byte-identical for any `jobs`.
public struct PairedScenarioRunner: Sendable {
    public let a: SimulationPlan
    public let b: SimulationPlan
    /// Each pair's arm index in A and in B.
    public let pairs: [PairIndices]

    public struct PairIndices: Sendable, Equatable {
        public var a: Int
        public var b: Int
        public init(a: Int, b: Int) {
            self.a = a
            self.b = b
        }
    }

    /// What the two runs gave.
    public struct Outcome: Sendable {
        public var a: SimulationResult
        public var b: SimulationResult
        /// B − A per pair, in `pairs`' order (`minuend` is B's arm index, `subtrahend` A's).
        public var pairs: [PairedDifference]
        /// The first device whose due cycles (or, on a pair of `onNews` arms, server updates) differ between A and B, if
        /// any: its pairs would compare rates over different units, so the caller refuses the comparison.
        public var cycleMismatch: CycleMismatch?
    }

    /// A device whose pair of arms counts other units in A and in B.
    public struct CycleMismatch: Sendable, Equatable {
        public var device: Int
        public var a: Int64
        public var b: Int64
        /// The pair's arms count server updates (`onNews`), not cycles.
        public var perUpdate: Bool
    }

    /// - Precondition: the plans have the same seed and devices (the caller checks and says why not).
    public init(a: SimulationPlan, b: SimulationPlan, pairs: [PairIndices]) {
        precondition(a.seed == b.seed && a.devices == b.devices, "paired plans need one seed and one device count")
        self.a = a
        self.b = b
        self.pairs = pairs
    }

    /// - Parameter progress: called with the number of devices done so far, from any thread.
    public func run(jobs: Int, progress: (@Sendable (Int) -> Void)? = nil) -> Outcome {
        let chunkSize = ParallelRunner.chunkSize
        let chunks = (a.devices + chunkSize - 1) / chunkSize
        let workers = max(1, min(jobs, chunks))
        let claims = IndexClaims(count: chunks)
        let slots = IndexedSlots<Outcome>(count: workers)
        let done = DoneDevices()
        ParallelLoop.run(workers) { worker in
            let runnerA = DeviceRunner(plan: a), runnerB = DeviceRunner(plan: b)
            let countsA = DeviceCounts(arms: pairs.map(\.a), plan: a, chunk: chunkSize)
            let countsB = DeviceCounts(arms: pairs.map(\.b), plan: b, chunk: chunkSize)
            var differences = pairs.map { PairedDifference(minuend: $0.b, subtrahend: $0.a) }
            var mismatch: CycleMismatch?
            while let chunk = claims.claim() {
                let range = chunk * chunkSize..<min((chunk + 1) * chunkSize, a.devices)
                countsA.start = range.lowerBound
                countsB.start = range.lowerBound
                countsA.clear()
                countsB.clear()
                runnerA.simulate(devices: range, observers: [countsA])
                runnerB.simulate(devices: range, observers: [countsB])
                for offset in 0..<range.count {
                    // A platform-mix device runs one platform's arms: pairs of the other have no counts.
                    for index in pairs.indices
                    where !countsA.counts[offset][index].isEmpty && !countsB.counts[offset][index].isEmpty {
                        // Each pair's own unit: an `onNews` arm counts updates, a cron arm the device's due cycles.
                        let (cyclesA, cyclesB) = (countsA.cycles[offset][index], countsB.cycles[offset][index])
                        guard cyclesA == cyclesB else {
                            let device = range.lowerBound + offset
                            let perUpdate = a.arms[pairs[index].a].strategy.kind.measuresUpdates
                            if mismatch.map({ device < $0.device }) ?? true {
                                mismatch = CycleMismatch(device: device, a: cyclesA, b: cyclesB, perUpdate: perUpdate)
                            }
                            continue
                        }
                        differences[index].add(
                            countsB.counts[offset][index], countsA.counts[offset][index], cycles: cyclesA)
                    }
                }
                let total = done.add(range.count)
                progress?(total)
            }
            slots.store(
                Outcome(a: runnerA.result, b: runnerB.result, pairs: differences, cycleMismatch: mismatch), at: worker)
        }
        var merged = Outcome(
            a: SimulationResult(plan: a), b: SimulationResult(plan: b),
            pairs: pairs.map { PairedDifference(minuend: $0.b, subtrahend: $0.a) }, cycleMismatch: nil)
        for outcome in slots.all() {
            merged.a.merge(outcome.a)
            merged.b.merge(outcome.b)
            for index in merged.pairs.indices { merged.pairs[index].merge(outcome.pairs[index]) }
            if let mismatch = outcome.cycleMismatch, merged.cycleMismatch.map({ mismatch.device < $0.device }) ?? true {
                merged.cycleMismatch = mismatch
            }
        }
        return merged
    }
}

/// Each device's counts on the paired arms of one plan (as `ArmAccumulator` counts them), for
/// the chunk of devices under way; the runner's own statistics keep only sums.
private final class DeviceCounts: ChunkObserver {
    /// The paired arms' indices in the plan, and for each plan arm its slot among them.
    private let slots: [Int?]
    private var accumulators: [ArmAccumulator]
    /// The chunk's first device.
    var start = 0
    /// `[device − start][pair]`: the device's count per `RateMetric`.
    private(set) var counts: [[[Int64]]]
    /// `[device − start][pair]`: the cycles (or updates, for an `onNews` arm) the arm counted on the device.
    private(set) var cycles: [[Int64]]

    init(arms: [Int], plan: SimulationPlan, chunk: Int) {
        var slots = [Int?](repeating: nil, count: plan.arms.count)
        for (slot, arm) in arms.enumerated() { slots[arm] = slot }
        self.slots = slots
        accumulators = arms.map { _ in ArmAccumulator(plan: plan) }
        counts = Array(repeating: Array(repeating: [], count: arms.count), count: chunk)
        cycles = Array(repeating: Array(repeating: 0, count: arms.count), count: chunk)
    }

    func simulated(device: Int, arm: Int, _ log: DeviceLog) {
        guard let slot = slots[arm] else { return }
        accumulators[slot].add(log, device: device)
        counts[device - start][slot] = accumulators[slot].deviceCounts
        cycles[device - start][slot] = Int64(log.cycles.count)
    }

    /// Forgets the previous chunk's counts, so an arm a device did not run has none.
    func clear() {
        for device in counts.indices { for slot in counts[device].indices { counts[device][slot] = [] } }
    }

    func finish() {}
}

/// The devices done so far over every worker, for the progress display.
private final class DoneDevices: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add(_ devices: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += devices
        return count
    }
}
