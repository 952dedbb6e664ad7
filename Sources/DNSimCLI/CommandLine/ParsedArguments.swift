import DNSimRun
import DNSimCore
import Foundation
import DNSimScenario

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
            throw UsageError("\(option.name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    public func seed() throws(UsageError) -> UInt64? {
        guard let text = values[OptionSpec.seed.name] else { return nil }
        guard let seed = UInt64(text) else { throw UsageError("--seed must be a whole number from 0 to 18446744073709551615, not '\(text)'") }
        return seed
    }

    /// `--seed`, `--devices`, `--days` and `--platform`, as the scenario's overrides.
    public func overrides() throws(UsageError) -> RunOverrides {
        RunOverrides(seed: try seed(), devices: try count(.devices, in: 1...Scenario.maxDevices),
                     days: try count(.days, in: 1...Scenario.maxDays), platform: try platform())
    }

    /// `--platform ios|android`, or nil.
    public func platform() throws(UsageError) -> Platform? {
        guard let text = values[OptionSpec.platform.name] else { return nil }
        guard let platform = Platform(rawValue: text.lowercased()) else {
            let names = Platform.allCases.map(\.rawValue)
            // The word given first, with the closest name, as for an unknown option or key.
            throw UsageError("--platform: unknown platform '\(text.prefix(40))'" + Suggestion.hint(for: text, in: names)
                             + "; the platforms are \(names.joined(separator: " and "))")
        }
        return platform
    }

    /// `--jobs`, or every core.
    public func jobs() throws(UsageError) -> Int {
        try count(.jobs, in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
    }
}
