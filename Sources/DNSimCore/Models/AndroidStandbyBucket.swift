/// An App Standby Bucket (docs/model.md §2, Android): how often Android lets an app's alarms
/// run while on battery, or `fromUsage` to follow the user's opens as AOSP `AppStandbyController` does.
public enum AndroidStandbyBucket: String, Sendable, CaseIterable {
    case active
    case workingSet
    case frequent
    case rare
    case restricted
    case fromUsage

    /// The bucket of an app last opened `age` ago: AOSP `AppStandbyController`'s
    /// `DEFAULT_ELAPSED_TIME_THRESHOLDS` (12 h, 24 h, 48 h, 8 days), its screen-on thresholds taken as met.
    @inline(__always)
    static func fromAge(_ age: Millis) -> AndroidStandbyBucket {
        if age < 12 * SimTime.hour { return .active }
        if age < 24 * SimTime.hour { return .workingSet }
        if age < 48 * SimTime.hour { return .frequent }
        if age < 8 * SimTime.day { return .rare }
        return .restricted
    }

    /// Alarms per rolling `quotaWindow` (AOSP `DEFAULT_APP_STANDBY_QUOTAS` 720/10/2/1; restricted 1 a day).
    var quota: Int {
        switch self {
        case .active, .fromUsage: 720
        case .workingSet: 10
        case .frequent: 2
        case .rare: 1
        case .restricted: 1
        }
    }

    /// AOSP `APP_STANDBY_WINDOW` (1 h), and `APP_STANDBY_RESTRICTED_WINDOW` (1 day).
    var quotaWindow: Millis { self == .restricted ? SimTime.day : SimTime.hour }
}
