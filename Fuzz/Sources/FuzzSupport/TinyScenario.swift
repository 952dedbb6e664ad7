import DNSimEvents
import Foundation

/// The scenario the baseline and shard fuzzers compare and merge with: small enough to run at
/// start-up in a moment, with two strategies (so a pair) and a one-point sweep, so `check` and
/// `merge` reach the arm, pair and sweep paths. One platform and one point, because every arm of
/// every result holds four 35k-bucket histograms that a shard decode, merge and render fill and
/// walk: each arm or point more roughly halves the shard fuzzer's executions per second. `Fuzz/corpus-baseline/tiny-*` and
/// `Fuzz/corpus-shard/tiny-*` were written from these exact bytes saved as `tiny.yaml`
/// (docs/fuzzing.md says how); change one and regenerate the other.
public enum TinyScenario {
    public static let file = "tiny.yaml"

    public static let text = """
        name: fuzz-tiny
        seed: 7
        devices: 4
        days: 3
        start: 2027-03-13
        timeZone: America/New_York
        plugin:
          contentFetch: { enabled: true, schedule: "25 18 * * *", callbacks: {} }
          userNotification: { enabled: true, schedule: "30 18 * * *", title: New Activity, body: Check your starred projects. }
          relationship: { autoLink: true, contentTimeout: 300000, fallbackBehavior: show_default }
        platforms:
          ios:
            fetchTask: { kind: appRefresh, delay: { lognormal: { median: 20m, sigma: 1.2 } }, never: 0.1, budget: 30s }
        fetch: { latency: { lognormal: { median: 800ms, sigma: 0.6 } }, failure: 0.05 }
        server: { updatesPerDay: 2, starredPlans: 4 }
        user: { appOpensPerDay: 1, forceQuitPerDay: 0.1, tokenLifetime: 4d }
        strategies:
          - independent
          - chained
        sweep:
          - { key: lead, values: [1h] }

        """

    public static var bytes: [UInt8] { Array(text.utf8) }

    /// The scenario, loaded as the command line loads `tiny.yaml`.
    public static let scenario: Scenario = {
        do { return try ScenarioLoader.load(bytes: bytes, file: file) } catch {
            fatalError("the tiny scenario does not load: \(error)")
        }
    }()

    /// Its plan with the command line's overrides (none, or a shard's recorded ones).
    public static func plan(_ scenario: Scenario, devices: Int? = nil, days: Int? = nil, seed: UInt64? = nil)
        -> SimulationPlan?
    {
        guard case .success(let plan) = scenario.plan(devices: devices, days: days, seed: seed) else { return nil }
        return plan
    }

    /// `dnsim-events tiny.yaml`'s context: the whole run, as `check` runs its candidate.
    public static func run(_ scenario: Scenario, _ plan: SimulationPlan) -> ReportContext {
        let outcome = Experiment(plan: plan, jobs: 1).run()
        return ReportContext(
            scenario: scenario, plan: outcome.plan, result: outcome.result, days: scenario.days,
            reproduceCommand: "dnsim-events \(file) --seed \(plan.seed)")
    }
}

/// `DNSIM_FUZZ_SEEDS=DIR Fuzz/.build/release/<target>` writes the target's seeds from the tiny
/// scenario (and `tiny.yaml` itself) into DIR and exits, instead of fuzzing: how the `tiny-*` seeds
/// were made, and how to remake them when a report or shard format changes.
public func writeSeedsIfAsked(_ seeds: @autoclosure () -> [(name: String, bytes: [UInt8])]) {
    guard let folder = ProcessInfo.processInfo.environment["DNSIM_FUZZ_SEEDS"], !folder.isEmpty else { return }
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, bytes) in [(TinyScenario.file, TinyScenario.bytes)] + seeds() {
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
    } catch {
        fatalError("cannot write the seeds to \(folder): \(error)")
    }
    _exit(0)  // not exit: the leak check at exit would report the globals
}
