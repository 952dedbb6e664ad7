import DNSimAnalysis
import DNSimReports
import DNSimRun

/// `dnsim-events check`: runs a scenario, then checks its `expect:` entries and every rate
/// against a baseline (`CheckRun`), and prints each `ScenarioCheck` as it comes.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let usage =
        "check SCENARIO.yaml... [--baseline DIR] [--strict] [--junit FILE] [--format text|json] [--arms A,B] "
        + "[--seed N] [--devices N] [--days N] [--platform P] [--jobs N] [--out DIR] [--quiet]"
    static let summary = "run, then check expect: and regressions against a baseline; exit 1 on any"
    static let details = """
        --baseline DIR is a report folder, or a folder holding <name>/ folders (Reports/, or what --out
        DIR wrote). Without --baseline, a scenario is checked against Reports/<name>/
        (Reports/<name>@<overrides>/ with --seed/--devices/--days) whenever it exists, besides its
        expect: entries; with neither, there is nothing to check (exit 2). A baseline of another
        scenario, seed, size or dnsim-events version is a setup error (exit 2), not a regression. A rate
        regresses when it is worse than the baseline's by more than √(h₁² + h₂²) (the runs' 95%
        half-widths), at least 0.1 pp. A scenario with an uncertainty section runs its worlds too:
        expect: entries with probability: count the share of worlds meeting the bound, and the
        baseline's decision.json must give each platform the same recommendation and P(best), expected
        utility, expected regret and utility quantiles no worse than \(Int(StudyComparison.standardErrors)) Monte Carlo
        standard errors (of the worlds and of the devices in them; docs/model.md §9). A fleet's segments
        are compared too (segments.csv, each with its own tolerance), and an expect: entry with
        segment: bounds one segment's row. --arms A,B
        gates only the named arms. --out DIR writes the run's report to DIR/<name>/, never over the
        baseline it is checked against. On GitHub Actions (GITHUB_ACTIONS=true) failures are also
        ::error annotations at the scenario line, and the table of regressions is appended to
        $GITHUB_STEP_SUMMARY when it is set.
        """
    static let baseline = OptionSpec("--baseline", value: "DIR", "the committed reports to compare with")
    static let strict = OptionSpec("--strict", "fail when behaviour changed even though every rate is within tolerance")
    static let junit = OptionSpec(
        "--junit", value: "FILE", "also write JUnit XML: a test case per arm × checked figure",
        check: { ReportWriter.problem(writingFile: $0) })
    static let format = OptionSpec(
        "--format", value: "FORMAT", "text (default) or json: the verdict and every comparison on stdout")
    static let arms = OptionSpec(
        "--arms", value: "A,B", "gate only these arms (full names, e.g. push/android); the others are still run")
    static let options: [OptionSpec] = [
        baseline, strict, junit, format, arms, .seed, .devices, .days, .platform, .jobs, .out, .quiet,
        .warningsAsErrors,
    ]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.operands.isEmpty else {
            throw UsageError("check takes scenario files, e.g. dnsim-events check Scenarios/*.yaml --baseline Reports")
        }
        let overrides = try arguments.overrides()
        let jobs = try arguments.jobs()
        let json = try outputIsJSON(arguments)
        let github = console.environment["GITHUB_ACTIONS"] == "true"
        let options = CheckRun.Options(
            baseline: arguments.string(baseline), strict: arguments.flag(strict), junit: arguments.string(junit),
            arms: arguments.string(arms), out: arguments.string(.out),
            warningsAsErrors: arguments.flag(.warningsAsErrors),
            stepSummary: console.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 })
        let checks = try CheckRun.check(
            arguments.operands, overrides, jobs: jobs, options: options,
            feedback: .console(console, quiet: arguments.flag(.quiet))
        ) { event in
            switch event {
            case .committedBaseline(let scenario, let path):
                guard !json else { return }
                let expects =
                    scenario.expectations.isEmpty
                    ? "no expect: entries" : "\(scenario.expectations.count) expect: entries"
                console.print(
                    "\(scenario.name): \(expects) and no --baseline; checking against \(path)/, its committed report")
            case .grownStudy(let scenario, let samples, let worlds):
                guard !json else { return }
                console.print(
                    "note \(scenario.name): the baseline's study grew with --until-stable to \(samples) samples "
                        + "(\(worlds) worlds); checked at the same samples")
            case .checked(let check):
                if !json {
                    for line in check.notes + check.regressionLines + [check.summaryLine] { console.print(line) }
                }
                if github {
                    for line in CheckOutput.githubAnnotations(check) {
                        json ? console.printError(line) : console.print(line)
                    }
                }
            }
        }
        let code: ExitCode = checks.allSatisfy(\.passed) ? .success : .regression
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
}
