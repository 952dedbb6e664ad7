import DNSimRun

/// A subcommand's arguments after parsing: operands, option values and flags,
/// with typed accessors that say what is wrong with a bad value.
public struct ParsedArguments: Sendable {
    public var operands: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []

    public func flag(_ option: OptionSpec) -> Bool { flags.contains(option.name) }

    /// The option's value; a folder (`DIR`) without its trailing `/`, so paths joined to it read
    /// `shards/shard-1-of-3.json`, not `shards//shard-1-of-3.json`.
    public func string(_ option: OptionSpec) -> String? {
        guard let value = values[option.name] else { return nil }
        return option.value == "DIR" ? Self.folder(value) : value
    }

    /// `path` without trailing slashes (`/` itself stays).
    public static func folder(_ path: String) -> String { ReportFolders.trimmed(path) }

    public func count(_ option: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[option.name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "\(option.name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}
