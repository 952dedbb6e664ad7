import DNSimCore
import DNSimFrontend
import DNSimReports
import DNSimScenario
import Foundation

/// `dnsim-events check`: runs a scenario, then checks its `expect:` entries
/// and every rate against a baseline (`BaselineComparison` says how). What it
/// found is one `ScenarioCheck` per scenario, which every output renders: the
/// console lines, `--format json`, `--junit`, GitHub annotations and the step summary.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let usage = "check SCENARIO.yaml... [--baseline DIR] [--strict] [--junit FILE] [--format text|json] [--seed N] [--devices N] [--days N] [--platform P] [--jobs N] [--out DIR] [--quiet]"
    static let summary = "run, then check expect: and regressions against a baseline; exit 1 on any"
    static let details = """
    --baseline DIR is a report folder, or a folder holding Reports/<name>/ folders. Without --baseline, a
    scenario with no expect: entries is checked against Reports/<name>/ (Reports/<name>@<overrides>/ with
    --seed/--devices/--days); with neither, there is nothing to check (exit 2). A baseline of another
    scenario, seed, size or dnsim-events version is a setup error (exit 2), not a regression. A rate
    regresses when it is worse than the baseline's by more than √(h₁² + h₂²) (the runs' 95% half-widths),
    at least 0.1 pp. On GitHub Actions (GITHUB_ACTIONS=true) failures are also ::error annotations at the
    scenario line, and the table of regressions is appended to $GITHUB_STEP_SUMMARY when it is set.
    """
    static let baseline = OptionSpec("--baseline", value: "DIR", "the committed reports to compare with")
    static let strict = OptionSpec("--strict", "fail when behaviour changed even though every rate is within tolerance")
    static let junit = OptionSpec("--junit", value: "FILE", "also write JUnit XML: a test case per arm × checked figure")
    static let format = OptionSpec("--format", value: "FORMAT", "text (default) or json: the verdict and every comparison on stdout")
    static let options: [OptionSpec] = [baseline, strict, junit, format, .seed, .devices, .days, .platform, .jobs, .out, .quiet, .warningsAsErrors]

    /// One scenario, ready to run: its baseline (if any) already read and found comparable.
    struct Setup {
        var scenario: Scenario
        var baseline: (report: BaselineReport, source: ScenarioCheck.BaselineSource)?
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.operands.isEmpty else { throw UsageError("check takes scenario files, e.g. dnsim-events check Scenarios/*.yaml --baseline Reports") }
        let overrides = try arguments.overrides()
        let jobs = try arguments.jobs()
        let json = try outputIsJSON(arguments)
        let scenarios = try ScenarioRuns.load(arguments.operands, console: console, warningsAsErrors: arguments.flag(.warningsAsErrors))
        try ScenarioRuns.refuseSharedNames(scenarios)
        // Every baseline is read and found comparable before anything runs, so a
        // setup error costs no simulation and a report written with --out can never overwrite one first.
        let setups = try scenarios.map { scenario throws in try setUp(scenario, overrides, arguments) }

        let github = console.environment["GITHUB_ACTIONS"] == "true"
        let stepSummary = console.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        var checks: [ScenarioCheck] = []
        for setup in setups {
            let scenario = setup.scenario
            if let baseline = setup.baseline, baseline.source == .reportsFolder, !json {
                console.print("\(scenario.name): no expect: entries and no --baseline; checking against \(baseline.report.path)/, its committed report")
            }
            let context = try ScenarioRuns.run(scenario, overrides, jobs: jobs, quiet: arguments.flag(.quiet), console: console)
            if let out = arguments.string(.out) {
                let directory = ReportFolders.folder(scenario, overrides, out: out, several: setups.count > 1)
                do {
                    try ReportWriter.write(ReportWriter.files(context), to: directory)
                } catch {
                    throw SetupError("cannot write the report to \(directory): \(error.localizedDescription)")
                }
            }
            if let baseline = setup.baseline {
                // A precision target decides the devices as it runs: compared now.
                try comparable(baseline.report, RunManifest(context), path: baseline.report.path)
            }
            let check = ScenarioCheck(scenario: scenario, summary: context.summary, seed: context.plan.seed,
                                      devices: context.plan.devices, days: context.days, baseline: setup.baseline,
                                      strict: arguments.flag(strict))
            checks.append(check)
            if !json {
                for line in check.notes + check.regressionLines + [check.summaryLine] { console.print(line) }
            }
            if github {
                for line in CheckOutput.githubAnnotations(check) { json ? console.printError(line) : console.print(line) }
            }
            if let stepSummary { try append(CheckOutput.stepSummary(check), to: stepSummary) }
        }
        let code: ExitCode = checks.allSatisfy(\.passed) ? .success : .regression
        if let path = arguments.string(junit) {
            do {
                try write(CheckOutput.junit(checks), to: path)
            } catch {
                throw SetupError("cannot write the JUnit report to \(path): \(error.localizedDescription)")
            }
        }
        if json { console.print(String(CheckOutput.json(checks, exitCode: code.rawValue).dropLast())) }
        return code
    }

    static func outputIsJSON(_ arguments: ParsedArguments) throws(UsageError) -> Bool {
        switch arguments.string(format) {
        case nil, "text": return false
        case "json": return true
        case let other?: throw UsageError("check's --format is text or json, not '\(other)'")
        }
    }

    /// The scenario's baseline: `--baseline DIR`, or `Reports/<name>/` when the
    /// scenario has no `expect:`; an error when there is nothing to check or the
    /// baseline cannot be compared with this run.
    static func setUp(_ scenario: Scenario, _ overrides: RunOverrides, _ arguments: ParsedArguments) throws -> Setup {
        let plan = try ScenarioRuns.plan(scenario, overrides)
        let precise = scenario.precision != nil && overrides.devices == nil
        var expected = RunManifest(scenario: scenario.name, seed: plan.seed, devices: plan.devices, days: overrides.days ?? scenario.days,
                                   arms: plan.arms.map(\.name))
        var baseline: (report: BaselineReport, source: ScenarioCheck.BaselineSource)?
        if let directory = arguments.string(Self.baseline) {
            // A run with overrides finds the report a run with the same overrides wrote.
            // A baseline holds every arm; --platform compares only its own arms with it.
            let tagged = ReportFolders.overrideTag(scenario, overrides.allPlatforms).map { "\(directory)/\(scenario.name)@\($0)" }
            if let tagged, FileManager.default.fileExists(atPath: "\(tagged)/summary.csv") {
                baseline = (try BaselineReport.load(tagged, scenario: scenario.name), .option)
            } else {
                baseline = (try BaselineReport.load(directory, scenario: scenario.name), .option)
            }
        } else if scenario.expectations.isEmpty {
            let folder = ReportFolders.defaultFolder(scenario, overrides.allPlatforms)
            guard FileManager.default.fileExists(atPath: "\(folder)/summary.csv") else {
                throw SetupError("nothing to check in \(scenario.file): it has no expect: entries, no --baseline was given and there is no "
                                 + "\(folder)/ to compare with. Add expect: entries, pass --baseline DIR, or write the baseline first "
                                 + "(dnsim-events \(scenario.file)\(overrides.allPlatforms.flags)) and commit it")
            }
            baseline = (try BaselineReport.load(folder, scenario: scenario.name), .reportsFolder)
        }
        if let report = baseline?.report {
            if precise, let manifest = report.manifest { expected.devices = manifest.devices }
            try comparable(report, expected, path: report.path)
        }
        return Setup(scenario: scenario, baseline: baseline)
    }

    /// A baseline of another scenario, seed, size or tool version is a setup error, not a regression.
    static func comparable(_ baseline: BaselineReport, _ run: RunManifest, path: String) throws(SetupError) {
        guard let manifest = baseline.manifest else { return }
        let differences = run.differences(from: manifest)
        guard !differences.isEmpty else { return }
        throw SetupError("baseline \(path) is not comparable with this run (\(differences.joined(separator: ", "))): it was written "
                         + "for another scenario, seed, size or dnsim-events version. Regenerate it (dnsim-events SCENARIO.yaml, and "
                         + "commit Reports/), or pass the --seed/--devices/--days it was written with")
    }

    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func append(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw SetupError("cannot write the step summary to \(path)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw SetupError("cannot write the step summary to \(path)") }
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
    }
}
