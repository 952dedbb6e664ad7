import DNSimReports
import DNSimRun
import Foundation

/// `dnsim-events compare A.yaml B.yaml`: both scenarios on the same devices, and for every
/// arm both run the paired difference B − A of each rate (`ScenarioComparisonRun`).
enum CompareCommand: Subcommand {
    static let name = "compare"
    static let usage =
        "compare A.yaml B.yaml [--format text|json] [--out DIR] [--seed N] [--devices N] [--days N] [--platform P] "
        + "[--jobs N] [--quiet] [--warnings-as-errors]"
    static let summary =
        "run two scenarios on the same devices; print B − A of every rate per shared arm, with 95% intervals"
    static let details = """
        Arms are matched by name (chained/ios); an arm only one file runs is listed as such. Device i of
        A and device i of B share every random draw the two files make alike (common random numbers),
        so each difference is the mean per-device difference with its 95% t-interval over devices, as
        summary.md's paired differences are; '*' marks those whose interval excludes zero. The two files
        may differ in levers, conditions, the fetch schedule and the fleet. They must agree on what
        makes their cycles the same, else exit 2 at B's key: seed, devices and days (or --seed,
        --devices, --days set them for both), start, timeZone and the notification times. B is counted
        under A's metrics: definitions (one B leaves to its default takes A's value; one it sets
        otherwise is refused). Sweeps, uncertainty studies and precision targets are not run.
        --out DIR writes DIR/compare.md (with the command that reproduces it) and DIR/compare.csv.
        """
    static let format = OptionSpec("--format", value: "FORMAT", "text (default) or json: the comparison on stdout")
    static let out = OptionSpec(
        "--out", short: "o", value: "DIR",
        "also write DIR/compare.md and DIR/compare.csv; must be a folder that can be written",
        check: { ReportWriter.problem(writingTo: $0) })
    static let options: [OptionSpec] = [
        format, out, .seed, .devices, .days, .platform, .jobs, .quiet, .warningsAsErrors,
    ]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard arguments.operands.count == 2 else {
            throw UsageError(
                "compare takes two scenario files, e.g. dnsim-events compare Scenarios/new-activity.yaml mine.yaml"
                    + (arguments.operands.count > 2 ? " (given \(arguments.operands.count))" : ""))
        }
        let overrides = try arguments.overrides()
        let jobs = try arguments.jobs()
        let json = try outputIsJSON(arguments)
        let scenarios = try ScenarioRuns.load(
            arguments.operands, feedback: .console(console), warningsAsErrors: arguments.flag(.warningsAsErrors))
        let setup = try ScenarioComparisonRun.setUp(scenarios[0], scenarios[1], overrides)
        // Neither scenario is ever written over; checked before the run, so a bad DIR costs no simulation.
        let policy = OutputPathPolicy(inputs: scenarios.map { ($0.file, "a scenario being compared") })
        if let folder = arguments.string(out) {
            try ScenarioRuns.checkWritable([folder], option: "--out", names: ComparisonReport.fileNames, policy: policy)
        }
        let comparison = try ScenarioComparisonRun.run(
            setup, jobs: jobs, feedback: .console(console, quiet: arguments.flag(.quiet) || json))
        if let folder = arguments.string(out) {
            do {
                try ReportWriter.write(ComparisonReport.files(comparison), to: folder, policy: policy)
            } catch {
                throw OutputFailure.nothingWritten(to: ComparisonReport.fileNames.map { "\(folder)/\($0)" }, error)
            }
        }
        if json {
            console.print(String(ComparisonJSON.render(comparison).dropLast()))
        } else if !arguments.flag(.quiet) {
            console.print(String(ComparisonMarkdown.terminal(comparison).dropLast()))
            if let folder = arguments.string(out) {
                console.print(
                    "Comparison written to \(folder)/ (\(ComparisonReport.fileNames.joined(separator: ", ")))")
            }
        }
        return .success
    }

    static func outputIsJSON(_ arguments: ParsedArguments) throws(UsageError) -> Bool {
        switch arguments.string(format) {
        case nil, "text": return false
        case "json": return true
        case let other?: throw UsageError("compare's --format is text or json, not '\(other.prefix(40))'")
        }
    }
}
