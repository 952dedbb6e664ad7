import DNSimCore

/// A scenario checked as far as anything can be without running it: its plan with the
/// command line's overrides, and every sweep point, each planned with the same overrides.
public struct ValidatedScenario: Sendable {
    public var scenario: Scenario
    public var plan: SimulationPlan
    /// Every sweep point (empty without `sweep:`), in grid order.
    public var sweepPoints: [SweepPoint]
    /// Every world of the `uncertainty:` design (empty without one), in design order.
    public var worlds: [UncertaintyWorld] = []

    /// The sweep points' warnings the scenario itself does not have, each once (`SweepWarnings`).
    public var sweepWarnings: [Diagnostic] { SweepWarnings.collect(base: scenario, points: sweepPoints) }
}

extension Scenario {
    /// Checks everything `dnsim-events validate` reports before anything is printed: call
    /// this first and print "ok" only from its result, so a file is never called ok and then
    /// refused. The overrides are the command line's `--devices`, `--days` and `--seed`.
    public func validated(devices: Int? = nil, days: Int? = nil, seed: UInt64? = nil) throws(DiagnosticList) -> ValidatedScenario {
        let plan: SimulationPlan
        switch self.plan(devices: devices, days: days, seed: seed) {
        case .success(let planned): plan = planned
        case .failure(let problem): throw diagnostic(problem, in: self, days: days, label: nil)
        }
        let points = try sweepPoints()
        // A plan fails only through its calendar; checking that alone keeps a large grid cheap
        // (points share the calendar cache), where planning each would build its daily windows.
        if let days {
            for point in points {
                guard case .failure(let problem) = point.scenario.calendar(days: days) else { continue }
                throw diagnostic(problem, in: point.scenario, days: days,
                                 label: point.settings.map { "\($0.key) = \($0.value)" }.joined(separator: ", "))
            }
        }
        var validated = ValidatedScenario(scenario: self, plan: plan, sweepPoints: points)
        if let settings = uncertainty {
            if let problem = settings.sizeProblem(devices: settings.devices ?? devices ?? self.devices, days: days ?? self.days) {
                let with = [devices.map { "--devices \($0)" }, days.map { "--days \($0)" }].compactMap { $0 }.joined(separator: " ")
                throw DiagnosticList([Diagnostic(file: file, mark: settings.mark, message: (with.isEmpty ? "" : "with \(with): ") + problem)])
            }
            validated.worlds = try uncertaintyWorlds(devices: devices, days: days, seed: seed)
        }
        return validated
    }

    /// Only an override can make a loaded scenario's calendar fail: say so, at the schedule.
    private func diagnostic(_ problem: CalendarError, in scenario: Scenario, days: Int?, label: String?) -> DiagnosticList {
        let mark = problem.mark(in: scenario.root)
        var message = problem.message
        if let days { message = "with --days \(days): " + message }
        if let label { message = "with \(label): " + message }
        let line = mark.flatMap { SourceLines(sourceText).line($0.line) }
        return DiagnosticList([Diagnostic(file: file, mark: mark, message: MessageText.bounded(message), sourceLine: line)])
    }
}
