/// What wakes the plugin to fetch on Android (`platforms.android.fetchWith`).
public enum AndroidFetchScheduler: String, Sendable, CaseIterable {
    /// An `AlarmManager` alarm at F (its kind, permission and Doze rules: `AndroidAlarms`).
    case alarm
    /// androidx WorkManager work on JobScheduler: a job that may run from F, under JobScheduler's
    /// constraints, Doze and App Standby quotas (`WorkManagerJobs`).
    case workManager
}
