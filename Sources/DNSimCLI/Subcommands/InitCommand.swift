import DNSimReports
import DNSimRun
import DNSimScenario
import Foundation

/// `dnsim-events init`: writes a complete, commented scenario from the app's
/// `DualScheduleConfiguration` JSON (or an example one), with the library's
/// cited calibration, checked by the loader before anything is written.
enum InitCommand: Subcommand {
    static let name = "init"
    static let usage =
        "init (--from CONFIG.json | --name NAME [--notify-at HH:MM[,HH:MM]] [--fetch-at HH:MM[,HH:MM]]) "
        + "[--name NAME] [--out FILE] "
        + "[--time-zone ZONE] [--force]"
    static let summary =
        "write a scenario from the app's DualScheduleConfiguration JSON, with the values it must guess marked"
    static let details = """
        --from reads the JSON the app passes to scheduleDualNotification (or {"config": …} around it) and
        makes it the scenario's plugin block. Without it, the plugin block is made from --notify-at and
        --fetch-at (local times; the fetch defaults to 5 minutes before the notification) and titled NAME.
        Several times a day are a list, --notify-at 08:00,20:00: one cron (0 8,20 * * *), with a fetch
        before each (55 7,19 * * *); times a cron cannot give together (08:00,20:30) are an error.
        Every value init cannot know (the platform mix, the push setup, permissions, BG-launch delays,
        network, update rate, app opens, token lifetime, and what it made up of the plugin block) ends
        with '# GUESS: <what to measure, and how>' (often 'dnsim-events fit'), and the output lists them.
        The scenario is named by --name, else after the JSON file. It is written to --out (default
        NAME.yaml) only when the loader accepts it; a mistake in the JSON is reported at its line and
        column (exit 2). An existing file is kept unless --force.
        """
    static let from = OptionSpec("--from", value: "FILE", "the app's DualScheduleConfiguration JSON")
    static let scenarioName = OptionSpec(
        "--name", value: "NAME", "the scenario's name (its report folder); default: the JSON file's name")
    static let out = OptionSpec("--out", short: "o", value: "FILE", "where to write the scenario (default NAME.yaml)")
    static let timeZone = OptionSpec("--time-zone", value: "ZONE", "the users' IANA time zone (default UTC)")
    static let notifyAt = OptionSpec(
        "--notify-at", value: "HH:MM[,HH:MM]",
        "without --from: the notification's local times (default 18:30, "
            + "marked to replace)")
    static let fetchAt = OptionSpec(
        "--fetch-at", value: "HH:MM[,HH:MM]",
        "without --from: the fetch's local times (default 5 minutes before "
            + "each --notify-at)")
    static let force = OptionSpec("--force", short: "f", "overwrite FILE if it exists")
    static let quiet = OptionSpec(
        "--quiet", short: "q", "print nothing but problems (not the file written and what to run next)")
    static let options: [OptionSpec] = [from, scenarioName, notifyAt, fetchAt, out, timeZone, force, quiet]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard arguments.operands.isEmpty else {
            throw UsageError(
                "init takes no operands ('\(arguments.operands[0])'); give --from CONFIG.json or --name NAME")
        }
        let source = arguments.string(from)
        guard source != nil || arguments.string(scenarioName) != nil else {
            throw UsageError("init needs --from CONFIG.json (the app's DualScheduleConfiguration) or --name NAME")
        }
        let name = arguments.string(scenarioName) ?? defaultName(source ?? "")
        guard Scenario.isValidName(name) else {
            throw UsageError(
                "the scenario name '\(name.prefix(40))' must be letters, digits, '-', '_' or '.' "
                    + "(it names the report folder); give --name")
        }
        let path = arguments.string(out) ?? "\(name).yaml"
        // Never the configuration read, a folder or a read-only file; a FIFO or a device is written
        // through; --force is what lets another regular file be replaced (OutputPathPolicy).
        let action: OutputPathPolicy.Action
        do {
            action = try OutputPathPolicy(inputs: source.map { [($0, "the configuration read (--from)")] } ?? [])
                .action(for: path, ownOutput: nil)
        } catch { throw UsageError("--out: \(error)") }
        if action == .replace && !arguments.flag(force) {
            throw UsageError("\(path) exists; pass --force to overwrite it, or --out another file")
        }
        let zone = arguments.string(timeZone) ?? "UTC"
        if case .failure(let problem) = TimeZoneResolver.resolve(zone) {
            throw UsageError("--time-zone: \(problem.message)")
        }

        let (schedule, placeholders) = try madeSchedule(arguments, from: source)
        var configuration = try read(source, title: name, schedule: schedule)
        // The app calls scheduleDualNotification({ config }): accept the wrapper too.
        if case .object(let members, _) = configuration, members.count == 1, members[0].key == "config",
            case .object = members[0].value
        {
            configuration = members[0].value
        }
        guard case .object = configuration else {
            throw DiagnosticList([
                Diagnostic(
                    file: source ?? "", mark: configuration.mark,
                    message: "expected the DualScheduleConfiguration object "
                        + "({\"contentFetch\": …, \"userNotification\": …})")
            ])
        }
        let rendering = ScenarioTemplate.render(
            name: name, plugin: configuration,
            source: source ?? "a plugin block made by init "
                + "(fetch \(clocks(schedule.fetch)), "
                + "notify \(clocks(schedule.notify)))",
            timeZone: zone, placeholders: placeholders)
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(bytes: Array(rendering.text.utf8), file: path)
        } catch {
            throw DiagnosticList(error.diagnostics.map { relocate($0, rendering, source: source) })
        }
        if !scenario.warnings.isEmpty {
            console.printError(
                DiagnosticList(scenario.warnings.map { relocate($0, rendering, source: source) }).description)
        }
        do {
            try OutputPathPolicy.write(rendering.text, to: path, action)
        } catch {
            throw SetupError(WriteFailure(path: path, error: error).description)
        }
        if !arguments.flag(quiet) {
            console.print(
                "wrote \(path): scenario '\(name)', \(scenario.arms.count) arms (\(scenario.arms.map(\.name).joined(separator: ", ")))"
            )
            console.print(
                "next: dnsim-events validate \(path) && dnsim-events \(path)   (writes Reports/\(name)/, the baseline to commit)"
            )
            // Last, where a reader's eye lands: what the results still stand on.
            console.print(guessList(rendering.guesses, path: path))
        }
        return .success
    }

    /// "N values are guesses …; measure them:" and one line each: where it is, its key, what measures it and how.
    static func guessList(_ guesses: [ScenarioGuess], path: String) -> String {
        let width = guesses.map(\.key.count).max() ?? 0
        var lines = [
            "\(guesses.count) values are guesses, marked '\(ScenarioGuess.marker)' in \(path); until you measure them the "
                + "results describe the guesses, not your app. Measure them (dnsim-events fit measures several from telemetry):"
        ]
        for guess in guesses {
            let line = String(guess.line)
            let key = guess.key.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                "  line " + String(repeating: " ", count: max(0, 3 - line.count)) + line + "  " + key + "  "
                    + guess.measure)
        }
        return lines.joined(separator: "\n")
    }

    static func clocks(_ minutes: [Int]) -> String { minutes.map(DailyCron.clock).joined(separator: ", ") }

    /// The JSON file's name without its extension, made a valid scenario name.
    static func defaultName(_ path: String) -> String {
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let cleaned = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "-" })
        return cleaned.drop { $0 == "." }.isEmpty ? "scenario" : String(cleaned.drop { $0 == "." })
    }

    /// Without --from: the fetches' and the notifications' local minutes of the day, and the `# GUESS:`
    /// marks for what init had to make up. With --from, the schedule is the configuration's.
    static func madeSchedule(_ arguments: ParsedArguments, from source: String?) throws(UsageError)
        -> (schedule: (fetch: [Int], notify: [Int]), placeholders: [String: String])
    {
        func times(_ option: OptionSpec) throws(UsageError) -> [Int]? {
            guard let text = arguments.string(option) else { return nil }
            guard source == nil else {
                throw UsageError(
                    "\(option.name) is for init without --from; with --from the schedule is the configuration's")
            }
            switch DailyCron.times(text) {
            case .success(let times):
                // One cron must give them all: said now, not as a scenario error.
                if case .failure(let problem) = DailyCron.cron(times) {
                    throw UsageError("\(option.name): the times \(problem.message)")
                }
                return times.sorted()
            case .failure(let problem): throw UsageError("\(option.name) \(problem.message)")
            }
        }
        let notify = try times(notifyAt)
        let fetch = try times(fetchAt)
        let notifyTimes = notify ?? [18 * 60 + 30]
        let fetchTimes = fetch ?? notifyTimes.map { ($0 + 24 * 60 - 5) % (24 * 60) }.sorted()
        if fetch == nil, case .failure(let problem) = DailyCron.cron(fetchTimes) {
            throw UsageError("--notify-at: 5 minutes before, the fetch times \(problem.message); give --fetch-at")
        }
        let placeholders = ScenarioTemplate.placeholders(fetchGiven: fetch != nil, notifyGiven: notify != nil)
        return ((fetchTimes, notifyTimes), source == nil ? placeholders : [:])
    }

    static func read(_ source: String?, title: String, schedule: (fetch: [Int], notify: [Int])) throws
        -> PositionedJSON
    {
        guard let source else {
            // Checked in `madeSchedule`: each list makes one cron.
            let cron = { (times: [Int]) in (try? DailyCron.cron(times).get()) ?? "" }
            let text = ScenarioTemplate.configuration(
                title: title, fetchCron: cron(schedule.fetch),
                notifyCron: cron(schedule.notify))
            return try JSONReader.parse(Array(text.utf8), file: "init's configuration")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: source)
        else {
            throw DiagnosticList([
                Diagnostic(
                    file: source, mark: nil,
                    message: isDirectory.boolValue ? "is a directory, not a JSON file" : "no such file")
            ])
        }
        let limit = YAMLLimits().maxBytes
        guard data.count <= limit else {
            throw DiagnosticList([
                Diagnostic(
                    file: source, mark: nil,
                    message: "is \(data.count) bytes; a configuration file may have at most \(limit)")
            ])
        }
        do {
            return try JSONReader.parse([UInt8](data), file: source)
        } catch {
            throw DiagnosticList([error])
        }
    }

    /// A message about the plugin block points at the configuration's key or value it came from.
    static func relocate(_ diagnostic: Diagnostic, _ rendering: ScenarioTemplate.Rendering, source: String?)
        -> Diagnostic
    {
        guard let source, let mark = diagnostic.mark, let origin = rendering.origins[mark.line] else {
            return diagnostic
        }
        let place = mark.column > origin.keyColumn ? origin.value : origin.key
        let line = (try? String(contentsOfFile: source, encoding: .utf8)).flatMap {
            $0.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(place.line - 1).first
                .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        }
        return Diagnostic(
            file: source, mark: place, message: diagnostic.message, sourceLine: line, severity: diagnostic.severity)
    }
}
