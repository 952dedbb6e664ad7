/// The command's exit codes (docs/model.md §7).
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// `check` found a regression or a failed expectation.
    case regression = 1
    /// Bad input or usage, or a check that cannot be set up (nothing to check, an incomparable baseline).
    case badInput = 2
}
