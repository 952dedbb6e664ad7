import DNSimReports
import DNSimRun
import Foundation

/// `dnsim-events bench`: device-days per second, events per second and peak
/// memory for a shipped scenario at one job and at all cores, plus the event
/// kernel's hold rate. Meaningful only in a release build.
enum BenchCommand: Subcommand {
    static let name = "bench"
    static let usage = "bench [SCENARIO.yaml...] [--jobs N] [--devices N] [--days N] [--seed N]"
    static let summary = "measure device-days/s and events/s (build with -c release)"
    static let details = """
        Without a file it runs the built-in copy of Scenarios/new-activity.yaml, so it works in any folder.
        Without --jobs it runs each scenario at 1 job and at all cores. A scenario with an uncertainty
        section also times its study end to end (building, planning and running every world) against one
        plain run of the same device-days (the scenario with devices = worlds × devices per world).
        """
    static let options: [OptionSpec] = [.jobs, .devices, .days, .seed]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        // Without a file, the built-in copy of Scenarios/new-activity.yaml: bench works in any folder.
        let builtin = (BuiltinScenarios.newActivity, BuiltinScenarios.newActivityFile)
        let figures = try BenchRun.bench(
            arguments.operands, builtin: builtin, try arguments.overrides(),
            jobs: try arguments.count(.jobs, in: 1...1024), feedback: .console(console))
        var table = TextTable(header: BenchRun.header, rightAligned: Set(1...7))
        table.rows = figures.runs
        var studies = TextTable(header: StudyBench.header, rightAligned: Set(1..<StudyBench.header.count))
        studies.rows = figures.studies
        console.print("bench on \(figures.cores) core(s)")
        console.print(table.plain())
        if let reason = figures.counterUnavailable {
            console.print("instructions/device-day: not counted, the kernel refused the counter (\(reason))")
        }
        if !studies.rows.isEmpty {
            console.print(
                "uncertainty studies (study s includes set-up: building and planning every world; plain: one run of the same device-days)"
            )
            console.print(studies.plain())
        }
        console.print(
            String(
                format: "event kernel: %.1f million hold operations/s with 1,000 pending events",
                figures.holdOperationsPerSecond / 1e6))
        console.print(
            String(
                format: "cron calendar: a decade of daily occurrences in America/New_York in %.2f ms",
                figures.calendarMilliseconds))
        console.print("peak memory (VmHWM): \(figures.peakMemory)")
        for fit in figures.fits { console.print(fit) }
        return .success
    }
}
