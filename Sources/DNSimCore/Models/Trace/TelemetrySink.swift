/// Receives what a device's telemetry would log, in the terms a team's own
/// logs use (`dnsim-events run --emit-telemetry`): BG requests as the app
/// submits them and iOS launches them, fetch attempts and app opens.
/// Simulation without it records nothing.
public protocol TelemetrySink: AnyObject {
    /// A BG request is submitted (replacing any pending one) with `earliestBeginDate`.
    func backgroundRequestSubmitted(at time: Millis, earliestBegin: Millis)
    /// iOS launches the pending request.
    func backgroundRequestLaunched(at time: Millis)
    /// The pending request is cancelled without a launch (a force-quit, or iOS declining to launch it).
    func backgroundRequestCancelled(at time: Millis)
    /// One fetch attempt, from its start to its end.
    func fetchAttempt(startedAt: Millis, finishedAt: Millis, outcome: TelemetryFetchOutcome)
    func appOpened(at time: Millis)
    /// The device's run ends: what is still pending was observed until `time`.
    func deviceEnded(at time: Millis)
    /// iOS, at the device's start: what its BG requests need and the periods that hold them, so the
    /// telemetry can say when each request could run (eligibility.csv).
    func backgroundConditions(_ conditions: BackgroundConditions)
    /// Android (`fetchWith: workManager`): the fetch work is enqueued (closing any open one) to run
    /// from `earliestRun` (its initial delay's end, or its periodic run time).
    func workEnqueued(at time: Millis, earliestRun: Millis)
    /// The pending fetch job runs.
    func workRan(at time: Millis)
    /// The pending fetch job is cancelled (replaced, a force stop, the schedule cancelled).
    func workCancelled(at time: Millis)
    /// Android, at the device's start: what holds its fetch job (work-runs.csv's eligibility.csv).
    func workConditions(_ conditions: WorkConditions)
}

extension TelemetrySink {
    public func backgroundConditions(_ conditions: BackgroundConditions) {}
    public func workEnqueued(at time: Millis, earliestRun: Millis) {}
    public func workRan(at time: Millis) {}
    public func workCancelled(at time: Millis) {}
    public func workConditions(_ conditions: WorkConditions) {}
}

/// How a fetch attempt ended, as telemetry logs it.
public enum TelemetryFetchOutcome: Sendable {
    case ok
    case empty
    case error
    /// The plugin's timeout or the BG budget ended it.
    case timeout
}
