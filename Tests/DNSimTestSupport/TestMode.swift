import Foundation

/// The long mode (README, "Long tests"): with `DNSIM_LONG` set, the statistical suites run at
/// their full sample sizes and the slow suites the default run skips run too. CI runs both modes.
public enum TestMode {
    public static let long = ProcessInfo.processInfo.environment["DNSIM_LONG"] != nil
}
