/// One `dnsim-events` subcommand: what it takes and what it does. Each
/// owns its options, their validation and its help.
public protocol Subcommand: Sendable {
    static var name: String { get }
    /// The usage line after `dnsim-events`.
    static var usage: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// What more `--help` says, if anything.
    static var details: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode
}

extension Subcommand {
    public static var details: String { "" }

    /// `dnsim-events NAME --help`.
    public static var help: String {
        var text = "dnsim-events \(name): \(summary)\n\nUsage:\n  dnsim-events \(usage)\n"
        if !details.isEmpty { text += "\n" + details + "\n" }
        let rows =
            options.map { option -> (String, String) in
                let short = option.short.map { "-\($0), " } ?? "    "
                return (short + option.name + (option.value.map { " \($0)" } ?? ""), option.help)
            } + [("-h, --help", "show this help")]
        let width = rows.map(\.0.count).max() ?? 0
        text +=
            "\nOptions:\n"
            + rows.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n") + "\n"
        return text
    }
}
