/// One family fitted to a delay sample by maximum likelihood.
public struct FamilyFit: Sendable {
    public let family: DelayFamily
    /// Delay parameters in `family.parameterNames` order, natural units.
    public internal(set) var parameters: [FittedParameter]
    /// The share that never ends, or nil for models without one (fetch latency).
    public internal(set) var never: FittedParameter?
    public internal(set) var neverInterval: NeverInterval?
    /// Whether the delay parameters' intervals are the bootstrap's percentile intervals
    /// (else Wald from the observed information).
    public internal(set) var percentileIntervals = false
    /// Log-likelihood with densities per second.
    public let logLikelihood: Double
    /// 2k − 2ℓ, k counting never when it is estimated.
    public let aic: Double
    /// Largest vertical gap between the Kaplan–Meier curve and S_pop.
    public internal(set) var ks: Double
    /// Parametric-bootstrap p-value of the gap, nil when no bootstrap ran.
    public internal(set) var bootstrapP: Double?
    public internal(set) var bootstrapReplicates: Int
    /// Whether the optimiser reached a stationary point.
    public let converged: Bool

    /// Natural parameter values, `parameters` without intervals.
    public var values: [Double] { parameters.map(\.value) }

    /// S_pop(t) = never + (1 − never)·S(t): the share of rows not ended by t.
    public func survival(at seconds: Double) -> Double {
        let pi = never?.value ?? 0
        return pi + (1 - pi) * family.survival(seconds, values)
    }

    /// The value of a named parameter (`never` included).
    /// The bootstrap's percentile intervals in place of the likelihood's: for every delay
    /// parameter, and for never when its interval was a logit-scale Wald one (a profile
    /// interval from 0 is a likelihood interval that covers already).
    mutating func adopt(_ outcome: BootstrapOutcome) {
        bootstrapP = outcome.pValue
        bootstrapReplicates = outcome.replicates
        let count = parameters.count
        guard (0..<count).allSatisfy({ outcome.percentileInterval($0) != nil }) else { return }
        parameters = parameters.enumerated().map { i, p in
            let ends = outcome.percentileInterval(i)!
            return FittedParameter(name: p.name, value: p.value, low: ends.low, high: ends.high)
        }
        percentileIntervals = true
        if let never, neverInterval == .logitWald, let ends = outcome.percentileInterval(count) {
            self.never = FittedParameter(name: never.name, value: never.value, low: ends.low, high: ends.high)
            neverInterval = .bootstrapPercentile
        }
    }

    public func parameter(_ name: String) -> FittedParameter? {
        name == "never" ? never : parameters.first { $0.name == name }
    }
}
