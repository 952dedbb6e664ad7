import DNSimAnalysis
import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// `merge`'s use case: combine every shard of a sharded run into the reports a single run would
/// have written, byte for byte. Nothing is written unless everything is.
public enum MergeRun {
    /// What was merged and written.
    public struct Merged {
        public let context: ReportContext
        public let study: UncertaintyStudy?
        public let directory: String
        public let shardCount: Int
        public let days: Int
    }

    /// `operands` are the `--out` folders the shards were written with, their `<name>/` folders or the
    /// shard files; `out` is `--out`, `formats` the report's formats.
    public static func merge(_ operands: [String], out: String?, formats: Set<String>, feedback: RunFeedback) throws
        -> Merged
    {
        // The scenario is one the shards name, not the user: no message quotes a line of it.
        do { return try mergeShards(operands, out: out, formats: formats, feedback: feedback) } catch let list
            as DiagnosticList
        {
            throw list.withoutSourceLines
        }
    }

    static func mergeShards(_ operands: [String], out: String?, formats: Set<String>, feedback: RunFeedback) throws
        -> Merged
    {
        guard !operands.isEmpty else {
            throw UsageError("merge takes the folders (or files) holding the shards' partial results")
        }
        let shards: ShardSet
        do {
            shards = try ShardSet(try readPartials(operands))
        } catch let mismatch as ShardSet.Mismatch {
            if mismatch.damaged { throw DamagedShard(description: mismatch.description) }
            throw SetupError(mismatch.description)
        }
        let first = shards.first
        // The path the shards record is not the user's: checked against their digest before it is parsed.
        let scenario = try ShardScenario.load(shards, feedback: feedback)
        let overrides = RunOverrides(seed: UInt64(first.seed), devices: first.devicesOverride, days: first.daysOverride)
        let plan = try ScenarioRuns.plan(scenario, overrides)
        let merged: SimulationResult
        do {
            try shards.check(plan: plan)
            merged = try shards.merged(into: SimulationResult(plan: plan))
        } catch { throw DamagedShard(description: error.description) }
        let context = ReportContext(
            scenario: scenario, plan: plan, result: merged,
            days: first.days, reproduceCommand: ScenarioRuns.reproduceCommand(scenario, seed: plan.seed, overrides))
        let directory = ReportFolders.folder(scenario, overrides, out: out)
        // Neither the scenario nor a shard is ever written over.
        let policy = OutputPathPolicy(
            inputs: [(first.scenarioFile, "the scenario merged")]
                + shards.partials.map { ($0.file, "a shard being merged") })
        try ScenarioRuns.checkWritable([directory], option: out == nil ? nil : "--out", policy: policy)
        var sweep: SweepReport?
        let points = try scenario.sweepPoints()
        if !points.isEmpty {
            var report = SweepReport(scenario: scenario, seed: plan.seed, reproduceCommand: context.reproduceCommand)
            for (index, point) in points.enumerated() {
                let pointPlan = try ScenarioRuns.plan(point.scenario, overrides)
                let result: SimulationResult
                do {
                    try shards.check(plan: pointPlan, point: index)
                    result = try shards.mergedPoint(index, into: SimulationResult(plan: pointPlan))
                } catch { throw DamagedShard(description: error.description) }
                report.add(
                    point,
                    ReportContext(
                        scenario: point.scenario, plan: pointPlan, result: result, days: first.days,
                        reproduceCommand: context.reproduceCommand))
            }
            sweep = report
        }
        var study: UncertaintyStudy?
        if scenario.uncertainty != nil {
            let worlds = try scenario.validated(
                devices: overrides.devices, days: overrides.days, seed: overrides.seed, allVariants: true
            ).worlds
            let plans = try StudyRun.plans(scenario, worlds: worlds, overrides)
            // Each world's table row as it is checked, as a run keeps them: not every world's statistics at once.
            let (arms, days) = (plans[0].arms, overrides.days ?? scenario.days)
            let cells: [[SummaryTable.Row]]
            do {
                cells = try shards.studyWorlds(
                    plans: plans, identities: worlds.map { WorldResult.identity(of: $0.values) }
                ) {
                    ExperimentTable.cells(arms, $1.arms, days: days)
                }
            } catch {
                if error.damaged { throw DamagedShard(description: error.description) }
                throw SetupError(error.description)
            }
            study = StudyRun.study(
                scenario, worlds: worlds, plans: plans, table: ExperimentTable(arms: arms, days: days, cells: cells),
                reproduceCommand: context.reproduceCommand)
            if let study { StudyRun.warnCoverage(study, feedback: feedback) }
        } else if shards.first.study != nil {
            throw SetupError("the shards hold an uncertainty study, but \(first.scenarioFile) has none")
        }
        let files = ReportWriter.files(context, formats: formats, sweep: sweep, study: study)
        do { try ReportWriter.write(files, to: directory, policy: policy) } catch {
            throw OutputFailure.nothingWritten(to: ["\(directory)/"], error)
        }
        return Merged(
            context: context, study: study, directory: directory, shardCount: first.shardCount, days: first.days)
    }

    /// Every `shard-*.json` in the folders given (or the files themselves). A
    /// folder without any is looked into one level down, since `--shard K/N
    /// --out DIR` writes `DIR/<name>/shard-K-of-N.json`.
    public static func readPartials(_ operands: [String]) throws -> [(file: String, partial: PartialResult)] {
        var files: [String] = []
        for argument in operands.map(ReportFolders.trimmed) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw UsageError("\(argument): no such file or folder")
            }
            if isDirectory.boolValue {
                var found = shardFiles(in: argument)
                if found.isEmpty {
                    let names = ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted()
                    // Not the staging folders (".<name>.partial-…") a killed task can leave: no scenario name starts with a dot.
                    found = names.filter { !$0.hasPrefix(".") }.flatMap { shardFiles(in: "\(argument)/\($0)") }
                }
                files += found
            } else {
                files.append(argument)
            }
        }
        guard !files.isEmpty else {
            throw SetupError(
                "no shard-K-of-N.json partial results found in \(operands.joined(separator: ", ")) or the folders in it"
            )
        }
        // Decoding is most of a merge's time (a 320-world study's shards are 40 MB of JSON): on every core.
        final class Decoded: @unchecked Sendable {
            let lock = NSLock()
            var partials: [PartialResult?]
            init(_ count: Int) { partials = Array(repeating: nil, count: count) }
        }
        let decoded = Decoded(files.count)
        let paths = files
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            guard let data = FileManager.default.contents(atPath: paths[index]),
                let partial = decodePartial(data), partial.format == PartialResult.format
            else { return }
            decoded.lock.withLock { decoded.partials[index] = partial }
        }
        return try zip(files, decoded.partials).map { file, partial in
            guard let partial else { throw SetupError("\(file) is not a dnsim-events partial result") }
            return (file, partial)
        }
    }

    /// A shard file's partial result; a study's worlds stay JSON text until each is placed (`StudyWorldsSplit`), so
    /// memory grows by the files, not by every world's statistics. A file the split does not fit is decoded whole.
    public static func decodePartial(_ data: Data) -> PartialResult? {
        if let split = StudyWorldsSplit.split([UInt8](data)),
            var partial = try? JSONDecoder().decode(PartialResult.self, from: Data(split.rest)),
            partial.study?.worlds.isEmpty == true
        {
            let texts = split.worlds.map { Data($0) }
            if let headers = try? texts.map(WorldResult.header) {
                partial.study?.worlds = headers
                partial.study?.encodedWorlds = texts
                return partial
            }
        }
        return try? JSONDecoder().decode(PartialResult.self, from: data)
    }

    /// The `shard-*.json` files directly in `folder`, sorted (none when it is not a folder).
    static func shardFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("shard-") && $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }
}

/// A shard file whose numbers cannot be right: its path, the field and why (exit 2).
public struct DamagedShard: Error, Sendable, CustomStringConvertible {
    public var description: String
}
