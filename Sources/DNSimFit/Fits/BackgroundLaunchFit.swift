/// BG-launch telemetry fitted: the mixture-cure model (a share `never` that
/// never runs, the rest delayed by a parametric family) per family.
public struct BackgroundLaunchFit: Sendable {
    public let data: BackgroundLaunchData
    public let delays: DelayFit

    public static func fit(
        _ data: BackgroundLaunchData, options: FitOptions = FitOptions(),
        source: String = "telemetry"
    ) throws(FitError) -> BackgroundLaunchFit {
        BackgroundLaunchFit(
            data: data,
            delays: try DelayFit.fit(data.sample, hasNever: !data.workJobs, options: options, source: source))
    }

    public static func fit(
        _ data: BackgroundLaunchData, families: [DelayFamily], bootstrap: Int, seed: UInt64,
        source: String = "telemetry"
    ) throws(FitError) -> BackgroundLaunchFit {
        try fit(data, options: FitOptions(families: families, bootstrap: bootstrap, seed: seed), source: source)
    }
}
