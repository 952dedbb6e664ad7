import DNSimSupport
import Dispatch
import Foundation

/// Runs a plan's devices on several threads and merges the results.
///
/// Devices are handed out in fixed chunks; every statistic is an exact
/// integer sum, so the merged result, and every report written from it, is
/// byte-identical whatever the number of jobs or the order chunks finish in.
public enum ParallelRunner {
    public static let chunkSize = 16

    /// - Parameters:
    ///   - devices: the slice of devices to run (all by default).
    ///   - progress: called with the number of devices done so far, from any thread.
    ///   - observers: see every chunk of devices as it runs (cycles.csv, telemetry).
    public static func run(
        plan: SimulationPlan, jobs: Int, devices: Range<Int>? = nil, observers: [any RunObserver] = [],
        progress: (@Sendable (Int) -> Void)? = nil
    ) -> SimulationResult {
        let range = devices ?? 0..<plan.devices
        let chunkCount = (range.count + chunkSize - 1) / chunkSize
        let workers = max(1, min(jobs, chunkCount))
        let shared = SharedProgress(workers: workers, chunks: chunkCount, plan: plan)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let runner = DeviceRunner(plan: plan)
            while let chunk = shared.chunks.claim() {
                let start = range.lowerBound + chunk * chunkSize
                let end = min(start + chunkSize, range.upperBound)
                let chunkObservers = observers.map { $0.observe(devices: start..<end) }
                runner.simulate(devices: start..<end, observers: chunkObservers)
                for observer in chunkObservers { observer.finish() }
                let done = shared.finished(devices: end - start)
                progress?(done)
            }
            shared.store(runner.result, worker: worker)
        }
        return shared.merged()
    }
}

/// Work distribution and results, guarded by a lock.
private final class SharedProgress: @unchecked Sendable {
    let chunks: IndexClaims
    private let lock = NSLock()
    private var devicesDone = 0
    private var results: [SimulationResult?]
    private let plan: SimulationPlan

    init(workers: Int, chunks: Int, plan: SimulationPlan) {
        self.chunks = IndexClaims(count: chunks)
        results = Array(repeating: nil, count: workers)
        self.plan = plan
    }

    func finished(devices: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        devicesDone += devices
        return devicesDone
    }

    func store(_ result: SimulationResult, worker: Int) {
        lock.lock()
        results[worker] = result
        lock.unlock()
    }

    func merged() -> SimulationResult {
        var total = SimulationResult(plan: plan)
        for case let result? in results { total.merge(result) }
        return total
    }
}
