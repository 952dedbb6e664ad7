import CGSL

/// App-open telemetry summarised for `user.appOpensPerDay` and
/// `user.appOpenHours`: opens per device per day across devices, and the
/// share of opens in each local hour.
public struct AppOpenFit: Sendable {
    public let data: AppOpenData
    public var devices: Int { data.opensPerDevice.count }
    public var days: Int { data.days }
    /// Per-device opens per day, ascending.
    public let perDeviceRates: [Double]
    /// Mean across devices (the scenario's appOpensPerDay).
    public let opensPerDay: Double
    /// Standard deviation across devices.
    public let spread: Double
    /// 95% t-interval of the mean across devices (NaN with one device).
    public let low: Double
    public let high: Double
    /// Variance / mean of per-device counts: about 1 if every device opened
    /// at the same Poisson rate, larger when users differ.
    public let dispersion: Double
    /// Relative weight of each local hour, mean 1 (the scenario's appOpenHours).
    public let hourWeights: [Double]

    public static func fit(_ data: AppOpenData) -> AppOpenFit {
        GSLFitSetup.installErrorHandler()
        let days = Double(data.days)
        let counts = data.opensPerDevice.map(Double.init)
        let rates = counts.map { $0 / days }.sorted()
        let n = Double(rates.count)
        let mean = rates.reduce(0, +) / n
        let variance = n > 1 ? rates.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1) : 0
        let sd = variance.squareRoot()
        let half = n > 1 ? gsl_cdf_tdist_Pinv(0.975, n - 1) * sd / n.squareRoot() : .nan
        let countMean = counts.reduce(0, +) / n
        let countVariance = n > 1 ? counts.reduce(0) { $0 + ($1 - countMean) * ($1 - countMean) } / (n - 1) : 0
        let total = Double(data.hourCounts.reduce(0, +))
        let weights = data.hourCounts.map { total > 0 ? Double($0) / total * 24 : 1 }
        return AppOpenFit(
            data: data, perDeviceRates: rates, opensPerDay: mean, spread: sd,
            low: half.isNaN ? .nan : max(0, mean - half),
            high: mean + half,
            dispersion: countMean > 0 ? countVariance / countMean : .nan, hourWeights: weights)
    }

    /// The q-quantile of per-device opens per day (type 7, as R's default).
    public func quantile(_ q: Double) -> Double {
        guard !perDeviceRates.isEmpty else { return .nan }
        let h = Double(perDeviceRates.count - 1) * q
        let i = Int(h), f = h - Double(i)
        return i + 1 < perDeviceRates.count
            ? perDeviceRates[i] * (1 - f) + perDeviceRates[i + 1] * f : perDeviceRates[i]
    }
}
