/// A value of an ordered parameter where the arm best on average, given the parameter, changes
/// (`DecisionAnalysis`): `from` is best just below `at`, `to` just above. Arms are 0-based indices,
/// `parameter` the 0-based column of `DecisionInput.parameters`, `at` in its units.
public struct Flip: Sendable, Equatable {
    public var parameter: Int
    public var at: Double
    /// The 95% interval of the flip's location (bootstrap over the worlds near it), in `at`'s units.
    public var low: Double
    public var high: Double
    public var from: Int
    public var to: Int

    public init(parameter: Int, at: Double, low: Double? = nil, high: Double? = nil, from: Int, to: Int) {
        self.parameter = parameter
        self.at = at
        self.low = low ?? at
        self.high = high ?? at
        self.from = from
        self.to = to
    }
}
