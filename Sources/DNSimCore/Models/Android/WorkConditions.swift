/// What decides when an Android device's WorkManager fetch job may run (docs/model.md §2,
/// WorkManager), handed to telemetry at the device's start (`fetchWith: workManager`): the job's
/// constraints and the periods over the run during which a regular job is held.
public struct WorkConditions: Sendable {
    /// The run's span: [start, end).
    public var start: Millis
    public var end: Millis
    public var requiresCharging: Bool
    public var requiresNetwork: Bool
    /// Doze periods within the run, [from, to): the phone idle and unplugged, between maintenance
    /// windows (`DozeSchedule.heldPeriods`); empty without Doze or for expedited work.
    public var doze: [(Millis, Millis)]
    public var offline: TimeWindows
    public var charging: TimeWindows

    public init(
        start: Millis, end: Millis, requiresCharging: Bool, requiresNetwork: Bool, doze: [(Millis, Millis)],
        offline: TimeWindows, charging: TimeWindows
    ) {
        self.start = start
        self.end = end
        self.requiresCharging = requiresCharging
        self.requiresNetwork = requiresNetwork
        self.doze = doze
        self.offline = offline
        self.charging = charging
    }
}
