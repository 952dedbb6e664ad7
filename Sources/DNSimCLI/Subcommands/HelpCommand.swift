import DNSimCore
import DNSimRun
import DNSimScenario

/// `dnsim-events help [SUBCOMMAND]`: the overview, or one subcommand's help.
enum HelpCommand: Subcommand {
    static let name = "help"
    static let usage = "help [SUBCOMMAND]"
    static let summary = "show this overview, or a subcommand's options"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard let topic = arguments.operands.first else {
            console.print(overview)
            return .success
        }
        guard let command = Subcommands.named(topic) else {
            throw UsageError(
                "no subcommand '\(topic)'" + Suggestion.hint(for: topic, in: Subcommands.all.map { $0.name }))
        }
        console.print(command.help)
        return .success
    }

    static var overview: String {
        let width = Subcommands.all.map { $0.name.count }.max() ?? 0
        let list = Subcommands.all.map {
            "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary
        }
        return """
            dnsim-events \(ToolVersion.current): simulate how a mobile app's prefetch-then-notify policy behaves on iOS and Android.

            Usage:
              dnsim-events SCENARIO.yaml...          run every arm, write reports, print the summary
              dnsim-events SUBCOMMAND [OPTIONS] ...

            Subcommands:
            \(list.joined(separator: "\n"))

            'dnsim-events SUBCOMMAND --help' lists a subcommand's options. '--' ends options.
            Exit codes: 0 ok, 1 regression found by check, 2 bad input, usage or a check that cannot be set up.
            """
    }
}
