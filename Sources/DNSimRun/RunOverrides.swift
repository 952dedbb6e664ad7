import DNSimCore

/// Overrides (from the command line) of a scenario's seed, devices and days, and the one platform whose arms to run.
public struct RunOverrides: Sendable, Equatable {
    public var seed: UInt64?
    public var devices: Int?
    public var days: Int?
    /// Only this platform's arms run (`--platform`); each arm's figures are the same as in a full run.
    public var platform: Platform?

    public init(seed: UInt64? = nil, devices: Int? = nil, days: Int? = nil, platform: Platform? = nil) {
        self.seed = seed
        self.devices = devices
        self.days = days
        self.platform = platform
    }

    /// The same overrides for every platform: where a baseline of all arms is found.
    public var allPlatforms: RunOverrides {
        var copy = self
        copy.platform = nil
        return copy
    }

    /// The options that give these overrides, each with a leading space, for a suggested command.
    public var flags: String {
        (seed.map { " --seed \($0)" } ?? "") + (devices.map { " --devices \($0)" } ?? "")
            + (days.map { " --days \($0)" } ?? "")
            + (platform.map { " --platform \($0.rawValue)" } ?? "")
    }
}
