import DNSimRun
import DNSimScenario

/// Parses one subcommand's arguments against the options it declares.
///
/// `--name value`, `--name=value` and short flags (`-q`, `-j 2`) are
/// accepted; `--` ends options, so an operand may start with a dash. An
/// option another subcommand takes is refused naming the subcommands that
/// do, so nothing is silently ignored.
enum ArgumentParser {
    static func parse(
        _ arguments: ArraySlice<String>, for command: any Subcommand.Type,
        among commands: [any Subcommand.Type] = []
    ) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var rest = arguments
        let options = command.options
        while let argument = rest.popFirst() {
            if argument == "--" {
                parsed.operands += rest
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.operands.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == name || ($0.short.map { "-\($0)" } == name) }) else {
                throw unknown(name, command: command, among: commands)
            }
            guard option.value != nil else {
                if inline != nil { throw UsageError("\(option.name) takes no value") }
                parsed.flags.insert(option.name)
                continue
            }
            // `--out --quiet`: the next option is not taken as a value (`--out=--quiet` still is).
            if inline == nil, let next = rest.first, next.hasPrefix("--") {
                throw UsageError("\(option.name) needs a value (\(option.value!)), not the option '\(next)'")
            }
            guard let value = inline ?? rest.popFirst() else {
                throw UsageError("\(option.name) needs a value (\(option.value!))")
            }
            // An empty path (an unset variable) would mean the working folder.
            if value.isEmpty, Self.pathPlaceholders.contains(option.value!) {
                throw UsageError(
                    "\(option.name) is empty; give a \(option.value! == "DIR" ? "folder" : "file") (is a variable unset?)"
                )
            }
            if let problem = option.check?(value) { throw UsageError("\(option.name): \(problem)") }
            parsed.values[option.name] = value
        }
        return parsed
    }

    /// The placeholders of options whose value is a path.
    static let pathPlaceholders: Set<String> = ["DIR", "FILE"]

    /// What to say about an option this subcommand does not take.
    static func unknown(_ name: String, command: any Subcommand.Type, among commands: [any Subcommand.Type])
        -> UsageError
    {
        let takers = commands.filter { other in
            other.options.contains { $0.name == name || $0.short.map { "-\($0)" } == name }
        }
        if !takers.isEmpty {
            let names = takers.map { "'\($0.name)'" }.joined(separator: ", ")
            // "--device" where this subcommand takes "--devices": the likelier slip.
            let near = Suggestion.hint(for: name, in: command.options.map(\.name))
            return UsageError(
                "'\(command.name)' takes no \(name); it is an option of \(names)\(near) (see 'dnsim-events \(command.name) --help')"
            )
        }
        let known = command.options.map(\.name)
        return UsageError(
            "unknown option '\(name)' for '\(command.name)'" + Suggestion.hint(for: name, in: known)
                + " (see 'dnsim-events \(command.name) --help')")
    }
}
