/// A parameter's sensitivity indices for one output, with bootstrap 95% percentile intervals
/// (`SobolEstimator`). A nil field is not defined: zero output variance, too few complete samples,
/// or `total` and the intervals under a Latin hypercube (where `firstOrder` holds the partial rank
/// correlation instead).
public struct SensitivityIndex: Sendable, Equatable {
    public var firstOrder: Double?
    public var firstOrderLow: Double?
    public var firstOrderHigh: Double?
    public var total: Double?
    public var totalLow: Double?
    public var totalHigh: Double?
    /// The standard deviation of the bootstrap replicates (an estimate of the standard error).
    public var firstOrderStandardError: Double?
    public var totalStandardError: Double?

    public init(
        firstOrder: Double? = nil, firstOrderLow: Double? = nil, firstOrderHigh: Double? = nil,
        total: Double? = nil, totalLow: Double? = nil, totalHigh: Double? = nil,
        firstOrderStandardError: Double? = nil, totalStandardError: Double? = nil
    ) {
        self.firstOrder = firstOrder
        self.firstOrderLow = firstOrderLow
        self.firstOrderHigh = firstOrderHigh
        self.total = total
        self.totalLow = totalLow
        self.totalHigh = totalHigh
        self.firstOrderStandardError = firstOrderStandardError
        self.totalStandardError = totalStandardError
    }
}
