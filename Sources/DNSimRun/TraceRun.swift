import DNSimCore
import DNSimScenario

/// `trace`'s use case: one device's timeline for one arm, in its segment's local time, with the
/// exact text of every notification shown. It simulates that device alone, in the world a run
/// gives it (its fleet segment, its per-device conditions), and prints nothing.
public enum TraceRun {
    /// One event of the timeline, with its times already local.
    public struct Entry: Sendable {
        public let epochMs: Int64
        /// `2027-03-28 09:00:00`, in the device's time zone.
        public let localTime: String
        /// The simulated day, 1-based.
        public let day: Int
        /// The cycle, 1-based, or nil for an event of no cycle.
        public let cycle: Int?
        public let kind: String
        /// The sentence a person reads, its times local.
        public let detail: String
        public let title: String?
        public let body: String?
    }

    /// What was traced.
    public struct Trace: Sendable {
        public let scenario: String
        public let device: Int
        /// The device's fleet segment, when the run keeps segments apart.
        public let segment: String?
        public let arm: String
        /// The days asked for (1-based), or nil for all.
        public let days: ClosedRange<Int>?
        public let seed: UInt64
        public let timeZone: String
        public let entries: [Entry]
    }

    /// Traces `device` (1-based) on the arm named `arm` of the scenario at `file`; `days` turns
    /// the scenario's first local date and day count into the days to keep (nil keeps all).
    public static func trace(
        _ file: String, device: Int, arm armName: String?, _ overrides: RunOverrides,
        days: ((_ start: Scenario.LocalDate, _ count: Int) throws -> ClosedRange<Int>)?,
        feedback: RunFeedback
    ) throws -> Trace {
        let scenario = try ScenarioRuns.load([file], feedback: feedback)[0]
        let plan = try ScenarioRuns.plan(scenario, overrides)
        guard device <= plan.devices else {
            throw UsageError("--device \(device) is beyond the scenario's \(plan.devices) devices")
        }
        let selectedDays = try days?(scenario.start, overrides.days ?? scenario.days)
        let names = plan.arms.map(\.name)
        guard let armName else { throw UsageError("trace needs --arm, one of \(names.joined(separator: ", "))") }
        guard let arm = plan.arms.first(where: { $0.name == armName }) else {
            throw UsageError("no arm '\(armName)'; arms are \(names.joined(separator: ", "))" + armHint(armName, names))
        }
        // The device runs in its fleet segment's world, as in a run, and its times are that
        // segment's local times (a segment may set its own time zone).
        let segment = plan.fleet.map { $0.segment(of: device - 1, random: KeyedRandom(seed: plan.seed)) } ?? 0
        let zone = segment < scenario.fleet.count ? scenario.fleet[segment].scenario.timeZone : scenario.timeZone
        let startDay = ZonedCalendar.dayNumber(
            year: scenario.start.year, month: scenario.start.month, day: scenario.start.day)
        func dayNumber(_ millis: Millis) -> Int {
            let fields = zone.localFields(millis)
            return ZonedCalendar.dayNumber(year: fields.year, month: fields.month, day: fields.day) - startDay + 1
        }

        let recorder = Recorder()
        // A device with per-device conditions runs with its own values, as in a run.
        let configuration = DeviceValue.configuration(
            plan.segmentWorlds[segment], device: device - 1, random: KeyedRandom(seed: plan.seed))
        let world = DeviceWorld(configuration: configuration, seed: plan.seed)
        let simulator = ArmSimulator(arm: arm, world: world)
        simulator.tracer = recorder
        world.generate(device: device - 1)
        _ = simulator.run(world)

        let localTime = { (millis: Millis) in zone.localFields(millis).formatted }
        let range = selectedDays ?? 1...Int.max
        let entries = recorder.inTimeOrder.filter { range.contains(dayNumber($0.time)) }.map { entry in
            Entry(
                epochMs: entry.time, localTime: localTime(entry.time), day: dayNumber(entry.time),
                cycle: entry.cycle.map { $0 + 1 },
                kind: entry.kind, detail: entry.detail(formattingTime: localTime), title: entry.title, body: entry.body)
        }
        let segmentName = plan.keepsSegments ? plan.fleet.map { $0.segments[segment].name } : nil
        return Trace(
            scenario: scenario.name, device: device, segment: segmentName, arm: arm.name, days: selectedDays,
            seed: plan.seed,
            timeZone: zone.identifier, entries: entries)
    }

    /// " (did you mean …?)": a strategy's arms when `name` is a strategy alone (`chained` →
    /// `chained/ios` or `chained/android`), else the closest arm.
    public static func armHint(_ name: String, _ names: [String]) -> String {
        let arms = names.filter { $0.hasPrefix(name + "/") }
        guard !arms.isEmpty else { return Suggestion.hint(for: name, in: names) }
        return " (did you mean " + arms.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }

    final class Recorder: TraceSink {
        var entries: [TraceEntry] = []
        func trace(_ entry: TraceEntry) { entries.append(entry) }
        /// Entries by time, ties in the order traced: a display delay or a
        /// push's fate is traced when decided, at the instant it happens.
        var inTimeOrder: [TraceEntry] {
            entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
    }
}
