/// One family fitted to a delay sample by maximum likelihood.
public struct FamilyFit: Sendable {
    public let family: DelayFamily
    /// Delay parameters in `family.parameterNames` order, natural units.
    public let parameters: [FittedParameter]
    /// The share that never ends, or nil for models without one (fetch latency).
    public let never: FittedParameter?
    public let neverInterval: NeverInterval?
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
    public func parameter(_ name: String) -> FittedParameter? {
        name == "never" ? never : parameters.first { $0.name == name }
    }
}
