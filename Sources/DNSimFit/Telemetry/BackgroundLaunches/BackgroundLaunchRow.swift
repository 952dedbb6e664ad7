/// One BGTaskScheduler request as telemetry records it; times are UTC epoch
/// milliseconds. The simulator's `--emit-telemetry` and the CSV reader
/// both speak in these rows.
public struct BackgroundLaunchRow: Sendable, Equatable {
    public var requestID: String
    public var submittedAt: Int64
    /// The request's earliestBeginDate (submittedAt when it had none).
    public var earliestBegin: Int64
    /// When the task launched; nil when it was not seen to run before `observedUntil`.
    public var launchedAt: Int64?
    /// When observation of this request stopped (the log's end for this device).
    public var observedUntil: Int64
    /// The device it was submitted on (the `device` column), to match eligibility periods; nil: not logged.
    public var device: String?
    /// What it needs to run (the `kind`, `requires_power`, `requires_network` columns); nil: not logged.
    public var needs: BackgroundRequestNeeds?

    public init(
        requestID: String, submittedAt: Int64, earliestBegin: Int64, launchedAt: Int64?, observedUntil: Int64,
        device: String? = nil, needs: BackgroundRequestNeeds? = nil
    ) {
        self.requestID = requestID
        self.submittedAt = submittedAt
        self.earliestBegin = earliestBegin
        self.launchedAt = launchedAt
        self.observedUntil = observedUntil
        self.device = device
        self.needs = needs
    }

    /// max(submittedAt, earliestBegin): when the OS may first run the task (docs/model.md §2).
    public var eligibleAt: Int64 { max(submittedAt, earliestBegin) }
}
