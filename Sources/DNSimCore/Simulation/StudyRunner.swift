import DNSimSupport
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
    public static func run(
        plans: [SimulationPlan], jobs: Int, sharing: Bool = true,
        progress: (@Sendable (Int) -> Void)? = nil
    ) -> [SimulationResult] {
        run(plans: plans, jobs: jobs, sharing: sharing, progress: progress) { $0 }
    }

    /// Each world's `keep(result)`, in world order: a study that needs a few figures per world
    /// keeps those, so its memory does not grow with every world's statistics.
    public static func run<Kept: Sendable>(
        plans: [SimulationPlan], jobs: Int, sharing: Bool = true,
        progress: (@Sendable (Int) -> Void)? = nil, deviceTotals: DeviceOutcomeTotals? = nil,
        keep: @escaping @Sendable (SimulationResult) -> Kept
    ) -> [Kept] {
        run(
            plans: plans, jobs: jobs, sharing: sharing, progress: progress, deviceTotals: deviceTotals,
            keepWorld: { keep($1) })
    }

    /// Each world's `keepWorld(index, result)`, in world order (`index` 0-based, in `plans`).
    /// - Parameter deviceTotals: where each world adds its devices' outcome counts, when given.
    public static func run<Kept: Sendable>(
        plans: [SimulationPlan], jobs: Int, sharing: Bool = true,
        progress: (@Sendable (Int) -> Void)? = nil, deviceTotals: DeviceOutcomeTotals? = nil,
        keepWorld: @escaping @Sendable (Int, SimulationResult) -> Kept
    ) -> [Kept] {
        let tapes = sharing ? WorldTapes(plans: plans, jobs: jobs) : nil
        let slots = IndexedSlots<Kept>(count: plans.count)
        ParallelLoop.claiming(plans.count, workers: jobs) { index in
            let plan = plans[index]
            let runner = DeviceRunner(plan: plan, tapes: tapes)
            runner.recordsDeviceOutcomes = deviceTotals != nil
            runner.simulate(devices: 0..<plan.devices, observers: [])
            deviceTotals?.add(world: runner.deviceOutcomes)
            // Stored first: `progress?(…)` would skip its argument when there is no progress.
            var result = runner.result
            result.arms = result.arms.map { $0.compacted() }
            result.segments = result.segments?.map { $0.map { $0.compacted() } }
            let done = slots.store(keepWorld(index, result), at: index)
            progress?(done)
        }
        return slots.all()
    }
}
