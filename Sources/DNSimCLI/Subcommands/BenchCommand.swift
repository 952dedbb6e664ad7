import DNSimCore
import DNSimRun
import DNSimFit
import DNSimReports
import DNSimScenario
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
        let scenarios = arguments.operands.isEmpty
            ? [try ScenarioLoader.load(bytes: Array(BuiltinScenarios.newActivity.utf8), file: BuiltinScenarios.newActivityFile)]
            : try ScenarioRuns.load(arguments.operands, feedback: .console(console))
        let overrides = try arguments.overrides()
        #if DEBUG
        console.printError("warning: this is a debug build; build with 'swift build -c release' for real figures")
        #endif
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var jobsList = [1]
        if let jobs = try arguments.count(.jobs, in: 1...1024) { jobsList = [jobs] } else if cores > 1 { jobsList.append(cores) }
        var table = TextTable(header: ["scenario", "arms", "device-days", "jobs", "wall s", "device-days/s (all arms)", "events/s",
                                       "instructions/device-day"],
                              rightAligned: Set(1...7))
        var counterUnavailable: InstructionCounterUnavailable?
        var studies = TextTable(header: StudyBench.header, rightAligned: Set(1..<StudyBench.header.count))
        for scenario in scenarios {
            studies.rows += try StudyBench.rows(scenario, overrides, jobsList: jobsList)
            let plan = try ScenarioRuns.plan(scenario, overrides)
            let days = overrides.days ?? scenario.days
            let deviceDays = Double(plan.devices * days * plan.arms.count)
            for jobs in jobsList {
                let counter = InstructionCounter.start()
                let started = DispatchTime.now().uptimeNanoseconds
                let result = ParallelRunner.run(plan: plan, jobs: jobs)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                var perDeviceDay = "-"
                switch consume counter {
                case .success(let counter): if let count = counter.read() { perDeviceDay = String(format: "%.0f", Double(count) / deviceDays) }
                case .failure(let reason): counterUnavailable = reason
                }
                table.rows.append([scenario.name, String(plan.arms.count), String(Int(deviceDays)), String(jobs),
                                   String(format: "%.3f", seconds), String(format: "%.0f", deviceDays / seconds),
                                   String(format: "%.0f", Double(result.events) / seconds), perDeviceDay])
            }
        }
        console.print("bench on \(cores) core(s)")
        console.print(table.plain())
        if let counterUnavailable { console.print("instructions/device-day: not counted, the kernel refused the counter (\(counterUnavailable))") }
        if !studies.rows.isEmpty {
            console.print("uncertainty studies (study s includes set-up: building and planning every world; plain: one run of the same device-days)")
            console.print(studies.plain())
        }
        console.print(String(format: "event kernel: %.1f million hold operations/s with 1,000 pending events", HoldBenchmark.run() / 1e6))
        console.print(String(format: "cron calendar: a decade of daily occurrences in America/New_York in %.2f ms", calendarMilliseconds()))
        // The simulation's peak, before the fit benchmark adds its million rows.
        console.print("peak memory (VmHWM): \(peakMemory())")
        // Issue 14's figure: 1,000,000 BG-launch rows, all four families, no bootstrap (target: under 10 s).
        console.print(FitBenchmark.run(rows: 1_000_000).description)
        // Issue 42's: 43,000 rows with the default bootstrap, which also gives the intervals (target: under 20 s on 2 cores).
        console.print(FitBenchmark.run(rows: 43_000, bootstrap: FitOptions().bootstrap).description)
        return .success
    }

    /// The fastest of five computations of 3,652 daily occurrences across DST changes.
    static func calendarMilliseconds() -> Double {
        guard let zone = ZonedCalendar(identifier: "America/New_York"), let daily = try? CronExpression("0 9 * * *") else { return .nan }
        var fastest = Double.infinity
        for _ in 0..<5 {
            let started = DispatchTime.now().uptimeNanoseconds
            let count = zone.occurrences(of: daily, from: 1_798_761_600_000, to: 2_114_294_400_000).count
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6 + (count == 0 ? .nan : 0))
        }
        return fastest
    }

    static func peakMemory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return "unknown" }
        return line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces)
    }
}
