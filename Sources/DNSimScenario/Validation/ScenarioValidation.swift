import DNSimCore

/// A scenario checked as far as anything can be without running it: its plan with the
/// command line's overrides, and every sweep point, each planned with the same overrides.
public struct ValidatedScenario: Sendable {
    public var scenario: Scenario
    public var plan: SimulationPlan
    /// The sweep points built and checked (empty without `sweep:`), in grid order: every point when
    /// asked for them all (a run), else each axis value and a sample (`Scenario.sweepPoints(checking:)`).
    public var sweepPoints: [SweepPoint]
    /// How many points the grid has (0 without `sweep:`).
    public var sweepPointCount = 0
    /// The worlds of the `uncertainty:` design that were built and checked (empty without one), in
    /// design order: every world when asked for them all (a run), else at most `checkedWorlds`.
    public var worlds: [UncertaintyWorld] = []
    /// How many worlds the design has (0 without one).
    public var worldCount = 0
    /// Most worlds, and sweep points beyond each axis value, `validate` builds: with each parameter at
    /// its extremes (each axis value), a sample this size misses a combination that fails only together
    /// when it is rarer than one in a few thousand, and the run checks every one before it starts.
    public static let checkedVariants = 4_096

    /// The sweep points' warnings the scenario itself does not have, each once (`SweepWarnings`).
    public var sweepWarnings: [Diagnostic] { SweepWarnings.collect(base: scenario, points: sweepPoints) }
    /// A study's cost, when it is large (`StudyEstimate`).
    public var studyWarnings: [Diagnostic] = []
    /// Everything the sweep points and the study warn about, for `validate` and a run to say.
    public var variantWarnings: [Diagnostic] { sweepWarnings + studyWarnings }
}

extension Scenario {
    /// Checks everything `dnsim-events validate` reports before anything is printed: call
    /// this first and print "ok" only from its result, so a file is never called ok and then
    /// refused. The overrides are the command line's `--devices`, `--days` and `--seed`. A study's
    /// worlds and a sweep's points are all built only with `allVariants` (a run needs them); else a
    /// bounded sample is, so `validate` answers in seconds and bounded memory.
    public func validated(
        devices: Int? = nil, days: Int? = nil, seed: UInt64? = nil,
        allVariants: Bool = false
    ) throws(DiagnosticList) -> ValidatedScenario {
        let plan: SimulationPlan
        switch self.plan(devices: devices, days: days, seed: seed) {
        case .success(let planned): plan = planned
        case .failure(let problem): throw diagnostic(problem, in: self, days: days, label: nil)
        }
        let points = try sweepPoints(checking: allVariants ? nil : ValidatedScenario.checkedVariants)
        // A plan fails only through its calendar; checking that alone keeps a large grid cheap
        // (points share the calendar cache), where planning each would build its daily windows.
        if let days {
            for point in points {
                guard case .failure(let problem) = point.scenario.calendar(days: days) else { continue }
                throw diagnostic(
                    problem, in: point.scenario, days: days,
                    label: point.settings.map { "\($0.key) = \($0.value)" }.joined(separator: ", "))
            }
        }
        var validated = ValidatedScenario(scenario: self, plan: plan, sweepPoints: points)
        validated.sweepPointCount = sweepPointCount
        if let settings = uncertainty {
            if let problem = settings.sizeProblem(
                devices: settings.devices ?? devices ?? self.devices, days: days ?? self.days)
            {
                let with = [devices.map { "--devices \($0)" }, days.map { "--days \($0)" }].compactMap { $0 }.joined(
                    separator: " ")
                throw DiagnosticList([
                    Diagnostic(
                        file: file, mark: settings.mark, message: (with.isEmpty ? "" : "with \(with): ") + problem)
                ])
            }
            // The run's cost first: a study too big to hold is refused before any world is built.
            let worldDevices = settings.devices ?? devices ?? self.devices
            var events = 0.0
            if case .success(let calendar) = calendar(days: self.days) {
                events = EventEstimate(self, calendar: calendar).perDeviceDay
            }
            let estimate = StudyEstimate(
                worlds: settings.worldCount,
                deviceDays: Double(settings.worldCount * worldDevices * (days ?? self.days)),
                arms: plan.arms.count, eventsPerDeviceDay: events)
            if let refusal = estimate.refusal {
                throw DiagnosticList([Diagnostic(file: file, mark: settings.mark, message: refusal)])
            }
            validated.studyWarnings =
                estimate.warning.map { [Diagnostic(file: file, mark: settings.mark, message: $0, severity: .warning)] }
                ?? []
            validated.worldCount = settings.worldCount
            validated.worlds = try uncertaintyWorlds(
                devices: devices, days: days, seed: seed,
                checking: allVariants ? nil : ValidatedScenario.checkedVariants)
        }
        return validated
    }

    /// Only an override can make a loaded scenario's calendar fail: say so, at the schedule.
    private func diagnostic(_ problem: CalendarError, in scenario: Scenario, days: Int?, label: String?)
        -> DiagnosticList
    {
        let mark = problem.mark(in: scenario.root)
        var message = problem.message
        if let days { message = "with --days \(days): " + message }
        if let label { message = "with \(label): " + message }
        let line = mark.flatMap { SourceLines(sourceText).line($0.line) }
        return DiagnosticList([
            Diagnostic(file: file, mark: mark, message: MessageText.bounded(message), sourceLine: line)
        ])
    }
}
