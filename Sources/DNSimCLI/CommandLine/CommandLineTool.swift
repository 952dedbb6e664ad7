import DNSimRun
import DNSimScenario

/// The command-line front end: picks the subcommand, lets it parse its own
/// options, and turns every error into a message and an exit code. It knows
/// the subcommands only as the list it is given.
public struct CommandLineTool: Sendable {
    /// Every subcommand, in the order help lists them.
    public let commands: [any Subcommand.Type]
    /// What runs when the first argument names no subcommand (a scenario file).
    public let defaultCommand: any Subcommand.Type
    /// What `dnsim-events --help` and a bare `dnsim-events` print.
    public let overview: @Sendable () -> String
    /// What `--version` prints after the tool's name.
    public let version: String

    public init(
        commands: [any Subcommand.Type], defaultCommand: any Subcommand.Type, version: String,
        overview: @escaping @Sendable () -> String
    ) {
        self.version = version
        self.commands = commands
        self.defaultCommand = defaultCommand
        self.overview = overview
    }

    public func named(_ name: String) -> (any Subcommand.Type)? { commands.first { $0.name == name } }

    public func main(_ arguments: [String], console: Console) -> Int32 {
        do {
            return try dispatch(arguments, console: console).rawValue
        } catch let error as any ReportedError {
            console.printError(error.description)
        } catch {
            console.printError("error: \(error)")
        }
        return ExitCode.badInput.rawValue
    }

    func dispatch(_ arguments: [String], console: Console) throws -> ExitCode {
        var rest = arguments[...]
        var command = defaultCommand
        if let first = rest.first, let named = named(first) {
            command = named
            rest = rest.dropFirst()
        } else if let first = rest.first, !first.hasPrefix("-"), !first.contains("."), !first.contains("/") {
            throw UsageError(
                "no subcommand '\(first)'" + Suggestion.hint(for: first, in: commands.map { $0.name })
                    + "; to run a scenario, give its file (e.g. Scenarios/\(first).yaml)")
        }
        // Built-in flags come first, so help works even beside a typo.
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            console.print(
                command.name == defaultCommand.name && arguments.first != defaultCommand.name
                    ? overview() : command.help)
            return .success
        }
        if options.contains("--version") {
            console.print("dnsim-events \(version)")
            return .success
        }
        if arguments.isEmpty {
            console.printError(overview())
            return .badInput
        }
        let parsed = try ArgumentParser.parse(rest, for: command, among: commands)
        return try command.run(parsed, console: console)
    }
}
