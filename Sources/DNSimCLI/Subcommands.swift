import DNSimRun

/// Every subcommand, in the order help lists them.
enum Subcommands {
    static let all: [any Subcommand.Type] = [
        RunCommand.self, CheckCommand.self, ValidateCommand.self, TraceCommand.self,
        CompareCommand.self, FitCommand.self, BenchCommand.self, MergeCommand.self,
        InitCommand.self, CompletionsCommand.self, HelpCommand.self,
    ]

    static func named(_ name: String) -> (any Subcommand.Type)? { all.first { $0.name == name } }
}
