/// One option a subcommand accepts: `--name VALUE` or a flag.
public struct OptionSpec: Sendable {
    public let name: String
    public let short: Character?
    /// The value's placeholder in help (`N`, `DIR`); nil for a flag.
    public let value: String?
    public let help: String
    /// What is wrong with a value, checked as the command line is parsed
    /// (before anything runs); nil when it is fine.
    public let check: (@Sendable (String) -> String?)?

    public init(
        _ name: String, short: Character? = nil, value: String? = nil, _ help: String,
        check: (@Sendable (String) -> String?)? = nil
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.check = check
    }
}
