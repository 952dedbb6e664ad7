import DNSimReports
import DNSimRun
import DNSimScenario
import Foundation

/// `dnsim-events trace`: one device's timeline for one arm, in local time,
/// with the exact text of every notification shown.
enum TraceCommand: Subcommand {
    static let name = "trace"
    static let usage =
        "trace SCENARIO.yaml --device N --arm A [--day D | FROM-TO | YYYY-MM-DD | YYYY-MM-DD..YYYY-MM-DD] [--json]"
    static let summary = "print one device's event timeline in local time, with the notification text shown"
    static let details = """
        --day picks simulated days: a day number D or FROM-TO (1-based, as --days counts them), or local dates
        YYYY-MM-DD or FROM..TO (e.g. --day 2027-03-28..2027-04-02); a day outside the scenario is an error.
        --json writes JSON Lines: one JSON object per event and line (time, epochMs, day, cycle, kind, detail,
        and title and body for a notification shown), not one JSON document.
        """
    static let deviceOption = OptionSpec("--device", value: "N", "the device to trace (1-based)")
    static let armOption = OptionSpec("--arm", value: "A", "the arm, strategy/platform, e.g. chained/ios")
    static let dayOption = OptionSpec(
        "--day", value: "D", "the days to print: D, FROM-TO (1-based), YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD")
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

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard arguments.operands.count == 1 else { throw UsageError("trace takes one scenario file") }
        guard
            let device = try arguments.count(
                deviceOption,
                in: 1...Scenario.maxDevices)
        else { throw UsageError("trace needs --device N (1-based)") }
        let selection = try arguments.string(dayOption).map { text throws(UsageError) in try DaySelection.parse(text) }
        let trace = try TraceRun.trace(
            arguments.operands[0], device: device, arm: arguments.string(armOption), try arguments.overrides(),
            days: selection.map { selection in { start, count in try selection.days(start: start, count: count) } },
            feedback: .console(console))
        if arguments.flag(jsonOption) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for entry in trace.entries {
                let line = Line(
                    time: entry.localTime, epochMs: entry.epochMs, day: entry.day, cycle: entry.cycle, kind: entry.kind,
                    detail: entry.detail, title: entry.title, body: entry.body)
                console.print(String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self))
            }
            return .success
        }
        let days =
            trace.days.map {
                $0.lowerBound == $0.upperBound ? "day \($0.lowerBound)" : "days \($0.lowerBound)–\($0.upperBound)"
            }
            ?? "all days"
        let segmentName = trace.segment.map { " (segment \($0))" } ?? ""
        console.print(
            "Trace: \(trace.scenario), device \(trace.device)\(segmentName), arm \(trace.arm), \(days), seed \(trace.seed), "
                + "times in \(trace.timeZone)")
        var table = TextTable(header: ["local time", "cycle", "event", "what happened"])
        for entry in trace.entries {
            // The scenario's text (titles, bodies, item names) is printed escaped: no line break or bidi override from it reaches the terminal.
            table.rows.append([
                entry.localTime, entry.cycle.map { "#\($0)" } ?? "", entry.kind, MessageText.visible(entry.detail),
            ])
            if let title = entry.title, let body = entry.body {
                table.rows.append(["", "", "", "  ┌ \(MessageText.visible(title))"])
                table.rows.append(["", "", "", "  └ \(MessageText.visible(body))"])
            }
        }
        console.print(table.plain())
        return .success
    }
}
