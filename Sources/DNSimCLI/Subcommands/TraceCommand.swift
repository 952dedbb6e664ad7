import DNSimCore
import DNSimRun
import DNSimReports
import DNSimScenario
import Foundation

/// `dnsim-events trace`: one device's timeline for one arm, in local time,
/// with the exact text of every notification shown.
enum TraceCommand: Subcommand {
    static let name = "trace"
    static let usage = "trace SCENARIO.yaml --device N --arm A [--day D | FROM-TO | YYYY-MM-DD | YYYY-MM-DD..YYYY-MM-DD] [--json]"
    static let summary = "print one device's event timeline in local time, with the notification text shown"
    static let details = """
    --day picks simulated days: a day number D or FROM-TO (1-based, as --days counts them), or local dates
    YYYY-MM-DD or FROM..TO (e.g. --day 2027-03-28..2027-04-02); a day outside the scenario is an error.
    --json writes JSON Lines: one JSON object per event and line (time, epochMs, day, cycle, kind, detail,
    and title and body for a notification shown), not one JSON document.
    """
    static let deviceOption = OptionSpec("--device", value: "N", "the device to trace (1-based)")
    static let armOption = OptionSpec("--arm", value: "A", "the arm, strategy/platform, e.g. chained/ios")
    static let dayOption = OptionSpec("--day", value: "D", "the days to print: D, FROM-TO (1-based), YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD")
    static let jsonOption = OptionSpec("--json", "JSON Lines (one object per event and line) instead of a table")
    static let options: [OptionSpec] = [deviceOption, armOption, dayOption, jsonOption, .seed, .devices, .days]

    struct Line: Codable {
        var time: String
        var epochMs: Int64
        var day: Int
        var cycle: Int?
        var kind: String
        var detail: String
        var title: String?
        var body: String?
    }

    /// " (did you mean …?)": a strategy's arms when `name` is a strategy alone (`chained` →
    /// `chained/ios` or `chained/android`), else the closest arm.
    static func armHint(_ name: String, _ names: [String]) -> String {
        let arms = names.filter { $0.hasPrefix(name + "/") }
        guard !arms.isEmpty else { return Suggestion.hint(for: name, in: names) }
        return " (did you mean " + arms.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard arguments.operands.count == 1 else { throw UsageError("trace takes one scenario file") }
        guard let device = try arguments.count(deviceOption,
                                               in: 1...Scenario.maxDevices) else { throw UsageError("trace needs --device N (1-based)") }
        let selection = try arguments.string(dayOption).map { text throws(UsageError) in try DaySelection.parse(text) }
        let overrides = try arguments.overrides()
        let scenario = try ScenarioRuns.load(arguments.operands, feedback: .console(console))[0]
        let plan = try ScenarioRuns.plan(scenario, overrides)
        guard device <= plan.devices else { throw UsageError("--device \(device) is beyond the scenario's \(plan.devices) devices") }
        let selectedDays = try selection.map { selection throws(UsageError) in
            try selection.days(start: scenario.start, count: overrides.days ?? scenario.days)
        }
        let names = plan.arms.map(\.name)
        guard let armName = arguments.string(armOption) else { throw UsageError("trace needs --arm, one of \(names.joined(separator: ", "))") }
        guard let arm = plan.arms.first(where: { $0.name == armName }) else {
            throw UsageError("no arm '\(armName)'; arms are \(names.joined(separator: ", "))" + armHint(armName, names))
        }
        // The device runs in its fleet segment's world, as in a run, and its times are that
        // segment's local times (a segment may set its own time zone).
        let segment = plan.fleet.map { $0.segment(of: device - 1, random: KeyedRandom(seed: plan.seed)) } ?? 0
        let zone = segment < scenario.fleet.count ? scenario.fleet[segment].scenario.timeZone : scenario.timeZone
        let startDay = ZonedCalendar.dayNumber(year: scenario.start.year, month: scenario.start.month, day: scenario.start.day)
        func dayNumber(_ millis: Millis) -> Int {
            let fields = zone.localFields(millis)
            return ZonedCalendar.dayNumber(year: fields.year, month: fields.month, day: fields.day) - startDay + 1
        }

        let recorder = Recorder()
        // A device with per-device conditions runs with its own values, as in a run.
        let configuration = DeviceValue.configuration(plan.segmentWorlds[segment], device: device - 1, random: KeyedRandom(seed: plan.seed))
        let world = DeviceWorld(configuration: configuration, seed: plan.seed)
        let simulator = ArmSimulator(arm: arm, world: world)
        simulator.tracer = recorder
        world.generate(device: device - 1)
        _ = simulator.run(world)

        let localTime = { (millis: Millis) in zone.localFields(millis).formatted }
        let range = selectedDays ?? 1...Int.max
        let entries = recorder.inTimeOrder.filter { range.contains(dayNumber($0.time)) }
        if arguments.flag(jsonOption) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for entry in entries {
                let line = Line(time: localTime(entry.time), epochMs: entry.time, day: dayNumber(entry.time), cycle: entry.cycle.map { $0 + 1 },
                                kind: entry.kind, detail: entry.detail(formattingTime: localTime), title: entry.title, body: entry.body)
                console.print(String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self))
            }
            return .success
        }
        let days = selectedDays.map { $0.lowerBound == $0.upperBound ? "day \($0.lowerBound)" : "days \($0.lowerBound)–\($0.upperBound)" }
            ?? "all days"
        let segmentName = plan.keepsSegments ? plan.fleet.map { " (segment \($0.segments[segment].name))" } ?? "" : ""
        console.print("Trace: \(scenario.name), device \(device)\(segmentName), arm \(arm.name), \(days), seed \(plan.seed), "
                      + "times in \(zone.identifier)")
        var table = TextTable(header: ["local time", "cycle", "event", "what happened"])
        for entry in entries {
            // The scenario's text (titles, bodies, item names) is printed escaped: no line break or bidi override from it reaches the terminal.
            table.rows.append([localTime(entry.time), entry.cycle.map { "#\($0 + 1)" } ?? "", entry.kind,
                               MessageText.visible(entry.detail(formattingTime: localTime))])
            if let title = entry.title, let body = entry.body {
                table.rows.append(["", "", "", "  ┌ \(MessageText.visible(title))"])
                table.rows.append(["", "", "", "  └ \(MessageText.visible(body))"])
            }
        }
        console.print(table.plain())
        return .success
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
