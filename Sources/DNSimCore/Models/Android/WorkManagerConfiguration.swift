/// `platforms.android.workManager`: the work request a WorkManager plugin enqueues for its fetch
/// (docs/model.md §2, Android WorkManager).
public struct WorkManagerConfiguration: Sendable, Equatable {
    /// androidx `PeriodicWorkRequest.MIN_PERIODIC_INTERVAL_MILLIS` (15 min) and `MIN_PERIODIC_FLEX_MILLIS` (5 min).
    public static let minimumRepeatInterval: Millis = 15 * SimTime.minute
    public static let minimumFlexInterval: Millis = 5 * SimTime.minute
    /// JobScheduler stops a regular job after 10 minutes (`JobServiceContext` `EXECUTING_TIMESLICE_MILLIS`).
    public static let executionLimit: Millis = 10 * SimTime.minute

    public var request: WorkRequestKind = .oneTime
    /// The period of `periodic` work; a day fits a daily digest.
    public var repeatInterval: Millis = SimTime.day
    /// The flex of `periodic` work; nil is the interval itself (no flex).
    public var flexInterval: Millis?
    /// `setExpedited`: runs in Doze and outside the standby quotas while its own quota lasts,
    /// then as regular work (`OutOfQuotaPolicy.RUN_AS_NON_EXPEDITED_WORK_REQUEST`).
    public var expedited = false
    /// `NetworkType.CONNECTED`: the job waits out the user's offline periods.
    public var requiresNetwork = false
    /// `setRequiresCharging`: the job waits for the user's charging windows.
    public var requiresCharging = false
    /// From the moment the job may run (constraints met, out of Doze, within quota) to its start.
    public var delay: Distribution = .fixed(0)
    public init() {}

    /// The flex in force: the interval when none is set (androidx clamps it to 5 min … interval).
    public var flex: Millis { min(max(flexInterval ?? repeatInterval, Self.minimumFlexInterval), repeatInterval) }
}
