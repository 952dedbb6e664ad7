import DNSimCore
import DNSimRun
import DNSimScenario
import Foundation

/// The options that override a scenario's run (`--seed`, `--devices`, `--days`, `--platform`) and `--jobs`, read.
extension ParsedArguments {
    public func seed() throws(UsageError) -> UInt64? {
        guard let text = values[OptionSpec.seed.name] else { return nil }
        guard let seed = UInt64(text) else {
            throw UsageError("--seed must be a whole number from 0 to 18446744073709551615, not '\(text)'")
        }
        return seed
    }

    /// `--seed`, `--devices`, `--days` and `--platform`, as the scenario's overrides.
    public func overrides() throws(UsageError) -> RunOverrides {
        RunOverrides(
            seed: try seed(), devices: try count(.devices, in: 1...Scenario.maxDevices),
            days: try count(.days, in: 1...Scenario.maxDays), platform: try platform())
    }

    /// `--platform ios|android`, or nil.
    public func platform() throws(UsageError) -> Platform? {
        guard let text = values[OptionSpec.platform.name] else { return nil }
        guard let platform = Platform(rawValue: text.lowercased()) else {
            let names = Platform.allCases.map(\.rawValue)
            // The word given first, with the closest name, as for an unknown option or key.
            throw UsageError(
                "--platform: unknown platform '\(text.prefix(40))'" + Suggestion.hint(for: text, in: names)
                    + "; the platforms are \(names.joined(separator: " and "))")
        }
        return platform
    }

    /// `--jobs`, or every core.
    public func jobs() throws(UsageError) -> Int {
        try count(.jobs, in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
    }
}
