import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// Sharding for clusters: `--shard K/N` runs a deterministic slice of the
/// devices and writes a partial result; `merge` combines all N partials into
/// reports byte-identical to a single-machine run.
enum ShardCommand {
    static func parse(_ text: String) throws(UsageError) -> (Int, Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, k >= 1, k <= n else {
            throw UsageError("--shard takes K/N with 1 ≤ K ≤ N, e.g. --shard 3/8, not '\(text)'")
        }
        return (k, n)
    }

    static func runShard(_ scenario: Scenario, _ options: CommandLineOptions, console: Console) throws -> ExitCode {
        guard let (k, n) = options.shard else { return .badInput }
        guard let out = options.out else { throw UsageError("--shard needs --out DIR for its partial result") }
        if scenario.precision != nil && options.devices == nil {
            throw UsageError("\(scenario.file) has a precision target, which decides the devices as it runs; give --devices to shard it")
        }
        let plan = try DNSimCommand.plan(scenario, options)
        let range = PartialResult.devices(shard: k, of: n, total: plan.devices)
        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let result = ParallelRunner.run(plan: plan, jobs: jobs, devices: range)
        // A sweep shards the same way: this slice of devices, for every point.
        var pointResults: [SimulationResult]?
        if !scenario.sweep.isEmpty {
            pointResults = try scenario.sweepPoints().map { point in
                ParallelRunner.run(plan: try DNSimCommand.plan(point.scenario, options), jobs: jobs, devices: range)
            }
        }
        let bytes = [UInt8](FileManager.default.contents(atPath: scenario.file) ?? Data())
        let partial = PartialResult(
            format: PartialResult.format, toolVersion: ToolVersion.current, scenarioFile: scenario.file,
            scenarioDigest: PartialResult.digest(bytes), scenarioName: scenario.name, seed: String(plan.seed),
            devices: plan.devices, days: options.days ?? scenario.days, devicesOverride: options.devices,
            daysOverride: options.days, shard: k, shardCount: n, deviceRange: [range.lowerBound, range.upperBound], result: result,
            pointResults: pointResults)
        let name = "shard-\(k)-of-\(n).json"
        try ReportWriter.write([(name, String(decoding: try partial.encoded(), as: UTF8.self) + "\n")], to: out)
        if !options.quiet { console.print("\(scenario.name): shard \(k)/\(n) (devices \(range.lowerBound + 1)–\(range.upperBound)) written to \(out)/\(name)") }
        return .success
    }

    static func merge(_ options: CommandLineOptions, console: Console) throws -> ExitCode {
        guard !options.scenarios.isEmpty else { throw UsageError("merge takes the folders (or files) holding the shards' partial results") }
        var files: [String] = []
        for argument in options.scenarios {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { throw UsageError("\(argument): no such file or folder") }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                files += names.filter { $0.hasPrefix("shard-") && $0.hasSuffix(".json") }.sorted().map { "\(argument)/\($0)" }
            } else {
                files.append(argument)
            }
        }
        guard !files.isEmpty else { throw UsageError("no shard-K-of-N.json partial results found in \(options.scenarios.joined(separator: ", "))") }
        var partials: [(String, PartialResult)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file),
                  let partial = try? JSONDecoder().decode(PartialResult.self, from: data), partial.format == PartialResult.format else {
                throw UsageError("\(file) is not a dnsim-events partial result")
            }
            partials.append((file, partial))
        }
        let (firstFile, first) = partials[0]
        for (file, partial) in partials.dropFirst() {
            var differences: [String] = []
            if partial.toolVersion != first.toolVersion { differences.append("dnsim-events \(partial.toolVersion) vs \(first.toolVersion)") }
            if partial.scenarioDigest != first.scenarioDigest || partial.scenarioName != first.scenarioName {
                differences.append("scenario \(partial.scenarioName) (\(partial.scenarioDigest)) vs \(first.scenarioName) (\(first.scenarioDigest))")
            }
            if partial.seed != first.seed { differences.append("seed \(partial.seed) vs \(first.seed)") }
            if partial.devices != first.devices || partial.days != first.days {
                differences.append("\(partial.devices) devices × \(partial.days) days vs \(first.devices) × \(first.days)")
            }
            if partial.shardCount != first.shardCount { differences.append("\(partial.shardCount) shards vs \(first.shardCount)") }
            if !differences.isEmpty {
                throw UsageError("\(file) and \(firstFile) come from different runs (\(differences.joined(separator: "; "))); merge only the shards of one run")
            }
        }
        var seen: [Int: String] = [:]
        for (file, partial) in partials {
            if let other = seen[partial.shard] { throw UsageError("shard \(partial.shard) of \(first.shardCount) appears twice (\(other) and \(file))") }
            seen[partial.shard] = file
        }
        let missing = (1...first.shardCount).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw UsageError("missing shard\(missing.count > 1 ? "s" : "") \(missing.map(String.init).joined(separator: ", ")) of \(first.shardCount)")
        }

        let scenario = try DNSimCommand.loadAll([first.scenarioFile], console: console)[0]
        let bytes = [UInt8](FileManager.default.contents(atPath: first.scenarioFile) ?? Data())
        guard PartialResult.digest(bytes) == first.scenarioDigest else {
            throw UsageError("\(first.scenarioFile) changed since the shards ran (digest \(PartialResult.digest(bytes)) vs \(first.scenarioDigest))")
        }
        var runOptions = options
        runOptions.devices = first.devicesOverride
        runOptions.days = first.daysOverride
        runOptions.seed = UInt64(first.seed)
        let plan = try DNSimCommand.plan(scenario, runOptions)
        var result = SimulationResult(plan: plan)
        for (_, partial) in partials.sorted(by: { $0.1.shard < $1.1.shard }) { result.merge(partial.result) }
        let context = ReportContext(scenario: scenario, plan: plan, result: result, days: first.days,
                                    reproduceCommand: DNSimCommand.reproduceCommand(scenario, plan, runOptions))
        let directory = options.out ?? "Reports/\(scenario.name)"
        var sweep: SweepReport?
        if !scenario.sweep.isEmpty {
            let points = try scenario.sweepPoints()
            guard partials.allSatisfy({ $0.1.pointResults?.count == points.count }) else {
                throw UsageError("the shards do not all hold the \(points.count) sweep points of \(scenario.name)")
            }
            var report = SweepReport(scenario: scenario, reproduceCommand: context.reproduceCommand)
            for (index, point) in points.enumerated() {
                let pointPlan = try DNSimCommand.plan(point.scenario, runOptions)
                var pointResult = SimulationResult(plan: pointPlan)
                for (_, partial) in partials.sorted(by: { $0.1.shard < $1.1.shard }) { pointResult.merge(partial.pointResults![index]) }
                report.add(point, ReportContext(scenario: point.scenario, plan: pointPlan, result: pointResult, days: first.days,
                                                reproduceCommand: context.reproduceCommand))
            }
            sweep = report
        }
        try ReportWriter.write(ReportWriter.files(context, formats: options.formats), to: directory)
        if let sweep { try ReportWriter.write(sweep.files, to: directory) }
        if !options.quiet {
            console.print("\(scenario.name): merged \(first.shardCount) shard(s), \(plan.devices) devices × \(first.days) days, seed \(plan.seed)")
            console.print(SummaryMarkdown.armsTable(context).plain())
            console.print("Reports written to \(directory)/")
        }
        return .success
    }
}
