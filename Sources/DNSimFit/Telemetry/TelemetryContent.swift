/// The parsed rows of a telemetry file, by kind.
public enum TelemetryContent: Sendable {
    case backgroundLaunches(BackgroundLaunchData)
    case fetchAttempts(FetchAttemptData)
    case appOpens(AppOpenData)
    /// An FCM or APNs delivery export, pooled over its days.
    case pushDelivery(PushDeliveryData)
}
