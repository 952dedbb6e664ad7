import DNSimEvents
import Foundation
import FuzzSupport

// libFuzzer calls `LLVMFuzzerTestOneInput` with each input: the bytes of a `shard-K-of-N.json`.
// It goes through what `merge` does with a folder holding it and the other shard of a two-shard
// run of the tiny scenario (FuzzSupport; both shards computed at start-up): the decode and format
// check of `MergeRun.readPartials`, `ShardSet` (the header checks and the run's identity), the
// scenario path and digest, the plan under the recorded overrides, `check` against it, the
// overflow-checked merge of the base run and of every sweep point, and every report file rendered
// in memory (csv, md with its charts, json, the sweep's files).
//
// A mismatch or a damaged-shard message is the expected answer. A crash, a failed precondition,
// a sanitizer report, a timeout or an out-of-memory is a finding.

let scenario = TinyScenario.scenario
let plan = TinyScenario.plan(scenario)!
let points = try! scenario.sweepPoints()

/// Shard `k` of 2, as `dnsim-events tiny.yaml --shard k/2 --out DIR` writes it (ShardRun).
func shard(_ k: Int) -> PartialResult {
    let range = PartialResult.devices(shard: k, of: 2, total: plan.devices)
    let result = ParallelRunner.run(plan: plan, jobs: 1, devices: range)
    let pointResults = points.map { ParallelRunner.run(plan: TinyScenario.plan($0.scenario)!, jobs: 1, devices: range) }
    return PartialResult(
        format: PartialResult.format, toolVersion: ToolVersion.current, scenarioFile: TinyScenario.file,
        scenarioDigest: PartialResult.digest(TinyScenario.bytes), scenarioName: scenario.name, seed: String(plan.seed),
        devices: plan.devices, days: scenario.days, devicesOverride: nil, daysOverride: nil, shard: k, shardCount: 2,
        deviceRange: [range.lowerBound, range.upperBound], result: result, pointResults: pointResults)
}

let shards = [shard(1), shard(2)]
/// As ShardRun writes them: the encoded partial result and a line break.
let encoded = shards.map { Array(try! $0.encoded()) + [0x0A] }
/// The report files of one unsharded run: merging the two real shards must give exactly these.
let single = render(
    TinyScenario.run(scenario, plan),
    points.map { point in
        let pointPlan = TinyScenario.plan(point.scenario)!
        return (pointPlan, TinyScenario.run(point.scenario, pointPlan).result)
    })

/// MergeRun's report: the base run's files and the sweep's, as text in memory.
func render(_ context: ReportContext, _ pointResults: [(plan: SimulationPlan, result: SimulationResult)]) -> [String] {
    var sweep = SweepReport(scenario: scenario, seed: context.plan.seed, reproduceCommand: context.reproduceCommand)
    for (point, (pointPlan, result)) in zip(points, pointResults) {
        sweep.add(
            point,
            ReportContext(
                scenario: point.scenario, plan: pointPlan, result: result, days: context.days,
                reproduceCommand: context.reproduceCommand))
    }
    return ReportWriter.files(context, formats: ["csv", "md", "json"], sweep: points.isEmpty ? nil : sweep).map {
        "\($0.0)\n\($0.1)"
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    writeSeedsIfAsked(encoded.enumerated().map { ("shard-\($0.offset + 1)-of-2.json", $0.element) })
    return 0
}

func merge(_ bytes: [UInt8]) {
    // MergeRun.readPartials.
    guard let partial = try? JSONDecoder().decode(PartialResult.self, from: Data(bytes)),
        partial.format == PartialResult.format
    else { return }
    let other = partial.shard == 1 ? shards[1] : shards[0]
    let partials = [
        ("DIR/shard-\(partial.shard)-of-\(partial.shardCount).json", partial),
        ("DIR/shard-\(other.shard)-of-2.json", other),
    ]
    .sorted { $0.0 < $1.0 }
    let set: ShardSet
    do {
        set = try ShardSet(partials)
    } catch {
        _ = error.description
        return
    }
    let first = set.first
    guard first.scenarioFile == TinyScenario.file, PartialResult.digest(TinyScenario.bytes) == first.scenarioDigest
    else { return }
    // ScenarioRuns.plan under the shards' recorded overrides.
    guard
        let plan = TinyScenario.plan(
            scenario, devices: first.devicesOverride, days: first.daysOverride, seed: UInt64(first.seed))
    else { return }
    let merged: SimulationResult
    do {
        try set.check(plan: plan)
        merged = try set.merged(into: SimulationResult(plan: plan))
    } catch {
        _ = error.description
        return
    }
    var pointResults: [(plan: SimulationPlan, result: SimulationResult)] = []
    for (index, point) in points.enumerated() {
        guard
            let pointPlan = TinyScenario.plan(
                point.scenario, devices: first.devicesOverride, days: first.daysOverride,
                seed: UInt64(first.seed))
        else { return }
        do {
            try set.check(plan: pointPlan, point: index)
            pointResults.append((pointPlan, try set.mergedPoint(index, into: SimulationResult(plan: pointPlan))))
        } catch {
            _ = error.description
            return
        }
    }
    let context = ReportContext(
        scenario: scenario, plan: plan, result: merged, days: first.days,
        reproduceCommand: "dnsim-events \(TinyScenario.file) --seed \(plan.seed)")
    let files = render(context, pointResults)
    if encoded.contains(bytes) {
        precondition(files == single, "merging the two real shards gives the single run's reports, byte for byte")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    merge(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// The program's entry point (SwiftPM's `--defsym main=ShardFuzzer_main`): hands the command line to libFuzzer.
@_cdecl("ShardFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
