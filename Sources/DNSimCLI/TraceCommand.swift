import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// `dnsim-events trace`: one device's timeline for one arm, in local time,
/// with the exact text of every notification shown.
enum TraceCommand {
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

    static func run(_ options: CommandLineOptions, console: Console) throws -> ExitCode {
        guard options.scenarios.count == 1 else { throw UsageError("trace takes one scenario file") }
        guard let device = options.device else { throw UsageError("trace needs --device N (1-based)") }
        let scenario = try DNSimCommand.loadAll(options.scenarios, console: console)[0]
        let plan = try DNSimCommand.plan(scenario, options)
        guard device <= plan.devices else { throw UsageError("--device \(device) is beyond the scenario's \(plan.devices) devices") }
        let names = plan.arms.map(\.name)
        guard let armName = options.arm else { throw UsageError("trace needs --arm, one of \(names.joined(separator: ", "))") }
        guard let arm = plan.arms.first(where: { $0.name == armName }) else {
            throw UsageError("no arm '\(armName)'; arms are \(names.joined(separator: ", "))" + Suggestion.hint(for: armName, in: names))
        }
        let zone = scenario.timeZone
        let startDay = civilDay(scenario.start.year, scenario.start.month, scenario.start.day)
        func dayNumber(_ millis: Millis) -> Int {
            let fields = zone.localFields(millis)
            return civilDay(fields.year, fields.month, fields.day) - startDay + 1
        }

        let recorder = Recorder()
        let world = DeviceWorld(configuration: plan.world, seed: plan.seed)
        let simulator = ArmSimulator(arm: arm, world: world)
        simulator.tracer = recorder
        simulator.formatTime = { zone.localFields($0).formatted }
        world.generate(device: device - 1)
        _ = simulator.run(world)

        let range = options.dayRange ?? 1...Int.max
        let entries = recorder.entries.filter { range.contains(dayNumber($0.time)) }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for entry in entries {
                let line = Line(time: zone.localFields(entry.time).formatted, epochMs: entry.time, day: dayNumber(entry.time),
                                cycle: entry.cycle.map { $0 + 1 }, kind: entry.kind, detail: entry.detail, title: entry.title, body: entry.body)
                console.print(String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self))
            }
            return .success
        }
        let days = options.dayRange.map { $0.lowerBound == $0.upperBound ? "day \($0.lowerBound)" : "days \($0.lowerBound)–\($0.upperBound)" } ?? "all days"
        console.print("Trace: \(scenario.name), device \(device), arm \(arm.name), \(days), seed \(plan.seed), times in \(zone.identifier)")
        var table = TextTable(header: ["local time", "cycle", "event", "what happened"])
        for entry in entries {
            table.rows.append([zone.localFields(entry.time).formatted, entry.cycle.map { "#\($0 + 1)" } ?? "", entry.kind, entry.detail])
            if let title = entry.title, let body = entry.body {
                table.rows.append(["", "", "", "  ┌ \(title)"])
                table.rows.append(["", "", "", "  └ \(body)"])
            }
        }
        console.print(table.plain())
        return .success
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func civilDay(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    final class Recorder: TraceSink {
        var entries: [TraceEntry] = []
        func trace(_ entry: TraceEntry) { entries.append(entry) }
    }
}
