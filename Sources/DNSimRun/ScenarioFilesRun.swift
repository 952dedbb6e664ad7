import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// `run`'s use case over the scenario files given: every scenario and sweep point is loaded and
/// validated, and every folder the run writes checked, before any runs (a bad second file or an
/// unwritable DIR/<name>/ costs no simulation); then each scenario runs and writes its report
/// (`ReportRun`), or its shard (`ShardRun`). It prints nothing: what each wrote is handed back as it comes.
public enum ScenarioFilesRun {
    /// What `run` was asked for beyond the scenarios and their overrides.
    public struct Options: Sendable {
        /// The report's formats, `cycles.csv` and the telemetry folder (`untilStable` is decided here, per scenario).
        public var report: ReportRun.Options
        /// `--out DIR`.
        public var out: String?
        /// `--shard K/N`.
        public var shard: (Int, Int)?
        /// `--until-stable`, and its cap `--max-worlds`.
        public var untilStable: Bool
        public var maxWorlds: Int?
        public var warningsAsErrors: Bool

        public init(
            report: ReportRun.Options = ReportRun.Options(), out: String? = nil, shard: (Int, Int)? = nil,
            untilStable: Bool = false, maxWorlds: Int? = nil, warningsAsErrors: Bool = false
        ) {
            self.report = report
            self.out = out
            self.shard = shard
            self.untilStable = untilStable
            self.maxWorlds = maxWorlds
            self.warningsAsErrors = warningsAsErrors
        }
    }

    /// What one scenario wrote.
    public enum Event {
        /// `--shard K/N`: the partial result.
        case shard(scenario: Scenario, shard: (Int, Int), written: ShardRun.Written)
        /// The report, run from `points` sweep points besides the scenario.
        case report(scenario: Scenario, points: Int, written: ReportRun.Written)
    }

    public static func run(
        _ files: [String], _ overrides: RunOverrides, jobs: Int, options: Options, feedback: RunFeedback,
        each: (Event) throws -> Void
    ) throws {
        guard !files.isEmpty else {
            throw UsageError("give a scenario file, e.g. dnsim-events Scenarios/new-activity.yaml")
        }
        let scenarios = try ScenarioRuns.load(files, feedback: feedback, warningsAsErrors: options.warningsAsErrors)
        try ScenarioRuns.refuseSharedNames(scenarios)
        if scenarios.count > 1, let folder = options.report.telemetry {
            throw UsageError(
                "--emit-telemetry \(folder) takes one scenario: the logs of several would overwrite each other there; "
                    + "run each scenario with its own --emit-telemetry folder")
        }
        // Every scenario and sweep point is validated, and every folder the run writes checked,
        // before any runs: a bad second file or an unwritable DIR/<name>/ costs no simulation.
        let validated = try scenarios.map { scenario throws in
            let validated = try scenario.validated(
                devices: overrides.devices, days: overrides.days, seed: overrides.seed, allVariants: true)
            // A --platform the scenario lacks, too: before the note that says where the run writes, and before any run.
            try ScenarioRuns.checkPlatform(scenario, overrides)
            return validated
        }
        try ScenarioRuns.warn(
            validated.flatMap(\.variantWarnings), feedback: feedback, warningsAsErrors: options.warningsAsErrors)
        let caps = try untilStableCaps(
            scenarios, untilStable: options.untilStable, maxWorlds: options.maxWorlds,
            sharded: options.shard != nil, overrides)
        let directories = scenarios.map { ReportFolders.folder($0, overrides, out: options.out) }
        // No output may be a scenario being run, nor replace what this tool did not write (OutputPathPolicy).
        let policy = OutputPathPolicy(inputs: scenarios.map { ($0.file, "a scenario being run") })
        try ScenarioRuns.checkWritable(
            directories, option: options.out == nil ? nil : "--out",
            names: ["summary.csv", "manifest.json"] + (options.report.cycles ? ["cycles.csv"] : []), policy: policy)
        if let folder = options.report.telemetry {
            do { try ReportWriter.check([], in: folder, policy: policy) } catch {
                throw UsageError("--emit-telemetry: \(error)")
            }
            // A file in its place, too: found after the run, it left the report written and the telemetry not.
            if let problem = ReportWriter.problem(writingTo: folder) {
                throw UsageError("--emit-telemetry: \(problem)")
            }
        }
        for (index, scenario) in scenarios.enumerated() {
            let points = validated[index].sweepPoints
            if let shard = options.shard {
                let written = try ShardRun.run(
                    scenario, points: points, worlds: validated[index].worlds, shard: shard, overrides, jobs: jobs,
                    out: options.out.map { _ in directories[index] })
                try each(.shard(scenario: scenario, shard: shard, written: written))
            } else {
                if let note = ReportFolders.note(scenario, overrides, out: options.out) { feedback.note(note) }
                var reportOptions = options.report
                reportOptions.untilStable = caps[index]
                let written = try ReportRun.run(
                    scenario, points: points, worlds: validated[index].worlds, overrides, jobs: jobs,
                    options: reportOptions, directory: directories[index], feedback: feedback)
                try each(.report(scenario: scenario, points: points.count, written: written))
            }
        }
    }

    /// Per scenario, the cap of worlds `--until-stable` grows it to, or nil without the flag; checked
    /// before anything runs: only a Sobol study grows without moving its earlier worlds.
    static func untilStableCaps(
        _ scenarios: [Scenario], untilStable: Bool, maxWorlds given: Int?, sharded: Bool,
        _ overrides: RunOverrides
    ) throws(UsageError) -> [Int?] {
        guard untilStable else {
            if given != nil { throw UsageError("--max-worlds caps --until-stable; give both, or neither") }
            return scenarios.map { _ in nil }
        }
        if sharded {
            throw UsageError(
                "--until-stable and --shard do not combine: a shard cannot tell when the whole study is stable")
        }
        return try scenarios.map { scenario throws(UsageError) -> Int? in
            guard let settings = scenario.uncertainty else {
                throw UsageError(
                    "--until-stable grows an uncertainty study; \(scenario.file) has no uncertainty: section")
            }
            guard settings.design == .sobol else {
                throw UsageError(
                    "\(scenario.file): --until-stable needs design: sobol; a Latin hypercube's strata depend on its "
                        + "samples, so adding samples would move every earlier world (use sobol, or give lhs its samples)"
                )
            }
            let cap = given ?? min(8 * settings.worldCount, UncertaintySettings.maxWorlds)
            guard cap >= settings.worldCount else {
                throw UsageError(
                    "--max-worlds \(cap) is below the \(settings.worldCount) worlds \(scenario.file) starts with")
            }
            var largest = settings
            largest.samples = max(settings.samples, cap / (settings.parameters.count + 2))
            let devices = settings.devices ?? overrides.devices ?? scenario.devices
            if let problem = largest.sizeProblem(devices: devices, days: overrides.days ?? scenario.days) {
                throw UsageError("\(scenario.file): --max-worlds \(cap): \(problem)")
            }
            return cap
        }
    }
}
