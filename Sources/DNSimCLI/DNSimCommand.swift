import DNSimCore
import Foundation

/// `dnsim-events`: the front end with this tool's subcommands.
public enum DNSimCommand {
    static let tool = CommandLineTool(
        commands: Subcommands.all, defaultCommand: RunCommand.self, version: ToolVersion.described,
        overview: { HelpCommand.overview })

    public static func main(_ arguments: [String], console: Console = .standard()) -> Int32 {
        tool.main(arguments, console: console)
    }

    /// The executable: signals handled, the process's arguments run, its exit code returned.
    public static func main() -> Never {
        StandardStream.reserveClosed()
        Interruption.install()
        exit(
            main(
                Array(CommandLine.arguments.dropFirst()),
                console: .standard(environment: ProcessInfo.processInfo.environment)))
    }
}
