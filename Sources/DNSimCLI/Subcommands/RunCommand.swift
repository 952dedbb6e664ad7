import DNSimRun
import DNSimReports
import DNSimScenario
import Foundation

/// `dnsim-events SCENARIO.yaml...`: runs every arm, writes the reports and
/// prints the summary table; with `--shard K/N`, one slice of the devices.
enum RunCommand: Subcommand {
    static let name = "run"
    static let usage = "[run] SCENARIO.yaml... [--seed N] [--devices N] [--days N] [--platform P] [--out DIR] [--jobs N] [--format LIST] "
                       + "[--cycles] [--shard K/N] [--emit-telemetry DIR] [--until-stable [--max-worlds N]] [--quiet] [--warnings-as-errors]"
    static let summary = "run every arm, write the reports, print the summary"
    static let details = """
    Reports go to Reports/<name>/; --out DIR writes DIR/<name>/ instead, for one scenario as for
    several (so --out policy/Reports writes what check --baseline policy/Reports reads). A run whose
    --seed, --devices or --days differ from the file writes Reports/<name>@devices=100/ (its
    overrides; DIR/<name>@devices=100/ with --out) and leaves the baseline in <name>/ alone. The same scenario and seed give
    byte-identical reports whatever --jobs. For a cluster, --shard K/N --out DIR runs slice K of N of
    the devices (and of an uncertainty study's worlds) into DIR/<name>/, and 'dnsim-events merge DIR'
    combines the slices.
    """
    static let cycles = OptionSpec("--cycles", "also write cycles.csv, one row per device-cycle, streamed to disk")
    static let shard = OptionSpec("--shard", value: "K/N", "run devices (and study worlds) slice K of N and write DIR/<name>/shard-K-of-N.json")
    static let emitTelemetry = OptionSpec("--emit-telemetry", value: "DIR",
                                          "also write the devices' BG launches, fetch attempts and app opens in the formats fit reads")
    static let untilStable = OptionSpec("--until-stable",
                                        "grow a Sobol study's samples (doubling, earlier worlds kept) until its recommendation's stability is 0.95")
    static let maxWorlds = OptionSpec("--max-worlds", value: "N", "the most worlds --until-stable may run (default: 8 times the study's)")
    static let options: [OptionSpec] = [.seed, .devices, .days, .platform, .out, .jobs, .format, cycles, shard, emitTelemetry, untilStable,
                                        maxWorlds, .quiet, .warningsAsErrors]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.operands.isEmpty else { throw UsageError("give a scenario file, e.g. dnsim-events Scenarios/new-activity.yaml") }
        let overrides = try arguments.overrides()
        let jobs = try arguments.jobs()
        let formats = try formats(arguments)
        let shard = try arguments.string(shard).map { text throws(UsageError) in try parseShard(text) }
        if shard != nil && overrides.platform != nil {
            throw UsageError("--platform and --shard do not combine: merge puts every arm of the scenario together; shard the whole scenario")
        }
        let scenarios = try ScenarioRuns.load(arguments.operands, feedback: .console(console), warningsAsErrors: arguments.flag(.warningsAsErrors))
        try ScenarioRuns.refuseSharedNames(scenarios)
        if scenarios.count > 1, let folder = arguments.string(emitTelemetry) {
            throw UsageError("--emit-telemetry \(folder) takes one scenario: the logs of several would overwrite each other there; "
                             + "run each scenario with its own --emit-telemetry folder")
        }
        // Every scenario and sweep point is validated, and every folder the run writes checked,
        // before any runs: a bad second file or an unwritable DIR/<name>/ costs no simulation.
        let validated = try scenarios.map { scenario throws in
            let validated = try scenario.validated(devices: overrides.devices, days: overrides.days, seed: overrides.seed, allVariants: true)
            // A --platform the scenario lacks, too: before the note that says where the run writes, and before any run.
            try ScenarioRuns.checkPlatform(scenario, overrides)
            return validated
        }
        try ScenarioRuns.warn(validated.flatMap(\.variantWarnings), feedback: .console(console), warningsAsErrors: arguments.flag(.warningsAsErrors))
        let caps = try untilStableCaps(scenarios, arguments, sharded: shard != nil, overrides)
        let directories = scenarios.map { ReportFolders.folder($0, overrides, out: arguments.string(.out)) }
        // No output may be a scenario being run, nor replace what this tool did not write (OutputPathPolicy).
        let policy = OutputPathPolicy(inputs: scenarios.map { ($0.file, "a scenario being run") })
        try ScenarioRuns.checkWritable(directories, option: arguments.string(.out) == nil ? nil : "--out",
                                       names: ["summary.csv", "manifest.json"] + (arguments.flag(cycles) ? ["cycles.csv"] : []), policy: policy)
        if let folder = arguments.string(emitTelemetry) {
            do { try ReportWriter.check([], in: folder, policy: policy) } catch { throw UsageError("--emit-telemetry: \(error)") }
        }
        for (index, scenario) in scenarios.enumerated() {
            let points = validated[index].sweepPoints
            if let shard {
                let written = try ShardRun.run(scenario, points: points, worlds: validated[index].worlds, shard: shard, overrides, jobs: jobs,
                                               out: arguments.string(.out).map { _ in directories[index] })
                if !arguments.flag(.quiet) {
                    console.print("\(scenario.name): shard \(shard.0)/\(shard.1) (\(written.slice)) written to \(written.file)")
                }
            } else {
                if let note = ReportFolders.note(scenario, overrides, out: arguments.string(.out)) { console.printError(note) }
                try runAndReport(scenario, points: points, worlds: validated[index].worlds, overrides, jobs: jobs, formats: formats,
                                 directory: directories[index], arguments, console: console, untilStable: caps[index])
            }
        }
        return .success
    }

    /// Per scenario, the cap of worlds `--until-stable` grows it to, or nil without the flag; checked
    /// before anything runs: only a Sobol study grows without moving its earlier worlds.
    static func untilStableCaps(_ scenarios: [Scenario], _ arguments: ParsedArguments, sharded: Bool,
                                _ overrides: RunOverrides) throws(UsageError) -> [Int?] {
        let given = try arguments.count(maxWorlds, in: 1...UncertaintySettings.maxWorlds)
        guard arguments.flag(untilStable) else {
            if given != nil { throw UsageError("--max-worlds caps --until-stable; give both, or neither") }
            return scenarios.map { _ in nil }
        }
        if sharded { throw UsageError("--until-stable and --shard do not combine: a shard cannot tell when the whole study is stable") }
        return try scenarios.map { scenario throws(UsageError) -> Int? in
            guard let settings = scenario.uncertainty else {
                throw UsageError("--until-stable grows an uncertainty study; \(scenario.file) has no uncertainty: section")
            }
            guard settings.design == .sobol else {
                throw UsageError("\(scenario.file): --until-stable needs design: sobol; a Latin hypercube's strata depend on its "
                                 + "samples, so adding samples would move every earlier world (use sobol, or give lhs its samples)")
            }
            let cap = given ?? min(8 * settings.worldCount, UncertaintySettings.maxWorlds)
            guard cap >= settings.worldCount else {
                throw UsageError("--max-worlds \(cap) is below the \(settings.worldCount) worlds \(scenario.file) starts with")
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

    static func formats(_ arguments: ParsedArguments) throws(UsageError) -> Set<String> {
        guard let text = arguments.string(.format) else { return ["csv", "md"] }
        let formats = Set(text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
        guard !formats.isEmpty, formats.isSubset(of: ["csv", "md", "json"]) else {
            throw UsageError("--format takes a comma-separated list of csv, md and json, not '\(text)'")
        }
        return formats
    }

    static func parseShard(_ text: String) throws(UsageError) -> (Int, Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, k >= 1, k <= n else {
            throw UsageError("--shard takes K/N with 1 ≤ K ≤ N, e.g. --shard 3/8, not '\(text)'")
        }
        return (k, n)
    }

    /// Runs and writes the report (`ReportRun`), then prints its summary unless quiet.
    static func runAndReport(_ scenario: Scenario, points: [SweepPoint], worlds: [UncertaintyWorld] = [], _ overrides: RunOverrides,
                             jobs: Int, formats: Set<String>, directory: String, _ arguments: ParsedArguments, console: Console,
                             untilStable: Int? = nil) throws {
        let quiet = arguments.flag(.quiet)
        let report = try ReportRun.run(scenario, points: points, worlds: worlds, overrides, jobs: jobs,
                                       options: ReportRun.Options(formats: formats, cycles: arguments.flag(cycles),
                                                                  telemetry: arguments.string(emitTelemetry), untilStable: untilStable),
                                       directory: directory, feedback: .console(console, quiet: quiet))
        guard !quiet else { return }
        if let telemetry = report.telemetry {
            console.print("Telemetry written to \(telemetry.folder)/ (\(telemetry.written.joined(separator: ", ")))")
            // A header alone would only be refused by fit: such files are left out, and said.
            for reason in telemetry.skipped { console.print("  not written, no rows: \(reason)") }
        }
        let context = report.context
        console.print("\(scenario.name): \(context.plan.devices) devices × \(context.days) days, seed \(context.plan.seed); "
                      + ScheduleLead.line(scenario, calendar: context.plan.world.calendar))
        console.print(SummaryMarkdown.armsTable(context).plain())
        if scenario.isLifecycleActive {
            console.print("Lifecycle (orphans, unwanted reminders and duplicates per 1,000 device-days):")
            console.print(SummaryMarkdown.lifecycleTable(context).plain())
        }
        // Said from what was written; the sweep's files after its table.
        let names = report.files
        console.print("Reports written to "
                      + written(names.filter { !SweepReport.fileNames.contains($0) && !UncertaintyReport.fileNames.contains($0) }, to: directory))
        if let sweep = report.sweep {
            console.print("\(scenario.name): \(points.count) sweep point(s) × \(context.plan.arms.count) arm(s), seed \(context.plan.seed)")
            console.print(sweep.terminalTable.plain())
            console.print("Sweep written to " + written(names.filter(SweepReport.fileNames.contains), to: directory))
        }
        if let study = report.study, let analysis = report.studyAnalysis {
            console.print("\(scenario.name): \(study.designs.count) worlds × \(study.devicesPerWorld) devices × \(study.days) days, "
                          + "\(study.arms.count) arm(s)")
            for line in UncertaintyReport.summaryLines(study, analysis) { console.print("  " + line) }
            console.print("Study written to " + written(names.filter(UncertaintyReport.fileNames.contains), to: directory))
        }
    }

    /// `DIR/ (a, b)`: the folder and exactly the files written into it.
    static func written(_ names: [String], to directory: String) -> String {
        "\(directory)/ (\(names.joined(separator: ", ")))"
    }
}
