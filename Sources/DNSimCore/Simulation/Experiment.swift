/// One run of a plan as a user asks for it: on `jobs` threads, optionally
/// growing the devices until a precision target is met. Adding devices
/// merges exactly, so a grown run equals one run of the final size.
public struct Experiment: Sendable {
    public var plan: SimulationPlan
    public var precision: PrecisionTarget?
    public var jobs: Int

    public init(plan: SimulationPlan, precision: PrecisionTarget? = nil, jobs: Int) {
        self.plan = plan
        self.precision = precision
        self.jobs = jobs
    }

    /// What a run produced: the plan as run (with its final device count) and its statistics.
    public struct Outcome: Sendable {
        public var plan: SimulationPlan
        public var result: SimulationResult
        /// How the precision target went, when there was one.
        public var precision: PrecisionOutcome?
    }

    public struct PrecisionOutcome: Sendable, Equatable {
        public var target: PrecisionTarget
        public var reached: Bool
        /// The widest 95% half-width over every arm's reported rates.
        public var widest: Double
    }

    /// Runs the plan, every step seen by `observers`; `progress` gets the devices done so far of the current step and that step's total.
    public func run(
        observers: [any RunObserver] = [],
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> Outcome {
        var plan = self.plan
        let jobs = self.jobs
        func step(_ plan: SimulationPlan, _ devices: Range<Int>) -> SimulationResult {
            var perStep: (@Sendable (Int) -> Void)?
            if let progress {
                let total = devices.count
                perStep = { done in progress(done, total) }
            }
            return ParallelRunner.run(plan: plan, jobs: jobs, devices: devices, observers: observers, progress: perStep)
        }
        var result = step(plan, 0..<plan.devices)
        guard let target = precision else { return Outcome(plan: plan, result: result, precision: nil) }
        var widest = Self.widestHalfWidth(result)
        while widest > target.halfWidth && plan.devices < target.maxDevices {
            let more = min(target.maxDevices, plan.devices * 2)
            result.merge(step(plan, plan.devices..<more))
            plan.devices = more
            widest = Self.widestHalfWidth(result)
        }
        return Outcome(
            plan: plan, result: result,
            precision: PrecisionOutcome(target: target, reached: widest <= target.halfWidth, widest: widest))
    }

    /// The widest 95% half-width over every arm's reported rates.
    public static func widestHalfWidth(_ result: SimulationResult) -> Double {
        result.arms.flatMap { arm in SummaryColumns.rates.map { arm.interval($0).halfWidth } }.max() ?? 0
    }
}
