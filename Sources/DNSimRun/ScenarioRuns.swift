import DNSimAnalysis
import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// What the running subcommands share: loading scenarios, applying the
/// command line's overrides, running with a progress bar and naming the
/// command that reproduces a report.
public enum ScenarioRuns {
    /// Loads every scenario before running any, so bad input writes nothing.
    /// Warnings go to stderr (even with --quiet); with `warningsAsErrors` they stop the run.
    public static func load(_ paths: [String], feedback: RunFeedback, warningsAsErrors: Bool = false)
        throws(DiagnosticList) -> [Scenario]
    {
        var scenarios: [Scenario] = []
        var problems: [Diagnostic] = []
        for path in paths {
            do {
                scenarios.append(try ScenarioLoader.load(path: path))
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        try warn(scenarios.flatMap(\.warnings), feedback: feedback, warningsAsErrors: warningsAsErrors)
        return scenarios
    }

    /// Prints warnings to stderr, or with `warningsAsErrors` throws them as the errors they now are.
    public static func warn(_ warnings: [Diagnostic], feedback: RunFeedback, warningsAsErrors: Bool)
        throws(DiagnosticList)
    {
        guard !warnings.isEmpty else { return }
        if warningsAsErrors {
            throw DiagnosticList(
                warnings.map {
                    var error = $0; error.severity = .error; return error
                })
        }
        feedback.note(DiagnosticList(warnings).description)
    }

    /// Each report folder a run will write, checked before anything runs (`DIR` itself is checked
    /// as the option is read; `DIR/<name>/` may be a file or a dangling link of its own).
    /// `names` are the files every such report writes, refused there when they are not this tool's
    /// (`OutputPathPolicy`), or when one is a file the command reads (`policy`).
    public static func checkWritable(
        _ folders: [String], option: String?, names: [String] = ["summary.csv", "manifest.json"],
        policy: OutputPathPolicy = OutputPathPolicy()
    ) throws(UsageError) {
        for folder in folders {
            if let problem = ReportWriter.problem(writingTo: folder) {
                throw UsageError((option.map { "\($0): " } ?? "") + problem)
            }
            do { try ReportWriter.check(names, in: folder, policy: policy) } catch {
                throw UsageError((option.map { "\($0): " } ?? "") + error.description)
            }
        }
    }

    /// Refuses scenarios that share a `name:`: each writes `<out>/<name>/`, so the
    /// second report would silently replace the first.
    public static func refuseSharedNames(_ scenarios: [Scenario]) throws(SetupError) {
        var first: [String: Scenario] = [:]
        for scenario in scenarios {
            if let earlier = first[scenario.name] {
                throw SetupError(
                    "\(earlier.file) and \(scenario.file) are both named '\(scenario.name)', so their reports would "
                        + "go to one folder and the second would replace the first; give each scenario a name: of its own"
                )
            }
            first[scenario.name] = scenario
        }
    }

    /// `--platform P` for a scenario that has no P arms is a usage error (checked before anything runs).
    public static func checkPlatform(_ scenario: Scenario, _ overrides: RunOverrides) throws(UsageError) {
        guard let platform = overrides.platform, !scenario.platforms.contains(platform) else { return }
        throw UsageError(
            "--platform \(platform.rawValue): \(scenario.file) has no \(platform.rawValue) arms (its platforms: "
                + "\(scenario.platforms.map(\.rawValue).joined(separator: ", ")))")
    }

    /// The plan with overrides, or a usage error naming the problem.
    public static func plan(_ scenario: Scenario, _ overrides: RunOverrides) throws(UsageError) -> SimulationPlan {
        switch scenario.plan(devices: overrides.devices, days: overrides.days, seed: overrides.seed) {
        case .success(var plan):
            if let platform = overrides.platform {
                try checkPlatform(scenario, overrides)
                // The arms share each device's world through keyed draws, so dropping some moves no other arm's figure.
                plan.arms = plan.arms.filter { $0.platform == platform }
            }
            return plan
        case .failure(let problem): throw UsageError("\(scenario.file): \(problem.message)")
        }
    }

    /// The canonical command that reproduces a report: path, seed and overrides.
    public static func reproduceCommand(_ scenario: Scenario, seed: UInt64, _ overrides: RunOverrides) -> String {
        var parts = ["dnsim-events", scenario.file, "--seed", String(seed)]
        if let devices = overrides.devices { parts += ["--devices", String(devices)] }
        if let days = overrides.days { parts += ["--days", String(days)] }
        if let platform = overrides.platform { parts += ["--platform", platform.rawValue] }
        return parts.map(shellQuoted).joined(separator: " ")
    }

    /// `text` as one word for a POSIX shell: unchanged when it is only safe
    /// characters, else in single quotes (a `'` inside becomes `'\''`).
    public static func shellQuoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,/:@%+=")
        if !text.isEmpty && text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `scenario` (its precision target unless the devices are overridden), with the
    /// feedback's progress when it has one (`progress`, a sweep's one display, instead when
    /// given); `observers` see every device.
    public static func run(
        _ scenario: Scenario, _ overrides: RunOverrides, jobs: Int, feedback: RunFeedback,
        observers: [any RunObserver] = [], progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(UsageError) -> ReportContext {
        let plan = try plan(scenario, overrides)
        let experiment = Experiment(
            plan: plan, precision: overrides.devices == nil ? scenario.precision : nil, jobs: jobs)
        let outcome: Experiment.Outcome
        if let progress {
            outcome = experiment.run(observers: observers, progress: progress)
        } else if let makeProgress = feedback.progress {
            let bar = makeProgress(scenario.name)
            outcome = experiment.run(observers: observers) { bar.update($0, of: $1) }
            bar.finish()
        } else {
            outcome = experiment.run(observers: observers)
        }
        var context = ReportContext(
            scenario: scenario, plan: outcome.plan, result: outcome.result,
            days: overrides.days ?? scenario.days,
            reproduceCommand: reproduceCommand(scenario, seed: plan.seed, overrides))
        context.precision = outcome.precision
        return context
    }
}
