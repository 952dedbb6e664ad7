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

    /// JobScheduler sessions per rolling `jobWindow`: AOSP `QuotaController` `DEFAULT_MAX_SESSION_COUNT_*`
    /// (active 75, working set 10, frequent 8, rare 3, restricted 1; Android 12 to 14). Its job
    /// counts (75/120/200/48/10) and its 10 minutes of execution per window bind later for a
    /// fetch of seconds, one session a run.
    var jobSessions: Int {
        switch self {
        case .active, .fromUsage: 75
        case .workingSet: 10
        case .frequent: 8
        case .rare: 3
        case .restricted: 1
        }
    }

    /// `QuotaController` `DEFAULT_WINDOW_SIZE_*`: 10 min, 2 h, 8 h, 24 h, and 24 h restricted.
    var jobWindow: Millis {
        switch self {
        case .active, .fromUsage: 10 * SimTime.minute
        case .workingSet: 2 * SimTime.hour
        case .frequent: 8 * SimTime.hour
        case .rare, .restricted: SimTime.day
        }
    }

    /// Expedited-job execution time per 24 h (`QuotaController` `DEFAULT_EJ_LIMIT_*_MS`, window
    /// `DEFAULT_EJ_WINDOW_SIZE_MS`): 30 min active and working set, 10 min frequent and rare, 5 min restricted.
    var expeditedLimit: Millis {
        switch self {
        case .active, .fromUsage, .workingSet: 30 * SimTime.minute
        case .frequent, .rare: 10 * SimTime.minute
        case .restricted: 5 * SimTime.minute
        }
    }
}
