/// The telemetry sample a parameter's belief came from (`dnsim-events fit`'s `sample:`): its size
/// n₀ and the estimate's standard error on the belief's own scale (the log of the value for a
/// lognormal belief, the value for a normal one), so one row of it carries τ² = n₀·SE² and a future
/// sample of n rows estimates the parameter with standard error τ/√n (`SampleInformation`).
public struct FitSample: Sendable, Equatable {
    /// The parameter's key: its keyed draws' stream.
    public var key: String
    /// n₀, in the fit's own units (rows, devices or messages).
    public var size: Int
    /// The estimate's standard error on the belief's scale.
    public var standardError: Double
    /// Whether that scale is the log of the value (a lognormal belief).
    public var logScale: Bool

    public init(key: String, size: Int, standardError: Double, logScale: Bool) {
        self.key = key
        self.size = size
        self.standardError = standardError
        self.logScale = logScale
    }

    /// The standard error of a future sample of `n`: SE·√(n₀/n).
    public func standardError(ofSize n: Int) -> Double { standardError * (Double(size) / Double(n)).squareRoot() }
}
