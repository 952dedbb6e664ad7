/// Fetch telemetry fitted: a latency family (responses end, timeouts are
/// censored at their duration, no never share) and the outcome shares.
public struct FetchAttemptFit: Sendable {
    public let data: FetchAttemptData
    public let latency: DelayFit
    /// error + timeout among all attempts.
    public let failure: ProportionEstimate
    /// error among all attempts: the scenario's `fetch.failure`, since the
    /// simulator makes timeouts itself from the latency tail and the plugin timeout.
    public let error: ProportionEstimate
    public let timeout: ProportionEstimate
    /// empty among responses (ok + empty): how often a fetch finds no updates.
    public let empty: ProportionEstimate

    public static func fit(
        _ data: FetchAttemptData, options: FitOptions = FitOptions(),
        source: String = "telemetry"
    ) throws(FitError) -> FetchAttemptFit {
        let latency = try DelayFit.fit(data.latency, hasNever: false, options: options, source: source)
        return FetchAttemptFit(
            data: data, latency: latency,
            failure: ProportionEstimate(count: data.error + data.timeout, total: data.rows),
            error: ProportionEstimate(count: data.error, total: data.rows),
            timeout: ProportionEstimate(count: data.timeout, total: data.rows),
            empty: ProportionEstimate(count: data.empty, total: data.ok + data.empty))
    }
}
