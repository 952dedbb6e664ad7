import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// The command-line front end: parses arguments, loads scenarios, runs them
/// and writes reports. Everything it does is in the library; this only wires.
public enum DNSimCommand {
    public static func main(_ arguments: [String], console: Console = .standard()) -> Int32 {
        do {
            let options = try CommandLineOptions.parse(arguments)
            if options.help {
                console.print(CommandLineOptions.help)
                return ExitCode.success.rawValue
            }
            if options.version {
                console.print("dnsim-events \(ToolVersion.current)")
                return ExitCode.success.rawValue
            }
            switch options.command {
            case .bench: return BenchCommand.run(options, console: console).rawValue
            case .trace: return try TraceCommand.run(options, console: console).rawValue
            case .merge: return try ShardCommand.merge(options, console: console).rawValue
            default: break
            }
            guard !options.scenarios.isEmpty else { throw UsageError("give a scenario file, e.g. dnsim-events Scenarios/new-activity.yaml") }
            if options.out != nil && options.scenarios.count > 1 {
                throw UsageError("--out names one report folder; run one scenario at a time with it")
            }
            // Validate every scenario before running any, so bad input writes nothing.
            let scenarios = try loadAll(options.scenarios, console: console)
            var worst = ExitCode.success
            for scenario in scenarios {
                let code: ExitCode
                switch options.command {
                case .validate: code = validate(scenario, options, console: console)
                case .check: code = try CheckCommand.run(scenario, options, console: console)
                default:
                    code = options.shard != nil
                        ? try ShardCommand.runShard(scenario, options, console: console)
                        : try runAndReport(scenario, options, console: console)
                }
                if code.rawValue > worst.rawValue { worst = code }
            }
            return worst.rawValue
        } catch let error as UsageError {
            console.printError(error.description)
            return ExitCode.badInput.rawValue
        } catch let error as DiagnosticList {
            console.printError(error.description)
            return ExitCode.badInput.rawValue
        } catch {
            console.printError("error: \(error)")
            return ExitCode.badInput.rawValue
        }
    }

    static func loadAll(_ paths: [String], console: Console) throws -> [Scenario] {
        var scenarios: [Scenario] = []
        var problems: [Diagnostic] = []
        for path in paths {
            do {
                scenarios.append(try ScenarioLoader.load(path: path))
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return scenarios
    }

    /// The plan with overrides, or a usage error naming the problem.
    static func plan(_ scenario: Scenario, _ options: CommandLineOptions) throws -> SimulationPlan {
        switch scenario.plan(devices: options.devices, days: options.days, seed: options.seed) {
        case .success(let plan): return plan
        case .failure(let problem): throw UsageError("\(scenario.file): \(problem.message)")
        }
    }

    /// Runs every arm with a progress bar when stderr is a terminal.
    static func simulate(_ plan: SimulationPlan, _ options: CommandLineOptions, label: String, console: Console,
                         devices: Range<Int>? = nil, cycleLog: CycleLog? = nil) -> SimulationResult {
        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        guard console.errorIsTerminal, !options.quiet else {
            return ParallelRunner.run(plan: plan, jobs: jobs, devices: devices, cycleLog: cycleLog)
        }
        let range = devices ?? 0..<plan.devices
        let bar = ProgressBar(console: console, total: range.count, label: label)
        let result = ParallelRunner.run(plan: plan, jobs: jobs, devices: range, cycleLog: cycleLog, progress: { bar.update($0) })
        bar.finish()
        return result
    }

    /// The canonical command that reproduces a report: path, seed and overrides.
    static func reproduceCommand(_ scenario: Scenario, _ plan: SimulationPlan, _ options: CommandLineOptions) -> String {
        var parts = ["dnsim-events", scenario.file, "--seed", String(plan.seed)]
        if let devices = options.devices { parts += ["--devices", String(devices)] }
        if let days = options.days { parts += ["--days", String(days)] }
        return parts.joined(separator: " ")
    }

    static func context(_ scenario: Scenario, _ options: CommandLineOptions, console: Console,
                        cycleLog: CycleLog? = nil) throws -> ReportContext {
        var plan = try plan(scenario, options)
        var result = simulate(plan, options, label: scenario.name, console: console, cycleLog: cycleLog)
        var note: String?
        if let target = scenario.precision, options.devices == nil {
            // Double the devices until the widest interval is tight enough. Adding
            // devices merges exactly, so this equals one run of the final size.
            var widest = widestHalfWidth(result)
            while widest > target.halfWidth && plan.devices < target.maxDevices {
                let more = min(target.maxDevices, plan.devices * 2)
                let added = simulate(plan, options, label: scenario.name, console: console,
                                     devices: plan.devices..<more, cycleLog: cycleLog)
                result.merge(added)
                plan.devices = more
                widest = widestHalfWidth(result)
            }
            let reached = widest <= target.halfWidth
            note = "Precision target: every rate's 95% interval within ±" + String(format: "%.2f", target.halfWidth * 100)
                + " pp. " + (reached ? "Reached" : "Not reached at the cap of \(target.maxDevices)") + " with \(plan.devices) devices "
                + "(widest ±" + String(format: "%.2f", widest * 100) + " pp)."
        }
        var context = ReportContext(scenario: scenario, plan: plan, result: result, days: options.days ?? scenario.days,
                                    reproduceCommand: reproduceCommand(scenario, plan, options))
        context.precisionNote = note
        return context
    }

    /// The widest 95% half-width over every arm's reported rates.
    static func widestHalfWidth(_ result: SimulationResult) -> Double {
        result.arms.flatMap { arm in SummaryColumns.rates.map { arm.interval($0).halfWidth } }.max() ?? 0
    }

    static func runAndReport(_ scenario: Scenario, _ options: CommandLineOptions, console: Console) throws -> ExitCode {
        // A sweep scenario validates every point before anything runs.
        if !scenario.sweep.isEmpty { _ = try scenario.sweepPoints() }
        let directory = options.out ?? "Reports/\(scenario.name)"
        var cycleLog: CycleLog?
        if options.cycles {
            let staging = URL(fileURLWithPath: directory).deletingLastPathComponent()
                .appendingPathComponent(".\(URL(fileURLWithPath: directory).lastPathComponent).cycles-\(ProcessInfo.processInfo.processIdentifier)")
            cycleLog = try CycleLog(directory: staging, armNames: scenario.arms.map(\.name))
        }
        let context = try context(scenario, options, console: console, cycleLog: cycleLog)
        do {
            try ReportWriter.write(ReportWriter.files(context, formats: options.formats), to: directory)
            try cycleLog?.finish(into: "\(directory)/cycles.csv")
        } catch {
            console.printError("error: cannot write the report to \(directory): \(error.localizedDescription)")
            return .badInput
        }
        if !options.quiet {
            console.print("\(scenario.name): \(context.plan.devices) devices × \(context.days) days, seed \(context.plan.seed)")
            console.print(SummaryMarkdown.armsTable(context).plain())
            console.print("Reports written to \(directory)/ (summary.csv, summary.md, charts)")
        }
        if !scenario.sweep.isEmpty { return try runSweep(scenario, options, console: console) }
        return .success
    }

    /// Runs every point of the scenario's sweep with the same seed and writes the sweep reports.
    static func runSweep(_ scenario: Scenario, _ options: CommandLineOptions, console: Console) throws -> ExitCode {
        let points = try scenario.sweepPoints()
        var report = SweepReport(scenario: scenario, reproduceCommand: reproduceCommand(scenario, try plan(scenario, options), options))
        for point in points {
            let pointContext = try context(point.scenario, options, console: console)
            report.add(point, pointContext)
        }
        let directory = options.out ?? "Reports/\(scenario.name)"
        try ReportWriter.write(report.files, to: directory)
        if !options.quiet {
            console.print("\(scenario.name): \(points.count) sweep point(s) × \(scenario.arms.count) arm(s), seed \(options.seed ?? scenario.seed)")
            var table = TextTable(header: ["point"] + report.axes + ["arm", "stale", "late", "missed", "fresh"], rightAligned: [0])
            for row in report.rows {
                table.rows.append([String(row.point)] + row.settings + [row.arm.name] + [RateMetric.stale, .late, .missed, .fresh].map {
                    String(format: "%.1f%%", row.rates[$0]!.estimate * 100)
                })
            }
            console.print(table.plain())
            console.print("Sweep written to \(directory)/ (sweep.csv, sweep.md, sweep.svg)")
        }
        return .success
    }

    static func validate(_ scenario: Scenario, _ options: CommandLineOptions, console: Console) -> ExitCode {
        do {
            let plan = try plan(scenario, options)
            let days = options.days ?? scenario.days
            console.print("\(scenario.file): ok")
            console.print("  name \(scenario.name), seed \(plan.seed), \(plan.devices) devices × \(days) days from \(scenario.start) (\(scenario.timeZone.identifier))")
            console.print("  \(plan.world.calendar.count) cycles per device; \(plan.devices * days) device-days per arm, \(plan.devices * days * plan.arms.count) in all")
            console.print("  arms: " + plan.arms.map(\.name).joined(separator: ", "))
            if !scenario.expectations.isEmpty { console.print("  \(scenario.expectations.count) expectation(s) for check") }
            if !scenario.sweep.isEmpty {
                let points = try scenario.sweepPoints()
                console.print("  sweep: \(points.count) point(s) over \(scenario.sweep.map(\.key).joined(separator: " × ")), all valid")
            }
            return .success
        } catch {
            console.printError("\(error)")
            return .badInput
        }
    }
}
