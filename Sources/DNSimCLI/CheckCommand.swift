import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// `dnsim-events check`: runs a scenario, then checks its `expect:` entries
/// and, with `--baseline`, every rate against the committed baseline
/// (`BaselineComparison` says how).
enum CheckCommand: Subcommand {
    static let name = "check"
    static let usage = "check SCENARIO.yaml... [--baseline DIR] [--strict] [--seed N] [--devices N] [--days N] [--jobs N] [--out DIR] [--quiet]"
    static let summary = "run, then check expect: and regressions against a baseline; exit 1 on any"
    static let details = """
    --baseline DIR is a report folder, or a folder holding Reports/<name>/ folders. A rate regresses when it
    is worse than the baseline's by more than √(h₁² + h₂²) (the runs' 95% half-widths), at least 0.1 pp.
    """
    static let baseline = OptionSpec("--baseline", value: "DIR", "the committed reports to compare with")
    static let strict = OptionSpec("--strict", "fail when behaviour changed even though every rate is within tolerance")
    static let options: [OptionSpec] = [baseline, strict, .seed, .devices, .days, .jobs, .out, .quiet, .warningsAsErrors]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.operands.isEmpty else { throw UsageError("check takes scenario files, e.g. dnsim-events check Scenarios/*.yaml --baseline Reports") }
        let overrides = try arguments.overrides()
        let jobs = try arguments.jobs()
        var worst = ExitCode.success
        for scenario in try ScenarioRuns.load(arguments.operands, console: console, warningsAsErrors: arguments.flag(.warningsAsErrors)) {
            let code = try check(scenario, overrides, jobs: jobs, arguments, console: console)
            if code.rawValue > worst.rawValue { worst = code }
        }
        return worst
    }

    static func check(_ scenario: Scenario, _ overrides: RunOverrides, jobs: Int, _ arguments: ParsedArguments,
                      console: Console) throws -> ExitCode {
        // Read the baseline before running, so a missing one fails fast and a
        // report written with --out can never overwrite it first.
        let baseline = try arguments.string(baseline).map { directory throws in try BaselineReport.load(directory, scenario: scenario.name) }
        let context = try ScenarioRuns.run(scenario, overrides, jobs: jobs, quiet: arguments.flag(.quiet), console: console)
        if let out = arguments.string(.out) { try ReportWriter.write(ReportWriter.files(context), to: out) }

        var failures: [String] = []
        var notes: [String] = []
        let summary = context.summary
        for expectation in scenario.expectations {
            guard let column = SummaryColumns.named(expectation.metric) else { continue }
            for row in summary.rows where expectation.applies(to: row.arm) {
                guard let value = row.value(column.name) else { continue }
                let place = "\(scenario.file):\(expectation.mark.line):\(expectation.mark.column)"
                if let max = expectation.max, value > max {
                    failures.append("\(row.arm) \(column.name): \(show(value, column)) is above the expected max \(show(max, column)) (\(place))")
                }
                if let min = expectation.min, value < min {
                    failures.append("\(row.arm) \(column.name): \(show(value, column)) is below the expected min \(show(min, column)) (\(place))")
                }
            }
        }
        if let baseline {
            let differences = baseline.manifest.map { RunManifest(context).differences(from: $0) } ?? []
            if !differences.isEmpty {
                failures.append("baseline \(baseline.path) is not comparable with this run (\(differences.joined(separator: ", "))): regenerate it or pass the matching --seed/--devices/--days")
            } else {
                let comparison = BaselineComparison(baseline: baseline.summary, current: summary)
                failures += comparison.regressions.map(\.description)
                notes += comparison.newArms.map { "improved: \($0) is new (not in the baseline)" }
                notes += comparison.improvements.map { "improved: \($0.description)" }
                if comparison.regressions.isEmpty && !comparison.changedArms.isEmpty {
                    let message = "behaviour changed: the event trajectories of \(comparison.changedArms.joined(separator: ", ")) differ from the baseline \(baseline.path), though every rate is within tolerance; regenerate the baseline if this is intended"
                    if arguments.flag(strict) { failures.append(message) } else { notes.append("warning: " + message) }
                }
            }
        }
        for note in notes { console.print(note) }
        if failures.isEmpty {
            if !arguments.flag(.quiet) {
                console.print("\(scenario.name): ok (\(scenario.expectations.count) expectation(s)\(baseline.map { ", baseline \($0.path)" } ?? ""))")
            }
            return .success
        }
        for failure in failures { console.print("REGRESSION \(failure)") }
        return .regression
    }

    static func show(_ value: Double, _ column: SummaryColumn) -> String {
        column.unit == "fraction" ? String(format: "%.2f%%", value * 100) : String(format: "%.3f", value)
    }
}
