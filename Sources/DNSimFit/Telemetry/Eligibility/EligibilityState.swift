/// A state of a device, logged as periods in eligibility.csv, during which some BG requests may not
/// run (docs/telemetry.md). The periods say when the device could *not* run a request; a time in
/// none of a request's holding states counts toward its delay.
public enum EligibilityState: String, Sendable, CaseIterable, Comparable {
    /// Low Power Mode on: no BG request runs.
    case lowPowerMode
    /// From a force-quit to the next open: no BG request runs.
    case forceQuit
    /// No network: a request with `requires_network` waits.
    case offline
    /// The phone in use or not lying still: a processing request waits.
    case notIdle
    /// Not on a charger: a request with `requires_power` waits.
    case notCharging
    /// Android Doze: the phone idle and unplugged, between maintenance windows; a regular
    /// WorkManager job waits (work-runs.csv).
    case doze
    /// No hold: the span over which the device's states were logged, so a device with no hold
    /// at all is still listed (a request of a device the file does not list has unknown eligibility).
    case logged

    public static func < (a: EligibilityState, b: EligibilityState) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
