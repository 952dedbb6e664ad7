/// The WorkManager request the plugin enqueues (`platforms.android.workManager.request`).
public enum WorkRequestKind: String, Sendable, CaseIterable {
    /// `OneTimeWorkRequest` with an initial delay to F, enqueued again by the worker and by each app open.
    case oneTime
    /// `PeriodicWorkRequest`: its runs follow androidx's `WorkSpec.calculateNextRunTime`, each
    /// `repeatInterval` after the last run, so a late run moves every later one.
    case periodic
}
