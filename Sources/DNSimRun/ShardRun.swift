import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// `--shard K/N`: one deterministic slice of the devices (of every sweep
/// point too) and of an uncertainty study's worlds, written as a partial result that `merge` combines.
public enum ShardRun {
    /// The partial result written: its file and the slice it holds (`devices 1–50, worlds 1–8 of 16`).
    public struct Written: Sendable, Equatable {
        public let file: String
        public let slice: String
    }

    public static func run(
        _ scenario: Scenario, points: [SweepPoint], worlds: [UncertaintyWorld] = [], shard: (Int, Int),
        _ overrides: RunOverrides, jobs: Int, out: String?
    ) throws -> Written {
        let (k, n) = shard
        guard let out else { throw UsageError("--shard needs --out DIR for its partial result") }
        if scenario.precision != nil && overrides.devices == nil {
            throw UsageError(
                "\(scenario.file) has a precision target, which decides the devices as it runs; give --devices to shard it"
            )
        }
        let plan = try ScenarioRuns.plan(scenario, overrides)
        let range = PartialResult.devices(shard: k, of: n, total: plan.devices)
        let result = ParallelRunner.run(plan: plan, jobs: jobs, devices: range)
        var pointResults: [SimulationResult]?
        if !points.isEmpty {
            pointResults = try points.map { point throws in
                ParallelRunner.run(plan: try ScenarioRuns.plan(point.scenario, overrides), jobs: jobs, devices: range)
            }
        }
        let shardOfStudy = try StudyRun.shard(scenario, worlds: worlds, shard: k, of: n, overrides, jobs: jobs)
        let study = shardOfStudy?.partial
        let bytes = [UInt8](FileManager.default.contents(atPath: scenario.file) ?? Data())
        let partial = PartialResult(
            format: PartialResult.format, toolVersion: ToolVersion.current, scenarioFile: scenario.file,
            scenarioDigest: PartialResult.digest(bytes), scenarioName: scenario.name, seed: String(plan.seed),
            devices: plan.devices, days: overrides.days ?? scenario.days, devicesOverride: overrides.devices,
            daysOverride: overrides.days, shard: k, shardCount: n, deviceRange: [range.lowerBound, range.upperBound],
            result: result,
            pointResults: pointResults, study: study)
        let name = "shard-\(k)-of-\(n).json"
        do {
            let bytes = try shardOfStudy.map { try partial.encoded(studyWorlds: $0.worlds) } ?? partial.encoded()
            try ReportWriter.write(
                [(name, String(decoding: bytes, as: UTF8.self) + "\n")], to: out,
                policy: OutputPathPolicy(inputs: [(scenario.file, "the scenario being run")]))
        } catch {
            let earlier = FileManager.default.fileExists(atPath: "\(out)/\(name)") ? "the \(name) already there" : nil
            throw OutputFailure.nothingWritten(to: ["\(out)/\(name)"], error, unchanged: earlier)
        }
        var slice = "devices \(range.lowerBound + 1)–\(range.upperBound)"
        if let study {
            let worlds = study.worldRange
            slice +=
                worlds[0] == worlds[1]
                ? ", none of the \(study.worldCount) worlds"
                : ", worlds \(worlds[0] + 1)–\(worlds[1]) of \(study.worldCount)"
        }
        return Written(file: "\(out)/\(name)", slice: slice)
    }
}
