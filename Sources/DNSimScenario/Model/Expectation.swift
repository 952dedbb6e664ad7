import DNSimCore

/// One `expect:` entry: a bound on a `summary.csv` column, or on the objective's utility per cycle,
/// for an arm (or `*`), in the scenario as written or, with `probability`, in that share of an
/// uncertainty study's worlds.
public struct Expectation: Sendable, Equatable {
    public var arm: String
    public var metric: String
    public var min: Double?
    public var max: Double?
    /// The share of an uncertainty study's worlds in which the bound must hold (docs/model.md §9);
    /// nil: the bound applies to the scenario as written.
    public var probability: Double?
    /// The fleet segment whose devices alone the bound applies to (`segments.csv`); nil: the whole fleet.
    public var segment: String?
    public var mark: SourceMark

    /// `metric: utility`: the objective's utility per cycle, not a `summary.csv` column.
    public static let utility = "utility"

    public init(
        arm: String, metric: String, min: Double?, max: Double?, probability: Double? = nil,
        segment: String? = nil, mark: SourceMark
    ) {
        self.arm = arm
        self.metric = metric
        self.min = min
        self.max = max
        self.probability = probability
        self.segment = segment
        self.mark = mark
    }

    public func applies(to armName: String) -> Bool {
        if arm == "*" { return true }
        if arm.hasSuffix("/*") { return armName.hasPrefix(String(arm.dropLast())) }
        if arm.hasPrefix("*/") { return armName.hasSuffix(String(arm.dropFirst())) }
        return arm == armName
    }
}
