import DNSimCore
import DNSimFit
import DNSimScenario
import Foundation

/// `bench`'s use case: device-days per second, events per second and instructions per device-day for
/// each scenario at each job count (its study too, `StudyBench`), then the event kernel's hold rate,
/// the cron calendar's speed, the peak memory and the fit's two benchmarks. Meaningful only in a
/// release build; it prints nothing.
public enum BenchRun {
    public static let header = [
        "scenario", "arms", "device-days", "jobs", "wall s", "device-days/s (all arms)", "events/s",
        "instructions/device-day",
    ]

    /// What was measured, as the rows and figures `bench` prints.
    public struct Figures: Sendable {
        public let cores: Int
        /// One row per scenario and job count, in `header`'s columns.
        public let runs: [[String]]
        /// Why instructions were not counted, when the kernel refused the counter.
        public let counterUnavailable: InstructionCounterUnavailable?
        /// One row per study and job count, in `StudyBench.header`'s columns.
        public let studies: [[String]]
        public let holdOperationsPerSecond: Double
        /// A decade of daily occurrences in America/New_York, the fastest of five.
        public let calendarMilliseconds: Double
        /// VmHWM after the simulations, before the fit benchmarks.
        public let peakMemory: String
        /// Each fit benchmark's line.
        public let fits: [String]
    }

    /// Benchmarks the scenarios at `files` (none: the scenario `builtin`, e.g. the executable's copy of
    /// Scenarios/new-activity.yaml, so bench works in any folder), at `jobs` or, without it, at 1 job and at all cores.
    public static func bench(
        _ files: [String], builtin: (text: String, file: String), _ overrides: RunOverrides,
        jobs: Int?, feedback: RunFeedback
    ) throws -> Figures {
        let scenarios =
            files.isEmpty
            ? [try ScenarioLoader.load(bytes: Array(builtin.text.utf8), file: builtin.file)]
            : try ScenarioRuns.load(files, feedback: feedback)
        #if DEBUG
            feedback.note("warning: this is a debug build; build with 'swift build -c release' for real figures")
        #endif
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var jobsList = [1]
        if let jobs { jobsList = [jobs] } else if cores > 1 { jobsList.append(cores) }
        var runs: [[String]] = []
        var counterUnavailable: InstructionCounterUnavailable?
        var studies: [[String]] = []
        for scenario in scenarios {
            studies += try StudyBench.rows(scenario, overrides, jobsList: jobsList)
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
                case .success(let counter):
                    if let count = counter.read() { perDeviceDay = String(format: "%.0f", Double(count) / deviceDays) }
                case .failure(let reason): counterUnavailable = reason
                }
                runs.append([
                    scenario.name, String(plan.arms.count), String(Int(deviceDays)), String(jobs),
                    String(format: "%.3f", seconds), String(format: "%.0f", deviceDays / seconds),
                    String(format: "%.0f", Double(result.events) / seconds), perDeviceDay,
                ])
            }
        }
        let hold = HoldBenchmark.run()
        let calendar = calendarMilliseconds()
        // The simulation's peak, before the fit benchmark adds its million rows.
        let memory = peakMemory()
        // Issue 14's figure: 1,000,000 BG-launch rows, all four families, no bootstrap (target: under 10 s).
        // Issue 42's: 43,000 rows with the default bootstrap, which also gives the intervals (target: under 20 s on 2 cores).
        let fits = [
            FitBenchmark.run(rows: 1_000_000).description,
            FitBenchmark.run(rows: 43_000, bootstrap: FitOptions().bootstrap).description,
        ]
        return Figures(
            cores: cores, runs: runs, counterUnavailable: counterUnavailable, studies: studies,
            holdOperationsPerSecond: hold, calendarMilliseconds: calendar, peakMemory: memory, fits: fits)
    }

    /// The fastest of five computations of 3,652 daily occurrences across DST changes.
    static func calendarMilliseconds() -> Double {
        guard let zone = ZonedCalendar(identifier: "America/New_York"), let daily = try? CronExpression("0 9 * * *")
        else { return .nan }
        var fastest = Double.infinity
        for _ in 0..<5 {
            let started = DispatchTime.now().uptimeNanoseconds
            let count = zone.occurrences(of: daily, from: 1_798_761_600_000, to: 2_114_294_400_000).count
            fastest = min(
                fastest, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6 + (count == 0 ? .nan : 0))
        }
        return fastest
    }

    static func peakMemory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return "unknown" }
        return line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces)
    }
}
