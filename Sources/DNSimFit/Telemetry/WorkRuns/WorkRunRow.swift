/// One WorkManager fetch job as telemetry records it (work-runs.csv); times are UTC epoch
/// milliseconds. The simulator's `--emit-telemetry` and the CSV reader both speak in these rows.
public struct WorkRunRow: Sendable, Equatable {
    public var workID: String
    public var enqueuedAt: Int64
    /// When the job could first run by its own request: the end of its initial delay, or its
    /// periodic run time (`WorkInfo.nextScheduleTimeMillis`); never before `enqueuedAt`.
    public var earliestRun: Int64
    /// When the worker started; nil when it was not seen to run before `observedUntil`.
    public var ranAt: Int64?
    /// When observation of this job stopped (cancelled, replaced, or the log's end).
    public var observedUntil: Int64
    /// The device (the id eligibility.csv uses); nil: not logged.
    public var device: String?
    /// `setRequiresCharging`, `NetworkType.CONNECTED`.
    public var requiresCharging: Bool
    public var requiresNetwork: Bool

    public init(
        workID: String, enqueuedAt: Int64, earliestRun: Int64, ranAt: Int64?, observedUntil: Int64,
        device: String? = nil,
        requiresCharging: Bool = false, requiresNetwork: Bool = false
    ) {
        self.workID = workID
        self.enqueuedAt = enqueuedAt
        self.earliestRun = earliestRun
        self.ranAt = ranAt
        self.observedUntil = observedUntil
        self.device = device
        self.requiresCharging = requiresCharging
        self.requiresNetwork = requiresNetwork
    }
}
