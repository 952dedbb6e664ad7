/// The fit of one telemetry file, whatever its kind.
public enum TelemetryFit: Sendable {
    case backgroundLaunches(BackgroundLaunchFit)
    case fetchAttempts(FetchAttemptFit)
    case appOpens(AppOpenFit)
    case pushDelivery(PushDeliveryFit)

    /// Fits a file read by `TelemetryFile.read`. Options that do not apply
    /// to the kind (families, bootstrap for opens) are ignored.
    public static func run(_ file: TelemetryFile, options: FitOptions = FitOptions()) throws(FitError) -> TelemetryFit {
        GSLFitSetup.installErrorHandler()
        return switch file.content {
        case .backgroundLaunches(let data):
            .backgroundLaunches(try BackgroundLaunchFit.fit(data, options: options, source: file.path))
        case .fetchAttempts(let data):
            .fetchAttempts(try FetchAttemptFit.fit(data, options: options, source: file.path))
        case .appOpens(let data): .appOpens(AppOpenFit.fit(data))
        case .pushDelivery(let data): .pushDelivery(try PushDeliveryFit.fit(data, source: file.path))
        }
    }
}

extension TelemetryFit {
    /// Why the goodness-of-fit test rejects each delay fit's best family (bootstrap p < 0.05);
    /// empty when every test passed or none ran.
    public var rejections: [String] {
        switch self {
        case .backgroundLaunches(let fit):
            [
                fit.delays.rejection(
                    fit.data.workJobs
                        ? "the WorkManager job delay"
                        : "the BG launch delay")
            ].compactMap { $0 }
        case .fetchAttempts(let fit): [fit.latency.rejection("the fetch latency")].compactMap { $0 }
        case .appOpens, .pushDelivery: []
        }
    }
}
