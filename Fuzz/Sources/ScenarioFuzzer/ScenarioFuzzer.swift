import DNSimCore
import DNSimScenario
import Foundation

// libFuzzer calls `LLVMFuzzerTestOneInput` with each input. The whole input is a scenario
// file: it is loaded, planned, its sweep points built, and any diagnostics rendered as the
// command line prints them; a scenario that loads is simulated for one device's first days. Every line of it is also given to the cron parser, and each
// expression that parses is expanded over a few days in UTC and in a zone with DST.
//
// A crash, an assertion, a sanitizer report, a run over -timeout seconds or over
// -rss_limit_mb is a finding. Diagnostics are the expected answer to bad input.

/// Sweeps larger than this are validated by the unit tests (HostileInputTests), not here: each point is a scenario
/// loaded and planned, so a larger grid spends the input's time on copies of one check (an input must take well under
/// a millisecond for the target's 2,000 executions a second; 16 points still reach every axis kind's code).
let maxFuzzedSweepPoints = 16

let zones = ["UTC", "America/New_York", "Pacific/Apia"].compactMap { ZonedCalendar(identifier: $0) }

func runScenario(_ bytes: [UInt8]) {
    let scenario: Scenario
    do {
        scenario = try ScenarioLoader.load(bytes: bytes, file: "fuzz.yaml")
    } catch {
        _ = error.description  // renders every diagnostic with its snippet and caret
        return
    }
    _ = scenario.headerComment
    // The plan of the first month: a year's charging and idle windows (DailyWindow) cost an input more than the
    // loading; what a longer span adds is the calendar's length, which validate and the unit tests check. A month may
    // hold no cycle (a schedule of May only, from January), and then does not plan: the whole span must.
    if case .success(let plan) = scenario.plan(devices: 1, days: min(scenario.days, plannedDays), seed: nil),
        plan.world.calendar.count > 0
    {
    } else {
        switch scenario.plan(devices: 1, days: nil, seed: nil) {
        case .success(let plan): precondition(plan.world.calendar.count > 0, "a loaded scenario has cycles")
        case .failure(let problem): preconditionFailure("validated scenario fails to plan: \(problem.message)")
        }
    }
    simulateBriefly(scenario)
    let points = scenario.sweep.reduce(1) { $0 * $1.values.count }
    guard points <= maxFuzzedSweepPoints else { return }
    do {
        let checked = try scenario.validated(devices: 1)
        for axis in scenario.sweep { _ = axis.labels }
        precondition(checked.sweepPoints.count == (scenario.sweep.isEmpty ? 0 : points))
    } catch {
        _ = error.description
    }
}

/// Every arm of one device in every fleet segment over the scenario's first days: a model that loops, piles up events
/// or trips a precondition on some world shows here as a timeout, an out-of-memory or a crash. The arms run on their
/// simulators directly, not through a run's accumulators, whose histograms (four of ~35,000 buckets per arm, zeroed
/// and walked under AddressSanitizer) cost more than the simulation itself.
func simulateBriefly(_ scenario: Scenario) {
    guard case .success(let plan) = scenario.plan(devices: 1, days: min(scenario.days, simulatedDays), seed: nil),
        plan.world.calendar.count > 0
    else { return }
    for configuration in plan.segmentWorlds {
        let shared = DeviceWorld(configuration: configuration, seed: plan.seed)
        // A device whose conditions are its own (`perDevice`) lives in a world built for it, as `DeviceRunner` builds it.
        let world =
            configuration.perDevice.isEmpty
            ? shared
            : DeviceWorld(
                configuration: DeviceValue.configuration(configuration, device: 0, random: shared.random),
                seed: plan.seed)
        world.generate(device: 0)
        for arm in plan.arms {
            let log = ArmSimulator(arm: arm, world: world).run(world)
            precondition(
                log.cycles.count <= max(world.configuration.calendar.count, Int(log.activity[.updates])),
                "one record per cycle")
        }
    }
}

/// Days simulated per input: enough for a day's rules (Doze, the standby buckets' quotas, a held alarm, the next
/// cycle's window) to act, few enough for the target's rate; the unit tests' generated scenarios
/// (`AccountingInvariantTests`) run every rule over longer spans.
let simulatedDays = 3
let plannedDays = 31

func runCron(_ bytes: [UInt8]) {
    let text = String(decoding: bytes.prefix(4_096), as: UTF8.self)
    for line in text.split(whereSeparator: \.isNewline).prefix(64) {
        // The schedule of `schedule: "…"` lines, or the whole line.
        var candidate = Substring(line)
        if let colon = candidate.firstIndex(of: ":") { candidate = candidate[candidate.index(after: colon)...] }
        candidate = Substring(candidate.trimmingCharacters(in: CharacterSet(charactersIn: " \"'{}")))
        let cron: CronExpression
        do {
            cron = try CronExpression(String(candidate))
        } catch {
            _ = error.description
            continue
        }
        for zone in zones {
            let start = zone.startOfDay(year: 2027, month: 3, day: 13)
            let end = zone.startOfDay(year: 2027, month: 3, day: 16)
            let times = zone.occurrences(of: cron, from: start, to: end)
            precondition(
                zone.occurrenceCount(of: cron, from: start, to: end) == times.count,
                "count \(cron.text) in \(zone.identifier)")
            precondition(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "occurrences ascend")
            let latest = zone.latestOccurrences(of: cron, atOrBefore: times, lookBackDays: 2)
            precondition(latest == times, "each occurrence is its own latest")
            _ = zone.nextOccurrence(of: cron, after: end)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    runScenario(bytes)
    runCron(bytes)
    return 0
}

typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

// The C entry point's own name.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzCallback
) -> CInt

/// The program's entry point (see Package.swift): hands the command line to libFuzzer.
@_cdecl("ScenarioFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
}
