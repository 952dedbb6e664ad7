import DNSimAnalysis
import DNSimCore
import DNSimScenario
import Foundation

/// `compare A B`: runs two scenarios on the same devices and gives, for every arm both run,
/// the paired difference B − A of each rate (`ScenarioComparison`).
///
/// What may differ: levers and conditions (that is the comparison), the fetch schedule, the
/// fleet, the arms (matched by name; the others are listed). What may not, since no device of
/// A would then pair with a device of B over the same cycles: the seed, the devices and the
/// days unless `--seed`, `--devices` or `--days` sets them for both; the start, the time zone
/// and the notification times. Those are refused (exit 2) at B's key, naming A's value. B is
/// counted under A's metric definitions, as `check` counts a run under its baseline's: one it
/// leaves to its default (a new lead's `freshWithin`) takes A's, one it sets otherwise is refused.
public enum ScenarioComparisonRun {
    /// Two scenarios found comparable, with their plans.
    public struct Setup: Sendable {
        public var a: Scenario
        /// B, counted under A's definitions.
        public var b: Scenario
        public var planA: SimulationPlan
        public var planB: SimulationPlan
        public var overrides: RunOverrides
        /// The shared arms, in A's order: the name and the index in each plan.
        public var matched: [(name: String, indices: PairedScenarioRunner.PairIndices)]
        /// B's own values of the definitions it takes from A, where they differ.
        public var adopted: [(key: String, own: Millis)]
        /// What the comparison leaves out of either file (a sweep, a study, a precision target).
        public var notes: [String]
    }

    /// Checks that `a` and `b` can be compared and plans both; every reason they cannot is a
    /// diagnostic at B's key (exit 2), before anything runs.
    public static func setUp(_ a: Scenario, _ b: Scenario, _ overrides: RunOverrides) throws -> Setup {
        try ScenarioRuns.checkPlatform(a, overrides)
        try ScenarioRuns.checkPlatform(b, overrides)
        let marksA = KeyMarks(a), marksB = KeyMarks(b)
        var problems: [Diagnostic] = []
        func differs(_ key: String, _ valueA: String, _ valueB: String, _ remedy: String) {
            guard valueA != valueB else { return }
            let there = marksA.mark(key).map { "\(a.file):\($0)" } ?? "\(a.file) (its default)"
            problems.append(marksB.diagnostic(key, "\(key) is \(valueB) here, but \(valueA) in \(there); \(remedy)"))
        }
        if overrides.seed == nil {
            differs(
                "seed", String(a.seed), String(b.seed),
                "compare runs both on the same random devices only with one seed: pass --seed N to run both with N")
        }
        if overrides.devices == nil {
            differs(
                "devices", String(a.devices), String(b.devices),
                "device i of one run pairs with device i of the other, so both need one count: pass --devices N")
        }
        if overrides.days == nil {
            differs(
                "days", String(a.days), String(b.days),
                "the two would simulate other cycles: pass --days N to run both for N days")
        }
        differs(
            "start", a.start.description, b.start.description,
            "the two would simulate other days, so no cycle pairs with another: give both the same start")
        differs(
            "timeZone", a.timeZone.identifier, b.timeZone.identifier,
            "their cycles would fall at other instants, so no cycle pairs with another: give both the same timeZone")
        if !problems.isEmpty { throw DiagnosticList(problems) }

        var b = b
        let adopted = try definitions(a, &b, marksB)
        let planA = try ScenarioRuns.plan(a, overrides)
        let planB = try ScenarioRuns.plan(b, overrides)
        guard planA.world.calendar.notifyTimes == planB.world.calendar.notifyTimes else {
            throw DiagnosticList([
                marksB.diagnostic(
                    "plugin.userNotification.schedule",
                    "plugin.userNotification.schedule '\(b.notifySchedule.text)' here notifies at other times than '\(a.notifySchedule.text)' in "
                        + "\(a.file): every rate counts cycles, and compare pairs each device's cycles in A with the same cycles in B, "
                        + "so both must notify at the same times (the fetch schedule may differ)")
            ])
        }
        let namesB = planB.arms.map(\.name)
        var matched: [(name: String, indices: PairedScenarioRunner.PairIndices)] = []
        for (index, arm) in planA.arms.enumerated() {
            if let other = namesB.firstIndex(of: arm.name) { matched.append((arm.name, .init(a: index, b: other))) }
        }
        guard !matched.isEmpty else {
            throw SetupError(
                "\(a.file) and \(b.file) share no arm (\(a.file): \(planA.arms.map(\.name).joined(separator: ", ")); "
                    + "\(b.file): \(namesB.joined(separator: ", "))): compare pairs arms of one name, e.g. chained/ios")
        }
        return Setup(
            a: a, b: b, planA: planA, planB: planB, overrides: overrides, matched: matched, adopted: adopted,
            notes: unique(notes(a, overrides) + notes(b, overrides)))
    }

    /// Runs both on the same devices (`PairedScenarioRunner`), with the feedback's progress.
    public static func run(_ setup: Setup, jobs: Int, feedback: RunFeedback) throws -> ScenarioComparison {
        let runner = PairedScenarioRunner(a: setup.planA, b: setup.planB, pairs: setup.matched.map(\.indices))
        let total = setup.planA.devices
        let bar = feedback.progress?("compare \(setup.a.name) \(setup.b.name)")
        var progress: (@Sendable (Int) -> Void)?
        if let bar { progress = { done in bar.update(done, of: total) } }
        let outcome = runner.run(jobs: jobs, progress: progress)
        bar?.finish()
        if let mismatch = outcome.cycleMismatch, mismatch.perUpdate {
            throw SetupError(
                "device \(mismatch.device) has \(mismatch.a) server updates in \(setup.a.file) but \(mismatch.b) in "
                    + "\(setup.b.file) (their servers publish differently), so an onNews arm's rates are over other updates and "
                    + "cannot be paired; compare scenarios with the same server, or without the onNews arm")
        }
        if let mismatch = outcome.cycleMismatch {
            throw SetupError(
                "device \(mismatch.device) has \(mismatch.a) due cycles in \(setup.a.file) but \(mismatch.b) in \(setup.b.file) "
                    + "(a fleet segment or the lifecycle moves its notification times), so its rates are over other cycles and "
                    + "cannot be paired; compare scenarios whose devices notify at the same times")
        }
        let matchedA = Set(setup.matched.map(\.indices.a)), matchedB = Set(setup.matched.map(\.indices.b))
        let onlyA = setup.planA.arms.indices.filter { !matchedA.contains($0) }.map {
            (setup.planA.arms[$0].name, outcome.a.arms[$0])
        }
        let onlyB = setup.planB.arms.indices.filter { !matchedB.contains($0) }.map {
            (setup.planB.arms[$0].name, outcome.b.arms[$0])
        }
        let matched = setup.matched.enumerated().map { index, arm in
            ScenarioComparison.Matched(
                name: arm.name, a: outcome.a.arms[arm.indices.a], b: outcome.b.arms[arm.indices.b],
                pair: outcome.pairs[index])
        }
        return ScenarioComparison(
            a: .init(file: setup.a.file, name: setup.a.name), b: .init(file: setup.b.file, name: setup.b.name),
            seed: setup.planA.seed, devices: setup.planA.devices, days: setup.overrides.days ?? setup.a.days,
            definitions: setup.a.definitions, adopted: setup.adopted, matched: matched, onlyInA: onlyA, onlyInB: onlyB,
            notes: setup.notes,
            reproduceCommand: reproduceCommand(setup.a, setup.b, seed: setup.planA.seed, setup.overrides))
    }

    /// `dnsim-events compare A B --seed S` with the other overrides given.
    public static func reproduceCommand(_ a: Scenario, _ b: Scenario, seed: UInt64, _ overrides: RunOverrides) -> String
    {
        var parts = ["dnsim-events", "compare", a.file, b.file, "--seed", String(seed)]
        if let devices = overrides.devices { parts += ["--devices", String(devices)] }
        if let days = overrides.days { parts += ["--days", String(days)] }
        if let platform = overrides.platform { parts += ["--platform", platform.rawValue] }
        return parts.map(ScenarioRuns.shellQuoted).joined(separator: " ")
    }

    /// B takes A's definitions: one B leaves to its default takes A's value (and is returned
    /// with B's own); one B sets to another value is refused at its key, as `check` refuses it
    /// (`deviceFreshBelow` and `maxContentAge` too: B's own would otherwise be replaced unsaid).
    static func definitions(_ a: Scenario, _ b: inout Scenario, _ marksB: KeyMarks) throws(DiagnosticList) -> [(
        key: String, own: Millis
    )] {
        let (mine, theirs) = (a.definitions, b.definitions)
        var adopted: [(key: String, own: Millis)] = []
        var problems: [Diagnostic] = []
        for difference in theirs.differences(from: mine) {
            let key = difference.key
            guard let mark = b.definitionMarks[key] else {
                if MetricDefinitions.keys.contains(key) { adopted.append((key, theirs[key])) }
                continue
            }
            problems.append(
                marksB.diagnostic(
                    at: mark,
                    "metrics.\(key) is \(difference.mine) here, but \(a.file) counts with \(difference.theirs), so the two "
                        + "rates would measure different things; set metrics.\(key): \(difference.theirs) here (or the same "
                        + "value in both)"))
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        b.adopt(mine)
        // A fleet's segments are scenarios of their own, each counting with its own definitions.
        for index in b.fleet.indices { b.fleet[index].scenario.adopt(mine) }
        return adopted
    }

    /// `lines` without repeats (a file compared with itself says each note once), in order.
    static func unique(_ lines: [String]) -> [String] {
        var seen = Set<String>()
        return lines.filter { seen.insert($0).inserted }
    }

    /// What of `scenario` compare does not run: it compares the scenarios as written.
    static func notes(_ scenario: Scenario, _ overrides: RunOverrides) -> [String] {
        var notes: [String] = []
        if !scenario.sweep.isEmpty {
            notes.append("\(scenario.file)'s sweep is not run: compare runs each scenario as written")
        }
        if scenario.uncertainty != nil {
            notes.append("\(scenario.file)'s uncertainty study is not run: compare runs each scenario as written")
        }
        if scenario.precision != nil && overrides.devices == nil {
            notes.append(
                "\(scenario.file)'s precision target is not applied: compare runs its devices: (\(scenario.devices)); --devices N runs more"
            )
        }
        return notes
    }
}
