import DNSimEvents
import Foundation
import FuzzSupport

// libFuzzer calls `LLVMFuzzerTestOneInput` with each input: the files of a baseline folder as
// `check --baseline DIR` reads them. The bytes before the first `==> manifest.json <==` line are
// `summary.csv`, those after it `manifest.json` (no marker: the folder has no manifest), up to a
// `==> decision.json <==` line, after which comes a study's `decision.json` (none without it). They are
// written to a folder of their own and go through what `check` does with a baseline for the tiny
// scenario (FuzzSupport): `BaselineReport.load`, the definitions adopted from the manifest, the
// comparability checks, the candidate run under those definitions, `ScenarioCheck` against it and
// every rendering of the verdict (console lines, JSON, JUnit, annotations, step summary).
//
// A `LoadError`, a setup error or a failed check is the expected answer. A crash, a failed
// precondition, a sanitizer report, a timeout or an out-of-memory is a finding.

let marker = Array("==> manifest.json <==\n".utf8)
let decisionMarker = Array("==> decision.json <==\n".utf8)

let folder: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(base)/dnsim-baseline-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

let scenario = TinyScenario.scenario
let basePlan = TinyScenario.plan(scenario)!

/// The candidate run per set of definitions (a manifest may record any), with its summary table (`ReportContext.summary`
/// computes it from the histograms at each use: a fifth of an input's time when it was not kept): each is the whole
/// tiny run, so the last few are kept.
typealias Candidate = (context: ReportContext, summary: SummaryTable, thresholds: [(String, ThresholdShare)])
nonisolated(unsafe) var candidates: [String: Candidate] = [:]

func candidate(_ scenario: Scenario) -> Candidate? {
    let key = scenario.definitions.description
    if let kept = candidates[key] { return kept }
    guard let plan = TinyScenario.plan(scenario) else { return nil }
    let context = TinyScenario.run(scenario, plan)
    if candidates.count >= 8 { candidates.removeAll() }  // each holds its histograms, about 1 MB
    candidates[key] = (
        context, context.summary,
        context.plan.arms.enumerated().map { ($1.name, ThresholdShare(context.result.arms[$0])) }
    )
    return candidates[key]
}

/// The tiny scenario's own report: checked against itself it must pass, strictly.
let own = candidate(scenario)!.context
let ownSummary = Array(SummaryCSV.render(own).utf8)
let ownManifest = Array(RunManifest(own).json.utf8)

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    writeSeedsIfAsked([("tiny-report.txt", ownSummary + marker + ownManifest)])
    return 0
}

func split(_ bytes: [UInt8]) -> (summary: [UInt8], manifest: [UInt8]?, decision: [UInt8]?) {
    let (summary, rest) = cut(bytes, at: marker)
    guard let rest else { return (summary, nil, nil) }
    let (manifest, decision) = cut(rest, at: decisionMarker)
    return (summary, manifest, decision)
}

/// The bytes before the first `marker` and those after it, or all of them and nil.
func cut(_ bytes: [UInt8], at marker: [UInt8]) -> ([UInt8], [UInt8]?) {
    guard bytes.count >= marker.count else { return (bytes, nil) }
    for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
        if bytes[start..<(start + marker.count)].elementsEqual(marker) {
            return (Array(bytes[..<start]), Array(bytes[(start + marker.count)...]))
        }
    }
    return (bytes, nil)
}

func write(_ bytes: [UInt8]?, _ name: String) {
    let path = "\(folder)/\(name)"
    guard let bytes else {
        try? FileManager.default.removeItem(atPath: path)
        return
    }
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        fatalError("cannot write \(path)")
    }
}

func checkBaseline(_ bytes: [UInt8]) {
    let (summaryBytes, manifestBytes, decisionBytes) = split(bytes)
    write(summaryBytes, "summary.csv")
    write(manifestBytes, "manifest.json")
    write(decisionBytes, "decision.json")

    // CheckRun.setUp: the baseline, read and found comparable before anything runs.
    let report: BaselineReport
    do {
        report = try BaselineReport.load(folder, scenario: scenario.name)
    } catch {
        _ = error.description
        return
    }
    precondition(report.manifest != nil, "a loaded baseline has its manifest")
    // A decision.json that loads holds every arm its manifest lists (issue 44, item 5).
    if let decision = report.decision, let manifest = report.manifest {
        for arm in manifest.arms {
            precondition(
                decision.platforms.values.contains { $0.arms[arm] != nil },
                "a loaded decision.json holds every arm of its manifest")
        }
    }
    roundTrip(report.summary)
    var scenario = scenario
    var expected = RunManifest(
        scenario: scenario.name, seed: basePlan.seed, devices: basePlan.devices, days: scenario.days,
        arms: basePlan.arms.map(\.name))
    // CheckRun.baselineDefinitions: the tiny scenario sets no metrics: key, so it adopts the baseline's.
    var definitions = CheckDefinitions(values: scenario.definitions, source: .unrecorded, baselinePath: report.path)
    if let recorded = report.manifest?.definitions {
        let adopted = MetricDefinitions.keys.filter { scenario.definitions[$0] != recorded[$0] }
            .map { CheckDefinitions.Adopted(key: $0, own: scenario.definitions[$0]) }
        scenario.adopt(recorded)
        definitions = CheckDefinitions(values: recorded, source: .baseline, baselinePath: report.path, adopted: adopted)
        _ = definitions.sentence
    }
    expected.definitions = scenario.definitions
    guard comparable(report, expected) else { return }

    // CheckRun.check: the candidate, compared again as run, then checked.
    guard let (context, summary, thresholds) = candidate(scenario) else { return }
    guard comparable(report, RunManifest(context)) else { return }
    var checks: [ScenarioCheck] = []
    for strict in [false, true] {
        let check = ScenarioCheck(
            scenario: scenario, summary: summary, seed: context.plan.seed, devices: context.plan.devices,
            days: context.days, baseline: (report, .option), strict: strict, definitions: definitions,
            thresholds: thresholds, segments: context.segmentSummaries)
        _ = check.notes + check.regressionLines + [check.summaryLine]
        _ = CheckOutput.githubAnnotations(check)
        _ = CheckOutput.stepSummary(check)
        checks.append(check)
    }
    _ = CheckOutput.junit(checks)
    _ = CheckOutput.json(checks, exitCode: checks.allSatisfy(\.passed) ? 0 : 1)
    if summaryBytes == ownSummary && manifestBytes == ownManifest && decisionBytes == nil {
        precondition(checks.allSatisfy(\.passed), "the tiny scenario's own report passes against itself")
    }
}

/// CheckRun.comparable: a baseline of another scenario, seed, size or version is a setup error.
func comparable(_ report: BaselineReport, _ run: RunManifest) -> Bool {
    guard let manifest = report.manifest else { return true }
    let differences = run.differences(from: manifest)
    _ = differences.joined(separator: ", ")
    return differences.isEmpty
}

/// What `check` read is what a report writes back: rendering the table, reading it and rendering
/// it again gives the same text (a field the writer cannot quote so that it reads back is a finding;
/// a figure is compared as written, at its published precision).
func roundTrip(_ table: SummaryTable) {
    let text = SummaryCSV.render(table)
    do {
        let again = try SummaryCSVReader.read(text, file: "round-trip.csv")
        precondition(SummaryCSV.render(again) == text, "the round trip keeps every field of every row")
    } catch {
        preconditionFailure("a table read from a baseline does not read back once written: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkBaseline(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// The program's entry point (SwiftPM's `--defsym main=BaselineFuzzer_main`): hands the command line to libFuzzer.
@_cdecl("BaselineFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
