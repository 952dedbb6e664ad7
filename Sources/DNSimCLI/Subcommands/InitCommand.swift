import DNSimCore
import DNSimFrontend
import DNSimScenario
import Foundation

/// `dnsim-events init`: writes a complete, commented scenario from the app's
/// `DualScheduleConfiguration` JSON (or an example one), with the library's
/// cited calibration, checked by the loader before anything is written.
enum InitCommand: Subcommand {
    static let name = "init"
    static let usage = "init (--from CONFIG.json | --name NAME) [--name NAME] [--out FILE] [--time-zone ZONE] [--force]"
    static let summary = "write a scenario from the app's DualScheduleConfiguration JSON, with cited calibration"
    static let details = """
    --from reads the JSON the app passes to scheduleDualNotification (or {"config": …} around it) and
    makes it the scenario's plugin block; without it, TimeSafari's configuration is the example. The
    scenario is named by --name, else after the JSON file. It is written to --out (default NAME.yaml)
    only when the loader accepts it; a mistake in the JSON is reported at its line and column (exit 2).
    An existing file is kept unless --force.
    """
    static let from = OptionSpec("--from", value: "FILE", "the app's DualScheduleConfiguration JSON")
    static let scenarioName = OptionSpec("--name", value: "NAME", "the scenario's name (its report folder); default: the JSON file's name")
    static let out = OptionSpec("--out", short: "o", value: "FILE", "where to write the scenario (default NAME.yaml)")
    static let timeZone = OptionSpec("--time-zone", value: "ZONE", "the users' IANA time zone (default UTC)")
    static let force = OptionSpec("--force", short: "f", "overwrite FILE if it exists")
    static let quiet = OptionSpec("--quiet", short: "q", "print nothing but problems (not the file written and what to run next)")
    static let options: [OptionSpec] = [from, scenarioName, out, timeZone, force, quiet]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard arguments.operands.isEmpty else {
            throw UsageError("init takes no operands ('\(arguments.operands[0])'); give --from CONFIG.json or --name NAME")
        }
        let source = arguments.string(from)
        guard source != nil || arguments.string(scenarioName) != nil else {
            throw UsageError("init needs --from CONFIG.json (the app's DualScheduleConfiguration) or --name NAME")
        }
        let name = arguments.string(scenarioName) ?? defaultName(source ?? "")
        guard Scenario.isValidName(name) else {
            throw UsageError("the scenario name '\(name.prefix(40))' must be letters, digits, '-', '_' or '.' (it names the report folder); give --name")
        }
        let path = arguments.string(out) ?? "\(name).yaml"
        if FileManager.default.fileExists(atPath: path) && !arguments.flag(force) {
            throw UsageError("\(path) exists; pass --force to overwrite it, or --out another file")
        }
        let zone = arguments.string(timeZone) ?? "UTC"
        if case .failure(let problem) = TimeZoneResolver.resolve(zone) { throw UsageError("--time-zone: \(problem.message)") }

        var configuration = try read(source)
        // The app calls scheduleDualNotification({ config }): accept the wrapper too.
        if case .object(let members, _) = configuration, members.count == 1, members[0].key == "config",
           case .object = members[0].value {
            configuration = members[0].value
        }
        guard case .object = configuration else {
            throw DiagnosticList([Diagnostic(file: source ?? "", mark: configuration.mark,
                                             message: "expected the DualScheduleConfiguration object ({\"contentFetch\": …, \"userNotification\": …})")])
        }
        let rendering = ScenarioTemplate.render(name: name, plugin: configuration,
                                                source: source ?? "the example configuration (TimeSafari's plugin feedback)", timeZone: zone)
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(bytes: Array(rendering.text.utf8), file: path)
        } catch {
            throw DiagnosticList(error.diagnostics.map { relocate($0, rendering, source: source) })
        }
        if !scenario.warnings.isEmpty {
            console.printError(DiagnosticList(scenario.warnings.map { relocate($0, rendering, source: source) }).description)
        }
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(rendering.text.utf8).write(to: url, options: .atomic)
        } catch {
            throw SetupError("cannot write \(path): \(error.localizedDescription)")
        }
        if !arguments.flag(quiet) {
            console.print("wrote \(path): scenario '\(name)', \(scenario.arms.count) arms (\(scenario.arms.map(\.name).joined(separator: ", ")))")
            console.print("next: dnsim-events validate \(path) && dnsim-events \(path)   (writes Reports/\(name)/, the baseline to commit)")
        }
        return .success
    }

    /// The JSON file's name without its extension, made a valid scenario name.
    static func defaultName(_ path: String) -> String {
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let cleaned = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "-" })
        return cleaned.drop { $0 == "." }.isEmpty ? "scenario" : String(cleaned.drop { $0 == "." })
    }

    static func read(_ source: String?) throws -> PositionedJSON {
        guard let source else {
            return try JSONReader.parse(Array(ScenarioTemplate.exampleConfiguration.utf8), file: "example configuration")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: source) else {
            throw DiagnosticList([Diagnostic(file: source, mark: nil, message: isDirectory.boolValue ? "is a directory, not a JSON file" : "no such file")])
        }
        let limit = YAMLLimits().maxBytes
        guard data.count <= limit else {
            throw DiagnosticList([Diagnostic(file: source, mark: nil, message: "is \(data.count) bytes; a configuration file may have at most \(limit)")])
        }
        do {
            return try JSONReader.parse([UInt8](data), file: source)
        } catch {
            throw DiagnosticList([error])
        }
    }

    /// A message about the plugin block points at the configuration's key or value it came from.
    static func relocate(_ diagnostic: Diagnostic, _ rendering: ScenarioTemplate.Rendering, source: String?) -> Diagnostic {
        guard let source, let mark = diagnostic.mark, let origin = rendering.origins[mark.line] else { return diagnostic }
        let place = mark.column > origin.keyColumn ? origin.value : origin.key
        let line = (try? String(contentsOfFile: source, encoding: .utf8)).flatMap {
            $0.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(place.line - 1).first
                .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        }
        return Diagnostic(file: source, mark: place, message: diagnostic.message, sourceLine: line, severity: diagnostic.severity)
    }
}
