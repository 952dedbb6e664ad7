import DNSimReports
import DNSimRun
import DNSimScenario
import Foundation

/// `dnsim-events SCENARIO.yaml...`: runs every arm, writes the reports and
/// prints the summary table; with `--shard K/N`, one slice of the devices.
enum RunCommand: Subcommand {
    static let name = "run"
    static let usage =
        "[run] SCENARIO.yaml... [--seed N] [--devices N] [--days N] [--platform P] [--out DIR] [--jobs N] [--format LIST] "
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
    static let shard = OptionSpec(
        "--shard", value: "K/N", "run devices (and study worlds) slice K of N and write DIR/<name>/shard-K-of-N.json")
    static let emitTelemetry = OptionSpec(
        "--emit-telemetry", value: "DIR",
        "also write the devices' BG launches, fetch attempts and app opens in the formats fit reads")
    static let untilStable = OptionSpec(
        "--until-stable",
        "grow a Sobol study's samples (doubling, earlier worlds kept) until its recommendation's stability is 0.95")
    static let maxWorlds = OptionSpec(
        "--max-worlds", value: "N", "the most worlds --until-stable may run (default: 8 times the study's)")
    static let options: [OptionSpec] = [
        .seed, .devices, .days, .platform, .out, .jobs, .format, cycles, shard, emitTelemetry, untilStable,
        maxWorlds, .quiet, .warningsAsErrors,
    ]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.operands.isEmpty else {
            throw UsageError("give a scenario file, e.g. dnsim-events Scenarios/new-activity.yaml")
        }
        let overrides = try arguments.overrides()
        let jobs = try arguments.jobs()
        let formats = try formats(arguments)
        let shard = try arguments.string(shard).map { text throws(UsageError) in try parseShard(text) }
        if shard != nil && overrides.platform != nil {
            throw UsageError(
                "--platform and --shard do not combine: merge puts every arm of the scenario together; shard the whole scenario"
            )
        }
        let quiet = arguments.flag(.quiet)
        let options = ScenarioFilesRun.Options(
            report: ReportRun.Options(
                formats: formats, cycles: arguments.flag(cycles), telemetry: arguments.string(emitTelemetry)),
            out: arguments.string(.out), shard: shard, untilStable: arguments.flag(untilStable),
            maxWorlds: try arguments.count(maxWorlds, in: 1...UncertaintySettings.maxWorlds),
            warningsAsErrors: arguments.flag(.warningsAsErrors))
        try ScenarioFilesRun.run(
            arguments.operands, overrides, jobs: jobs, options: options, feedback: .console(console, quiet: quiet)
        ) { event in
            guard !quiet else { return }
            switch event {
            case .shard(let scenario, let shard, let written):
                console.print(
                    "\(scenario.name): shard \(shard.0)/\(shard.1) (\(written.slice)) written to \(written.file)")
            case .report(let scenario, let points, let written):
                printSummary(scenario, points: points, written, console: console)
            }
        }
        return .success
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
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, k >= 1, k <= n
        else {
            throw UsageError("--shard takes K/N with 1 ≤ K ≤ N, e.g. --shard 3/8, not '\(text)'")
        }
        return (k, n)
    }

    /// What a run wrote, and its summary.
    static func printSummary(_ scenario: Scenario, points: Int, _ report: ReportRun.Written, console: Console) {
        let directory = report.directory
        if let telemetry = report.telemetry {
            console.print("Telemetry written to \(telemetry.folder)/ (\(telemetry.written.joined(separator: ", ")))")
            // A header alone would only be refused by fit: such files are left out, and said.
            for reason in telemetry.skipped { console.print("  not written, no rows: \(reason)") }
        }
        let context = report.context
        console.print(
            "\(scenario.name): \(context.plan.devices) devices × \(context.days) days, seed \(context.plan.seed); "
                + ScheduleLead.line(scenario, calendar: context.plan.world.calendar))
        console.print(SummaryMarkdown.armsTable(context).plain())
        if scenario.isLifecycleActive {
            console.print("Lifecycle (orphans, unwanted reminders and duplicates per 1,000 device-days):")
            console.print(SummaryMarkdown.lifecycleTable(context).plain())
        }
        // Said from what was written; the sweep's files after its table.
        let names = report.files
        console.print(
            "Reports written to "
                + written(
                    names.filter { !SweepReport.fileNames.contains($0) && !UncertaintyReport.fileNames.contains($0) },
                    to: directory))
        if let sweep = report.sweep {
            console.print(
                "\(scenario.name): \(points) sweep point(s) × \(context.plan.arms.count) arm(s), seed \(context.plan.seed)"
            )
            console.print(sweep.terminalTable.plain())
            console.print("Sweep written to " + written(names.filter(SweepReport.fileNames.contains), to: directory))
        }
        if let study = report.study, let analysis = report.studyAnalysis {
            console.print(
                "\(scenario.name): \(study.designs.count) worlds × \(study.devicesPerWorld) devices × \(study.days) days, "
                    + "\(study.arms.count) arm(s)")
            for line in UncertaintyReport.summaryLines(study, analysis) { console.print("  " + line) }
            console.print(
                "Study written to " + written(names.filter(UncertaintyReport.fileNames.contains), to: directory))
        }
    }

    /// `DIR/ (a, b)`: the folder and exactly the files written into it.
    static func written(_ names: [String], to directory: String) -> String {
        "\(directory)/ (\(names.joined(separator: ", ")))"
    }
}
