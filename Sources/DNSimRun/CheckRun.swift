import DNSimAnalysis
import DNSimCore
import DNSimDecision
import DNSimReports
import DNSimScenario
import Foundation

/// `check`'s use case: run each scenario (and its study's worlds), then check its `expect:` entries
/// and every rate against a baseline (`BaselineComparison` says how). What it found is one
/// `ScenarioCheck` per scenario, which every output renders: the console lines, `--format json`,
/// `--junit`, GitHub annotations and the step summary. It writes the report (`--out`), the JUnit
/// file and the step summary; it prints nothing.
public enum CheckRun {
    /// What `check` was asked for beyond the scenarios and the run's overrides.
    public struct Options: Sendable {
        /// `--baseline DIR`; nil, each scenario's committed report when it exists.
        public var baseline: String?
        /// `--strict`: a changed fingerprint fails.
        public var strict: Bool
        /// `--junit FILE`.
        public var junit: String?
        /// `--arms A,B`, as given.
        public var arms: String?
        /// `--out DIR`: also write each run's report there.
        public var out: String?
        public var warningsAsErrors: Bool
        /// `$GITHUB_STEP_SUMMARY`: each scenario's table of regressions is appended to it.
        public var stepSummary: String?

        public init(
            baseline: String? = nil, strict: Bool = false, junit: String? = nil, arms: String? = nil,
            out: String? = nil,
            warningsAsErrors: Bool = false, stepSummary: String? = nil
        ) {
            self.baseline = baseline
            self.strict = strict
            self.junit = junit
            self.arms = arms
            self.out = out
            self.warningsAsErrors = warningsAsErrors
            self.stepSummary = stepSummary
        }
    }

    /// What the check tells its caller as it goes, scenario by scenario.
    public enum Event {
        /// No `--baseline`: `scenario` is checked against its committed report at `path`.
        case committedBaseline(scenario: Scenario, path: String)
        /// The baseline's Sobol study grew with `--until-stable`: the run takes its `samples` (`worlds` worlds) too.
        case grownStudy(scenario: Scenario, samples: Int, worlds: Int)
        /// One scenario checked.
        case checked(ScenarioCheck)
    }

    /// Checks the scenarios at `files`, one after another, telling `each` as it goes; every baseline is read and
    /// found comparable before anything runs.
    public static func check(
        _ files: [String], _ overrides: RunOverrides, jobs: Int, options: Options, feedback: RunFeedback,
        each: (Event) throws -> Void
    ) throws -> [ScenarioCheck] {
        guard !files.isEmpty else {
            throw UsageError("check takes scenario files, e.g. dnsim-events check Scenarios/*.yaml --baseline Reports")
        }
        let scenarios = try ScenarioRuns.load(files, feedback: feedback, warningsAsErrors: options.warningsAsErrors)
        try ScenarioRuns.refuseSharedNames(scenarios)
        // Every baseline is read and found comparable before anything runs, so a
        // setup error costs no simulation and a report written with --out can never overwrite one first.
        let setups = try scenarios.map { scenario throws in try setUp(scenario, overrides, baseline: options.baseline) }
        let gated = try gatedArms(options.arms, scenarios)
        // No output may be a scenario, anything in a baseline, or a file this tool did not write (OutputPathPolicy).
        var baselines: [(path: String, role: String)] = []
        for setup in setups {
            if let report = setup.baseline?.report {
                baselines.append((report.path, "the baseline \(setup.scenario.name) is checked against"))
            }
        }
        let policy = OutputPathPolicy(
            inputs: scenarios.map { ($0.file, "a scenario being checked") }, readFolders: baselines)
        var junitAction: OutputPathPolicy.Action?
        if let path = options.junit { junitAction = try Self.junitAction(path, policy) }
        if let out = options.out {
            let folders = setups.map { ReportFolders.folder($0.scenario, overrides, out: out) }
            // The run's report must never replace the baseline it is checked against.
            for (setup, folder) in zip(setups, folders) {
                guard let baseline = setup.baseline?.report.path, Self.sameFolder(folder, baseline) else { continue }
                throw UsageError(
                    "--out \(out) would write \(folder)/, the baseline \(setup.scenario.name) is checked against; "
                        + "give --out another folder (e.g. --out reports)")
            }
            try ScenarioRuns.checkWritable(folders, option: "--out", policy: policy)
        }

        var checks: [ScenarioCheck] = []
        for setup in setups {
            let scenario = setup.scenario
            if let baseline = setup.baseline, baseline.source == .reportsFolder {
                try each(.committedBaseline(scenario: scenario, path: baseline.report.path))
            }
            if let grown = setup.grownSamples {
                try each(.grownStudy(scenario: scenario, samples: grown, worlds: setup.worlds.count))
            }
            let context = try ScenarioRuns.run(scenario, overrides, jobs: jobs, feedback: feedback)
            // A study's worlds run too: probability expectations count them, and the baseline's decision is compared.
            let study = try StudyRun.run(
                scenario, worlds: setup.worlds, overrides, jobs: jobs, feedback: feedback,
                reproduceCommand: context.reproduceCommand)
            // Made once (its bootstrap is the study's slowest step), when read: by the report and by the
            // comparison with the baseline's decision.
            let readsAnalysis = options.out != nil || setup.baseline?.report.decision != nil
            let studyAnalysis = readsAnalysis ? study.map(UncertaintyAnalysis.init) : nil
            if let out = options.out {
                let directory = ReportFolders.folder(scenario, overrides, out: out)
                do {
                    let files = ReportWriter.files(context, study: study, studyAnalysis: studyAnalysis)
                    try ReportWriter.write(files, to: directory, policy: policy)
                } catch {
                    throw OutputFailure.nothingWritten(to: ["\(directory)/"], error)
                }
            }
            if let baseline = setup.baseline {
                // A precision target decides the devices as it runs: compared now.
                try comparable(
                    baseline.report, RunManifest(context), path: baseline.report.path, scenario: scenario, overrides)
            }
            let thresholds = context.plan.arms.enumerated().map { ($1.name, ThresholdShare(context.result.arms[$0])) }
            let check = ScenarioCheck(
                scenario: scenario, summary: context.summary, seed: context.plan.seed,
                devices: context.plan.devices, days: context.days, baseline: setup.baseline,
                strict: options.strict, definitions: setup.definitions, thresholds: thresholds,
                missingBaseline: setup.missingBaseline, study: study, studyAnalysis: studyAnalysis,
                gatedArms: gated,
                utilities: Self.utilities(scenario, context),
                segments: context.segmentSummaries)
            checks.append(check)
            try each(.checked(check))
            if let stepSummary = options.stepSummary { try append(CheckOutput.stepSummary(check), to: stepSummary) }
        }
        if let path = options.junit, junitAction != nil {
            do {
                // Decided again: the path may have changed while the scenarios ran.
                try OutputPathPolicy.write(CheckOutput.junit(checks), to: path, try Self.junitAction(path, policy))
            } catch let refusal as UsageError {
                throw refusal
            } catch {
                throw OutputFailure.nothingWritten(to: [path], WriteFailure(path: path, error: error))
            }
        }
        return checks
    }

    /// One scenario, ready to run: its baseline (if any) already read and found comparable.
    struct Setup {
        var scenario: Scenario
        var baseline: (report: BaselineReport, source: ScenarioCheck.BaselineSource)?
        /// The definitions the run is measured under (the baseline's, when it records them).
        var definitions: CheckDefinitions
        /// The default baseline folder looked for and not found (only `expect:` entries run).
        var missingBaseline: String?
        /// An uncertainty study's worlds, built and validated (empty without a study).
        var worlds: [UncertaintyWorld] = []
        /// The baseline's Sobol study grew (`--until-stable`) from the written samples to these: the run takes them too.
        var grownSamples: Int?
    }

    /// Each arm's utility per cycle under the scenario's objective, for `expect: { metric: utility }`.
    static func utilities(_ scenario: Scenario, _ context: ReportContext) -> [String: Double] {
        guard let objective = scenario.objective else { return [:] }
        var result: [String: Double] = [:]
        for (arm, statistics) in zip(context.plan.arms, context.result.arms) {
            result[arm.name] = objective.utility(statistics, days: context.days)
        }
        return result
    }

    /// `--arms A,B`: full arm names, each an arm of some scenario checked (exit 2 otherwise).
    static func gatedArms(_ text: String?, _ scenarios: [Scenario]) throws -> Set<String>? {
        guard let text else { return nil }
        let known = scenarios.flatMap { $0.arms.map(\.name) }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
            throw UsageError("--arms takes arm names separated by commas, e.g. --arms push/ios,independent/ios")
        }
        for name in names where !known.contains(name) {
            let hint = Suggestion.closest(to: name, in: known).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError(
                "--arms: \(name) is not an arm of the scenarios checked\(hint); their arms: \(known.joined(separator: ", "))"
            )
        }
        return Set(names)
    }

    /// The same folder, however the two paths are written, and on a file system that ignores case.
    static func sameFolder(_ a: String, _ b: String) -> Bool {
        let here = FileManager.default.currentDirectoryPath
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path.hasPrefix("/") ? path : here + "/" + path).standardizedFileURL
                .resolvingSymlinksInPath().path
        }
        let (x, y) = (resolved(a), resolved(b))
        if x == y { return true }
        // Two names for one existing folder (a case-insensitive disk): the same file identity.
        guard let one = try? FileManager.default.attributesOfItem(atPath: x),
            let two = try? FileManager.default.attributesOfItem(atPath: y)
        else {
            return false
        }
        return (one[.systemFileNumber] as? UInt64) == (two[.systemFileNumber] as? UInt64)
            && (one[.systemNumber] as? UInt64) == (two[.systemNumber] as? UInt64) && one[.systemFileNumber] != nil
    }

    /// The scenario's baseline: `--baseline DIR`, or `Reports/<name>/` when the
    /// scenario has no `expect:`; an error when there is nothing to check or the
    /// baseline cannot be compared with this run.
    static func setUp(_ scenario: Scenario, _ overrides: RunOverrides, baseline directory: String?) throws -> Setup {
        let plan = try ScenarioRuns.plan(scenario, overrides)
        let precise = scenario.precision != nil && overrides.devices == nil
        var expected = RunManifest(
            scenario: scenario.name, seed: plan.seed, devices: plan.devices, days: overrides.days ?? scenario.days,
            arms: plan.arms.map(\.name))
        var baseline: (report: BaselineReport, source: ScenarioCheck.BaselineSource)?
        var missingBaseline: String?
        if let directory {
            // A run with overrides finds the report a run with the same overrides wrote.
            // A baseline holds every arm; --platform compares only its own arms with it.
            let tagged = ReportFolders.overrideTag(scenario, overrides.allPlatforms).map {
                "\(directory)/\(scenario.name)@\($0)"
            }
            if let tagged, FileManager.default.fileExists(atPath: "\(tagged)/summary.csv") {
                baseline = (
                    try BaselineReport.load(
                        tagged, scenario: scenario.name, file: scenario.file,
                        flags: overrides.allPlatforms.flags), .option
                )
            } else {
                baseline = (
                    try BaselineReport.load(
                        directory, scenario: scenario.name, file: scenario.file,
                        flags: overrides.allPlatforms.flags), .option
                )
            }
        } else {
            // The committed report is compared whenever it exists, expect: entries or not.
            let folder = ReportFolders.defaultFolder(scenario, overrides.allPlatforms)
            guard FileManager.default.fileExists(atPath: "\(folder)/summary.csv") || !scenario.expectations.isEmpty
            else {
                throw SetupError(
                    "nothing to check in \(scenario.file): it has no expect: entries, no --baseline was given and there is no "
                        + "\(folder)/ to compare with. Add expect: entries, pass --baseline DIR, or write the baseline first "
                        + "(dnsim-events \(scenario.file)\(overrides.allPlatforms.flags)) and commit it")
            }
            if FileManager.default.fileExists(atPath: "\(folder)/summary.csv") {
                baseline = (
                    try BaselineReport.load(
                        folder, scenario: scenario.name, file: scenario.file,
                        flags: overrides.allPlatforms.flags), .reportsFolder
                )
            } else {
                missingBaseline = folder
            }
        }
        var scenario = scenario
        var definitions = CheckDefinitions(values: scenario.definitions, source: .scenario)
        if let report = baseline?.report {
            if precise, let manifest = report.manifest { expected.devices = manifest.devices }
            definitions = try baselineDefinitions(&scenario, report)
            expected.definitions = scenario.definitions
            try comparable(report, expected, path: report.path, scenario: scenario, overrides)
            if scenario.uncertainty != nil, report.decision == nil {
                throw SetupError(
                    "baseline \(report.path) has no decision.json, but \(scenario.file) has an uncertainty section: the baseline "
                        + "predates the study. Regenerate it "
                        + BaselineReport.regenerationHint(
                            file: scenario.file, flags: overrides.allPlatforms.flags, baseline: report.path,
                            scenario: scenario.name))
            }
        }
        if let settings = scenario.uncertainty, let decision = baseline?.report.decision {
            try studyComparable(decision, settings, scenario: scenario, overrides)
        }
        var worlds: [UncertaintyWorld] = []
        var grownSamples: Int?
        // A Sobol baseline of more samples than written grew with --until-stable (a prefix-extended design): the check runs
        // the same worlds, so each figure is compared with itself rather than with a study of fewer worlds.
        if let settings = scenario.uncertainty, settings.design == .sobol, let decision = baseline?.report.decision,
            decision.design == settings.design.rawValue, decision.samples > settings.samples
        {
            scenario.uncertainty?.samples = decision.samples
            grownSamples = decision.samples
        }
        if scenario.uncertainty != nil {
            // Each world is counted as the run is: with the baseline's definitions when it was adopted.
            let adopted = definitions.source == .baseline ? scenario.definitions : nil
            let validated = try scenario.validated(
                devices: overrides.devices, days: overrides.days, seed: overrides.seed, allVariants: true)
            worlds = validated.worlds.map { world in
                var world = world
                if let adopted { world.scenario.adopt(adopted) }
                return world
            }
        }
        return Setup(
            scenario: scenario, baseline: baseline, definitions: definitions, missingBaseline: missingBaseline,
            worlds: worlds,
            grownSamples: grownSamples)
    }

    /// The candidate is counted as its baseline was: a definition the scenario
    /// leaves to its default takes the baseline's value (a new lead must not
    /// redefine `fresh`); one it sets to another value is refused, naming both.
    /// A baseline that records none leaves the scenario's own, and says so.
    static func baselineDefinitions(_ scenario: inout Scenario, _ report: BaselineReport) throws(DiagnosticList)
        -> CheckDefinitions
    {
        guard let recorded = report.manifest?.definitions else {
            return CheckDefinitions(values: scenario.definitions, source: .unrecorded, baselinePath: report.path)
        }
        let own = scenario.definitions
        var problems: [Diagnostic] = []
        var adopted: [CheckDefinitions.Adopted] = []
        for difference in own.differences(from: recorded) {
            let key = difference.key
            guard let mark = scenario.definitionMarks[key] else {
                if MetricDefinitions.keys.contains(key) {
                    adopted.append(CheckDefinitions.Adopted(key: key, own: own[key]))
                }
                continue
            }
            let (mine, theirs) = (difference.mine, difference.theirs)
            problems.append(
                Diagnostic(
                    file: scenario.file, mark: mark,
                    message:
                        "metrics.\(key) is \(mine) here, but the baseline \(report.path) was counted with metrics.\(key) \(theirs), so the "
                        + "two would measure different things; set metrics.\(key): \(theirs) to compare with it, or regenerate the baseline "
                        + "with \(mine) (a change of definition: say so in docs/policy-changes.md)"))
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        scenario.adopt(recorded)
        return CheckDefinitions(values: recorded, source: .baseline, baselinePath: report.path, adopted: adopted)
    }

    /// A baseline study of another design, or whose worlds are not its design's for its samples (a
    /// damaged file), is a setup error: its figures would be compared with the wrong errors. Another
    /// number of samples is compared, each side's errors scaled by its own draws (docs/model.md §9).
    static func studyComparable(
        _ decision: BaselineDecision, _ settings: UncertaintySettings, scenario: Scenario, _ overrides: RunOverrides
    ) throws(SetupError) {
        let expected =
            decision.samples
            * ExperimentDesign.worldsPerSample(
                DesignKind(rawValue: decision.design) ?? settings.design, parameters: settings.parameters.count)
        let problem: String? =
            if decision.design != settings.design.rawValue {
                "its design is \(decision.design), this scenario's \(settings.design.rawValue)"
            } else if decision.worlds != expected {
                "it has \(decision.worlds) worlds, where \(decision.samples) samples of a \(decision.design) design "
                    + "over this scenario's \(settings.parameters.count) uncertain parameters have \(expected): its "
                    + "parameters are not this scenario's (or the file is damaged)"
            } else {
                nil
            }
        guard let problem else { return }
        let hint = BaselineReport.regenerationHint(
            file: scenario.file, flags: overrides.allPlatforms.flags, baseline: decision.path, scenario: scenario.name)
        throw SetupError(
            "baseline \(decision.path) is not comparable with this study: \(problem). Regenerate it \(hint)")
    }

    /// A baseline of another scenario, seed, size or tool version is a setup error, not a regression.
    /// The message names the baseline folder in use and the command that rewrites exactly that folder.
    static func comparable(
        _ baseline: BaselineReport, _ run: RunManifest, path: String, scenario: Scenario,
        _ overrides: RunOverrides
    ) throws(SetupError) {
        guard let manifest = baseline.manifest else { return }
        let differences = run.differences(from: manifest)
        guard !differences.isEmpty else { return }
        let hint = BaselineReport.regenerationHint(
            file: scenario.file, flags: overrides.allPlatforms.flags, baseline: path, scenario: scenario.name)
        throw SetupError(
            "baseline \(path)/ is not comparable with this run (\(differences.joined(separator: ", "))): it was written "
                + "for another scenario, seed, size or dnsim-events version. Regenerate it \(hint), "
                + "or pass the --seed/--devices/--days it was written with")
    }

    /// How `--junit PATH` is written (`OutputPathPolicy`): never over a scenario, a baseline's file or a
    /// file that is not an earlier JUnit report of `check`; through a FIFO or `/dev/null`.
    static func junitAction(_ path: String, _ policy: OutputPathPolicy) throws(UsageError) -> OutputPathPolicy.Action {
        do {
            return try policy.action(for: path, ownOutput: "a JUnit report written by dnsim-events check") { file in
                OutputPathPolicy.file(file, beginsWith: CheckOutput.junitOpening)
            }
        } catch { throw UsageError("--junit: \(error)") }
    }

    static func append(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw SetupError("cannot write the step summary to \(path)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw SetupError("cannot write the step summary to \(path)")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch { throw OutputFailure.nothingWritten(to: [path], WriteFailure(path: path, error: error)) }
    }
}
