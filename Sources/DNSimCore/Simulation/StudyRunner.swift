import Dispatch
import Foundation

/// Runs the worlds of an uncertainty study: each world's plan on one thread, worlds handed out
/// to `jobs` threads in order. A world's result depends on its plan alone (every statistic is an
/// exact integer sum), so the results are byte-identical whatever `jobs` is.
///
/// Worlds rather than devices are spread over the threads: a world of 200 devices is too small
/// to split without the per-run set-up (simulators, calendars) dominating.
public enum StudyRunner {
    /// - Parameter progress: called with the number of worlds done so far, from any thread.
    /// - Parameter sharing: whether worlds that share a server or a user read it from one
    ///   `WorldTapes` instead of each generating it (the results are the same either way).
    public static func run(plans: [SimulationPlan], jobs: Int, sharing: Bool = true,
                           progress: (@Sendable (Int) -> Void)? = nil) -> [SimulationResult] {
        let tapes = sharing ? WorldTapes(plans: plans, jobs: jobs) : nil
        let shared = StudySlots(count: plans.count)
        let workers = max(1, min(jobs, plans.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = shared.next.claim() {
                let plan = plans[index]
                let runner = DeviceRunner(plan: plan, tapes: tapes)
                runner.simulate(devices: 0..<plan.devices, observers: [])
                // Stored first: `progress?(…)` would skip its argument when there is no progress.
                var result = runner.result
                result.arms = result.arms.map { $0.compacted() }
                result.segments = result.segments?.map { $0.map { $0.compacted() } }
                let done = shared.store(result, at: index)
                progress?(done)
            }
        }
        return shared.results()
    }
}

/// The next world to run and the results so far, guarded by a lock.
private final class StudySlots: @unchecked Sendable {
    let next: IndexClaims
    private let lock = NSLock()
    private var done = 0
    private var slots: [SimulationResult?]

    init(count: Int) {
        next = IndexClaims(count: count)
        slots = Array(repeating: nil, count: count)
    }

    func store(_ result: SimulationResult, at index: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
        done += 1
        return done
    }

    func results() -> [SimulationResult] { slots.map { $0! } }
}
