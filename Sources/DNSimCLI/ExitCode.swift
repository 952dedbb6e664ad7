import DNSimCore
import DNSimReports
import DNSimScenario

/// The command's exit codes (SPEC §7).
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// `check` found a regression or a failed expectation.
    case regression = 1
    /// Bad input or usage.
    case badInput = 2
}
