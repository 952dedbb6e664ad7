import DNSimCore

/// A scenario checked as far as anything can be without running it: its plan with the
/// command line's overrides, and every sweep point, each planned with the same overrides.
public struct ValidatedScenario: Sendable {
    public var scenario: Scenario
    public var plan: SimulationPlan
    /// Every sweep point (empty without `sweep:`), in grid order.
    public var sweepPoints: [SweepPoint]
}

extension Scenario {
    /// Checks everything `dnsim-events validate` reports before anything is printed: call
    /// this first and print "ok" only from its result, so a file is never called ok and then
    /// refused. The overrides are the command line's `--devices`, `--days` and `--seed`.
    public func validated(devices: Int? = nil, days: Int? = nil, seed: UInt64? = nil) throws(DiagnosticList) -> ValidatedScenario {
        let plan = try planned(self, devices: devices, days: days, seed: seed, label: nil)
        let points = try sweepPoints()
        for point in points {
            let label = point.settings.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
            _ = try planned(point.scenario, devices: devices, days: days, seed: seed, label: label)
        }
        return ValidatedScenario(scenario: self, plan: plan, sweepPoints: points)
    }

    private func planned(_ scenario: Scenario, devices: Int?, days: Int?, seed: UInt64?, label: String?) throws(DiagnosticList) -> SimulationPlan {
        switch scenario.plan(devices: devices, days: days, seed: seed) {
        case .success(let plan):
            return plan
        case .failure(let problem):
            // Only an override can make a loaded scenario's calendar fail: say so, at the schedule.
            let section: String
            switch problem {
            case .noNotifications, .tooManyCycles: section = "userNotification"
            case .noFetch: section = "contentFetch"
            }
            let mark = scenario.root?.value(forKey: "plugin")?.value(forKey: section)?.value(forKey: "schedule")?.mark
            var message = problem.message
            if let days { message = "with --days \(days): " + message }
            if let label { message = "with \(label): " + message }
            let line = mark.flatMap { SourceLines(sourceText).line($0.line) }
            throw DiagnosticList([Diagnostic(file: file, mark: mark, message: message, sourceLine: line)])
        }
    }
}
