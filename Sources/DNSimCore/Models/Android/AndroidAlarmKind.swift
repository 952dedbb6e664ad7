/// Which `AlarmManager` call the plugin uses for its alarms.
public enum AndroidAlarmKind: String, Sendable, CaseIterable {
    /// `setExactAndAllowWhileIdle`: on time, also in Doze (a quota of about one
    /// per 9 minutes per app in Doze never binds for a few alarms a day).
    case exactAllowWhileIdle
    /// `setExact`: on time while the phone is awake; in Doze, deferred to the
    /// next maintenance window.
    case setExact
    /// `setAlarmClock`: always exact, and it brings the phone out of Doze.
    case alarmClock
}
