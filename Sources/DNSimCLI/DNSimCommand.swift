import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// The command-line front end: picks the subcommand, lets it parse its own
/// options, and turns every error into a message and an exit code.
public enum DNSimCommand {
    public static func main(_ arguments: [String], console: Console = .standard()) -> Int32 {
        do {
            return try dispatch(arguments, console: console).rawValue
        } catch let error as UsageError {
            console.printError(error.description)
        } catch let error as SetupError {
            console.printError(error.description)
        } catch let error as DiagnosticList {
            console.printError(error.description)
        } catch let error as BaselineReport.LoadError {
            console.printError("error: \(error.description)")
        } catch let error as SummaryCSV.ReadError {
            console.printError("error: \(error.description)")
        } catch let error as FitCommand.FitFailure {
            console.printError(error.description)
        } catch {
            console.printError("error: \(error)")
        }
        return ExitCode.badInput.rawValue
    }

    static func dispatch(_ arguments: [String], console: Console) throws -> ExitCode {
        var rest = arguments[...]
        var command: any Subcommand.Type = RunCommand.self
        if let first = rest.first, let named = Subcommands.named(first) {
            command = named
            rest = rest.dropFirst()
        } else if let first = rest.first, !first.hasPrefix("-"), !first.contains("."), !first.contains("/") {
            throw UsageError("no subcommand '\(first)'" + Suggestion.hint(for: first, in: Subcommands.all.map { $0.name })
                + "; to run a scenario, give its file (e.g. Scenarios/\(first).yaml)")
        }
        // Built-in flags come first, so help works even beside a typo.
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            console.print(command.name == RunCommand.name && arguments.first != "run" ? HelpCommand.overview : command.help)
            return .success
        }
        if options.contains("--version") {
            console.print("dnsim-events \(ToolVersion.described)")
            return .success
        }
        if arguments.isEmpty {
            console.printError(HelpCommand.overview)
            return .badInput
        }
        let parsed = try ArgumentParser.parse(rest, for: command)
        return try command.run(parsed, console: console)
    }
}
