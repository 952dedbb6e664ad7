import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// The accounting invariants of docs/model.md §2 and §4, checked on generated scenarios
/// (`GeneratedScenario`), not only on the shipped ones: every cycle counted once, a fetch serving
/// only its own window, nothing shown outside its cycle, updates conserved, and the same numbers
/// whatever the jobs, the shards or the other arms.
///
/// 200 scenarios by default, each checked for the per-device and per-arm invariants, and one in
/// four each for jobs, shards and arm removal (a debug build runs them about 200 times slower than
/// a release build); `DNSIM_LONG=1` (README, "Long tests") runs 2,000, each with every check.
/// A failure prints the scenario's key and the smallest scenario it shrinks to, ready to become
/// a fixed regression test; `DNSIM_INVARIANT_KEYS=1341,1437` checks only those keys, with every check.
final class AccountingInvariantTests: XCTestCase {
    static let chosenKeys: [UInt64]? = ProcessInfo.processInfo.environment["DNSIM_INVARIANT_KEYS"]
        .map { $0.split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) } }
    static let long = TestMode.long || chosenKeys != nil
    static var scenarioCount: Int { long ? 2_000 : 200 }
    static var keys: [UInt64] { chosenKeys ?? Array(0..<UInt64(scenarioCount)) }

    /// Which of the run-again checks a scenario gets: every one in the long mode.
    static func runsAgain(_ generated: GeneratedScenario, check: UInt64) -> Bool { long || generated.key % 4 == check }

    /// The scenarios are checked on two threads (a generated run is small and leaves a core idle);
    /// the first three failing keys, in key order whatever the threads, are shrunk and reported.
    func testInvariantsHoldOnGeneratedScenarios() throws {
        final class Failing: @unchecked Sendable {
            let lock = NSLock()
            var keys: [(key: UInt64, first: String)] = []
        }
        let failing = Failing()
        let workers = 2
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for key in stride(from: worker, to: Self.keys.count, by: workers).map({ Self.keys[$0] }) {
                guard let first = Self.violations(GeneratedScenario(key: key)).first else { continue }
                failing.lock.withLock { failing.keys.append((key, first)) }
            }
        }
        var failures =
            failing.keys.isEmpty ? [] : ["\(failing.keys.count) of \(Self.keys.count) scenarios fail; the first three:"]
        for (key, first) in failing.keys.sorted(by: { $0.key < $1.key }).prefix(3) {
            let smallest = GeneratedScenario(key: key).shrunk { !Self.violations($0).isEmpty }
            let reason = Self.violations(smallest).first ?? first
            failures.append("scenario key \(key): \(first)\nsmallest failing scenario (\(reason)):\n\(smallest.yaml)")
        }
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n\n"))
    }

    /// Scenarios the long run found failing, fixed since (docs/policy-changes.md): a moved time
    /// with a long lead (283, 498, 509), a time moved in the run's tail (1341, 1437) and an alert
    /// push held past the next F (1970). Checked in every run.
    func testScenariosTheLongRunFoundStayFixed() {
        for key: UInt64 in [283, 498, 509, 1341, 1437, 1970] {
            let problems = Self.violations(GeneratedScenario(key: key))
            XCTAssertTrue(problems.isEmpty, "scenario key \(key): \(problems.prefix(3).joined(separator: "; "))")
        }
    }

    /// The generator is a function of its key, and its scenarios are valid.
    func testTheGeneratorIsKeyedAndItsScenariosLoad() throws {
        XCTAssertEqual(GeneratedScenario(key: 41).yaml, GeneratedScenario(key: 41).yaml)
        XCTAssertNotEqual(GeneratedScenario(key: 41).yaml, GeneratedScenario(key: 42).yaml)
        var fleets = 0, sweeps = 0, studies = 0, onNews = 0, mixes = 0, strategies = Set<String>()
        for key in 0..<UInt64(200) {
            let generated = GeneratedScenario(key: key)
            let scenario = try ScenarioLoader.load(bytes: Array(generated.yaml.utf8), file: "generated-\(key).yaml")
            if !scenario.fleet.isEmpty { fleets += 1 }
            if !(try scenario.sweepPoints()).isEmpty { sweeps += 1 }
            if !(try scenario.uncertaintyWorlds()).isEmpty { studies += 1 }
            strategies.formUnion(generated.strategies)
            if generated.onNews != nil { onNews += 1 }
            if scenario.fleet.contains(where: { $0.platform != nil }) { mixes += 1 }
        }
        XCTAssertGreaterThan(fleets, 40, "fleets are generated")
        XCTAssertGreaterThan(sweeps, 30, "sweeps are generated")
        XCTAssertGreaterThan(studies, 20, "studies are generated")
        XCTAssertGreaterThan(onNews, 30, "onNews arms are generated")
        XCTAssertGreaterThan(mixes, 20, "platform-mix fleets are generated")
        XCTAssertEqual(strategies.count, GeneratedScenario.strategyChoices.count, "every strategy choice is generated")
    }

    /// The shrinker keeps only smaller scenarios that still fail, down to a fixed point.
    func testShrinkingFindsTheSmallestFailingScenario() {
        var scenario = GeneratedScenario(key: 5)
        scenario.devices = 20
        scenario.strategies = ["independent", "push", "chained"]
        // A made-up failure: push on at least 3 devices.
        let fails = { (candidate: GeneratedScenario) in candidate.devices >= 3 && candidate.strategies.contains("push")
        }
        let smallest = scenario.shrunk(while: fails)
        XCTAssertTrue(fails(smallest))
        XCTAssertEqual(smallest.strategies, ["push"])
        XCTAssertEqual(smallest.devices, 5, "20 → 10 → 5 by halving; 2 no longer fails")
        XCTAssertEqual(smallest.days, 2)
        XCTAssertTrue(smallest.fleet.isEmpty)
        XCTAssertFalse(smallest.smaller.contains(where: fails), "no smaller one still fails")
    }

    // MARK: The invariants

    /// Everything wrong with `generated`'s run, in words (empty when every invariant holds).
    static func violations(_ generated: GeneratedScenario) -> [String] {
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(bytes: Array(generated.yaml.utf8), file: "generated.yaml")
        } catch {
            return ["does not load: \(error)"]
        }
        guard case .success(let plan) = scenario.plan() else { return ["has no plan"] }
        var problems = runAndCheck(plan, generated)
        // Each sweep point and each study world is a plan of its own: the same invariants hold there.
        do {
            let variants =
                try scenario.sweepPoints().map { ("sweep point \($0.index + 1)", $0.scenario) }
                + scenario.uncertaintyWorlds().enumerated().map {
                    ("study world \($0.offset + 1)", $0.element.scenario)
                }
            for (name, variant) in variants {
                guard case .success(let plan) = variant.plan() else { return ["\(name) has no plan"] }
                problems += runAndCheck(plan, generated, rerun: false).map { "\(name): \($0)" }
            }
        } catch {
            return ["its sweep or study does not load: \(error)"]
        }
        return problems
    }

    /// Everything wrong with one plan's run; `rerun` adds the jobs, shards and arm-removal checks.
    static func runAndCheck(_ plan: SimulationPlan, _ generated: GeneratedScenario, rerun: Bool = true) -> [String] {
        let checker = CycleChecker(plan: plan)
        let result = ParallelRunner.run(plan: plan, jobs: 2, observers: [checker])
        var problems = checker.problems

        // Every cycle counted once: per arm and per segment, devices × cycles per device (without a
        // lifecycle; with one, each device's due cycles, which every arm of it shares).
        let perSegment = checker.devicesPerSegment
        let worlds = plan.segmentWorlds
        let due = checker.dueCycles
        let hasLifecycle = plan.world.user.disablePerDay > 0 || plan.world.user.timeChangePerDay > 0
        // A platform-mix segment runs only its platform's arms; an `onNews` arm counts the device's server updates,
        // which `CycleChecker.record` checks device by device against the updates every arm saw.
        let runsIn = { (arm: Int, segment: Int) in plan.fleet?.runs(plan.arms[arm].platform, in: segment) ?? true }
        let perUpdate = { (arm: Int) in plan.arms[arm].strategy.kind.measuresUpdates }
        for (arm, statistics) in result.arms.enumerated() {
            let expected =
                hasLifecycle || perUpdate(arm)
                ? due[arm].reduce(0, +)
                : perSegment.indices.filter { runsIn(arm, $0) }.reduce(Int64(0)) {
                    $0 + Int64(perSegment[$1]) * Int64(worlds[$1].calendar.count)
                }
            if statistics.cycles != expected {
                problems.append("\(plan.arms[arm].name): \(statistics.cycles) cycles, expected \(expected)")
            }
            let outcomes = CycleOutcome.allCases.reduce(Int64(0)) { $0 + statistics.count(.outcome($1)) }
            if outcomes != statistics.cycles {
                problems.append("\(plan.arms[arm].name): outcomes add up to \(outcomes) of \(statistics.cycles)")
            }
            // `within_age` exactly when `metrics.maxContentAge` is set, counting only cycles shown with API content.
            let name = plan.arms[arm].name, shown = statistics.count(.fresh) + statistics.count(.stale)
            if (statistics.withinAge != nil) != (plan.maxContentAge != nil) {
                let age = plan.maxContentAge.map(String.init) ?? "unset"
                problems.append("\(name): within_age measured \(statistics.withinAge != nil), maxContentAge \(age)")
            } else if let within = statistics.withinAge, within.count > shown {
                problems.append("\(name): within_age \(within.count) exceeds fresh + stale (\(shown))")
            }
        }
        if let segments = result.segments {
            for (segment, arms) in segments.enumerated() {
                for (arm, statistics) in arms.enumerated() {
                    let expected =
                        !runsIn(arm, segment)
                        ? 0
                        : hasLifecycle || perUpdate(arm)
                            ? due[arm][segment]
                            : Int64(perSegment[segment]) * Int64(worlds[segment].calendar.count)
                    if !runsIn(arm, segment) && due[arm][segment] != 0 {
                        problems.append(
                            "segment \(segment), \(plan.arms[arm].name): runs on a segment of the other platform")
                    }
                    guard statistics.cycles != expected else { continue }
                    problems.append(
                        "segment \(segment), \(plan.arms[arm].name): \(statistics.cycles) cycles, expected \(expected)")
                }
            }
        }

        // The same result for any number of jobs, and for shards merged.
        guard rerun else { return problems }
        if runsAgain(generated, check: 0), ParallelRunner.run(plan: plan, jobs: 1) != result {
            problems.append("--jobs 1 and --jobs 2 differ")
        }
        if runsAgain(generated, check: 1), plan.devices > 1 {
            let cut = plan.devices / 2
            var merged = ParallelRunner.run(plan: plan, jobs: 1, devices: 0..<cut)
            merged.merge(ParallelRunner.run(plan: plan, jobs: 2, devices: cut..<plan.devices))
            if merged != result { problems.append("two shards merged differ from the whole run") }
        }

        // Common random numbers: removing an arm changes no other arm's numbers.
        if runsAgain(generated, check: 2), plan.arms.count > 1 {
            let removed = Int(generated.key % UInt64(plan.arms.count))
            var fewer = plan
            fewer.arms.remove(at: removed)
            let kept = Array(result.arms.indices).filter { $0 != removed }
            let others = ParallelRunner.run(plan: fewer, jobs: 2)
            for (index, arm) in kept.enumerated() where others.arms[index] != result.arms[arm] {
                problems.append("removing \(plan.arms[removed].name) changes \(plan.arms[arm].name)")
            }
        }
        return problems
    }

    /// Checks each device's log as the run makes it.
    final class CycleChecker: RunObserver, @unchecked Sendable {
        let plan: SimulationPlan
        private let lock = NSLock()
        private var found: [String] = []
        private var segmentDevices: [Int]
        /// Due cycles (an `onNews` arm: updates) per arm and segment; each device's due cycles on its first cron arm, and
        /// the server updates its first arm saw.
        private var due: [[Int64]]
        private var deviceDue: [Int: Int] = [:]
        private var deviceUpdates: [Int: Int] = [:]

        init(plan: SimulationPlan) {
            self.plan = plan
            segmentDevices = Array(repeating: 0, count: plan.segmentWorlds.count)
            due = Array(repeating: Array(repeating: 0, count: plan.segmentWorlds.count), count: plan.arms.count)
        }

        var problems: [String] { lock.withLock { found } }
        var devicesPerSegment: [Int] { lock.withLock { segmentDevices } }
        var dueCycles: [[Int64]] { lock.withLock { due } }

        func observe(devices: Range<Int>) -> any ChunkObserver { Chunk(checker: self) }

        func record(device: Int, arm: Int, _ log: DeviceLog) {
            let perUpdate = plan.arms[arm].strategy.kind.measuresUpdates
            var problems =
                perUpdate
                ? Self.updateProblems(log, freshWithin: plan.world.freshWithin)
                : Self.problems(log, arm: plan.arms[arm])
            let dueHere = log.cycles.count, updates = Int(log.activity[.updates])
            lock.withLock {
                // A device counts once, on the first arm it runs (a platform-mix device runs only its platform's).
                if deviceUpdates[device] == nil { segmentDevices[log.segment] += 1 }
                due[arm][log.segment] += Int64(dueHere)
                // Every arm of a device sees the same server, and every cron arm has the same due cycles (docs/lifecycle.md).
                if let first = deviceUpdates[device], first != updates {
                    problems.append("\(updates) server updates, another arm of the device saw \(first)")
                } else {
                    deviceUpdates[device] = updates
                }
                if perUpdate {
                    // Checked in `updateProblems`: one record per update.
                } else if let first = deviceDue[device], first != dueHere {
                    problems.append("\(dueHere) due cycles, another arm of the device has \(first)")
                } else {
                    deviceDue[device] = dueHere
                }
                found += problems.prefix(3).map { "device \(device + 1), \(plan.arms[arm].name), \($0)" }
            }
        }

        /// What is wrong with one device's cycles on one arm: without a lifecycle every cycle of
        /// its calendar once, in order; with one, each cycle once, either due (in the log) or off.
        static func problems(_ log: DeviceLog, arm: Arm) -> [String] {
            guard let calendar = log.calendar else { return ["no calendar in the log"] }
            var problems: [String] = []
            let cycles = log.cycles.map(\.cycle)
            let off = Int(log.activity[.offCycles])
            if zip(cycles, cycles.dropFirst()).contains(where: { $0 >= $1 })
                || cycles.contains(where: { $0 >= calendar.count })
                || cycles.count + off != calendar.count
            {
                problems.append(
                    "cycles \(cycles.map { $0 + 1 }) and \(off) off instead of 1–\(calendar.count), once each")
            }
            for record in log.cycles where record.cycle < calendar.count {
                let cycle = record.cycle, name = "cycle \(cycle + 1) (\(record.outcome.name))"
                let notifyTime = calendar.notifyTimes[cycle]
                guard record.outcome.isShown else {
                    if record.shownAt != nil || record.lateness != nil || record.contentAge != nil {
                        problems.append("\(name): not shown, yet has a display time, lateness or content age")
                    }
                    continue
                }
                guard let shownAt = record.shownAt, let lateness = record.lateness else {
                    problems.append("\(name): shown without a display time")
                    continue
                }
                if shownAt < notifyTime { problems.append("\(name): shown \(notifyTime - shownAt) ms before its T") }
                // The window rules bound delivery; Focus and Scheduled Summary may hold it past the next T.
                if shownAt - record.heldFor > calendar.nextNotifyTime(after: cycle) {
                    problems.append("\(name): delivered after the next cycle's T")
                }
                if lateness != max(0, shownAt - notifyTime) {
                    problems.append("\(name): lateness \(lateness) for display − T = \(shownAt - notifyTime)")
                }
                if (record.contentAge != nil) == (record.outcome == .fallback) {
                    problems.append("\(name): content age \(String(describing: record.contentAge))")
                }
                guard let age = record.contentAge, let fetchedAt = record.contentFetchedAt else { continue }
                if age < 0 { problems.append("\(name): content age \(age) ms") }
                if record.outcome == .fresh && fetchedAt < calendar.fetchTimes[cycle] {
                    problems.append("\(name): fresh with content fetched before the cycle's F")
                }
                // `earlyFetch: arm` knows no windows (docs/model.md §2): its rule is its own.
                if arm.strategy.earlyFetch == .cache, let end = calendar.windowEnd(of: cycle), fetchedAt >= end {
                    problems.append(
                        "\(name): shows content fetched in cycle \(calendar.windowCycle(from: cycle, holding: fetchedAt) + 1)'s window"
                    )
                }
            }
            let shown = Int64(log.updateDelays.count), lost = Int64(log.activity[.lostUpdates]),
                acked = Int64(log.activity[.acked])
            if shown + lost != acked { problems.append("updates: \(shown) shown + \(lost) lost ≠ \(acked) acked") }
            return problems
        }

        /// What is wrong with one device's updates on an `onNews` arm: one record per server update of the run, in order,
        /// each shown no earlier than its publication, its lateness the wait, fresh exactly when within `freshWithin`.
        static func updateProblems(_ log: DeviceLog, freshWithin: Millis) -> [String] {
            var problems: [String] = []
            let numbers = log.cycles.map(\.cycle)
            if numbers != Array(0..<log.cycles.count) || log.cycles.count != Int(log.activity[.updates]) {
                problems.append(
                    "\(log.cycles.count) update records numbered \(numbers.prefix(5))…, for \(log.activity[.updates]) updates"
                )
            }
            if zip(log.cycles, log.cycles.dropFirst()).contains(where: { $0.notifyTime > $1.notifyTime }) {
                problems.append("updates out of publication order")
            }
            var shown = 0
            for record in log.cycles {
                let name = "update \(record.cycle + 1) (\(record.outcome.name))"
                guard record.outcome.isShown else {
                    if record.shownAt != nil || record.lateness != nil {
                        problems.append("\(name): not shown, yet has a display time")
                    }
                    continue
                }
                shown += 1
                guard let shownAt = record.shownAt, let lateness = record.lateness else {
                    problems.append("\(name): shown without a display time")
                    continue
                }
                if shownAt < record.notifyTime { problems.append("\(name): shown before it was published") }
                if lateness != shownAt - record.notifyTime {
                    problems.append("\(name): lateness \(lateness) for a wait of \(shownAt - record.notifyTime)")
                }
                if (record.outcome == .fresh) != (lateness <= freshWithin) {
                    problems.append("\(name): wait \(lateness) ms, freshWithin \(freshWithin)")
                }
                if let age = record.contentAge, age < 0 || age > lateness {
                    problems.append("\(name): content age \(age) ms")
                }
            }
            if Int(log.activity[.updatesFresh]) != log.cycles.count(where: { $0.outcome == .fresh }) {
                problems.append("updates_fresh \(log.activity[.updatesFresh]) is not the fresh records' count")
            }
            let lost = Int(log.activity[.lostUpdates]), acked = Int(log.activity[.acked])
            if shown + lost != acked { problems.append("updates: \(shown) shown + \(lost) lost ≠ \(acked) acked") }
            return problems
        }

        final class Chunk: ChunkObserver {
            let checker: CycleChecker
            init(checker: CycleChecker) { self.checker = checker }
            func simulated(device: Int, arm: Int, _ log: DeviceLog) { checker.record(device: device, arm: arm, log) }
            func finish() {}
        }
    }
}
