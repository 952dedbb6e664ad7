/// Why a push that reached the push service waits before the device takes it.
public enum PushHold: String, Sendable {
    case offline
    /// iOS background push: not delivered while Low Power Mode is on.
    case lowPowerMode = "Low Power Mode"
    /// Android `priority: normal`: Doze holds it until a maintenance window.
    case doze = "Doze"
}
