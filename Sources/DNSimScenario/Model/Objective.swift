import DNSimCore

/// What "better" means for a decision (docs/model.md §9): a utility per cycle as a weighted sum
/// of outcome rates (and lost updates and costs), constraints an arm must meet, and the smallest
/// utility difference that counts.
public struct Objective: Sendable, Equatable {
    public var weights: [(term: ObjectiveTerm, weight: Double)]
    public var constraints: [ObjectiveConstraint]
    /// Utility differences below this are ties.
    public var tie: Double
    /// In an uncertainty study, the share of worlds in which an arm must meet the constraints.
    public var feasibleShare: Double
    public var mark: SourceMark

    public static let defaultTie = 0.005
    public static let defaultFeasibleShare = 0.9

    public static func == (a: Objective, b: Objective) -> Bool {
        a.weights.map(\.term) == b.weights.map(\.term) && a.weights.map(\.weight) == b.weights.map(\.weight)
            && a.constraints == b.constraints && a.tie == b.tie && a.feasibleShare == b.feasibleShare
    }

    /// The utility per cycle of an arm.
    public func utility(_ statistics: ArmStatistics, days: Int) -> Double {
        weights.reduce(0) { $0 + $1.weight * $1.term.value(statistics, days: days) }
    }

    /// Whether an arm meets every constraint.
    public func isFeasible(_ statistics: ArmStatistics, days: Int) -> Bool {
        constraints.allSatisfy { $0.holds(statistics, days: days) }
    }

    /// The utility per cycle of an arm's summary row (a variant's cell of an `ExperimentTable`).
    public func utility(_ row: SummaryTable.Row) -> Double {
        weights.reduce(0) { $0 + $1.weight * $1.term.value(row) }
    }

    /// Whether an arm's summary row meets every constraint.
    public func isFeasible(_ row: SummaryTable.Row) -> Bool {
        constraints.allSatisfy { $0.holds(row) }
    }

    /// The weights on the rate metrics, indexed by `RateMetric.rawValue`, for paired intervals.
    public var rateWeights: [Double] {
        var weights = [Double](repeating: 0, count: RateMetric.allCases.count)
        for (term, weight) in self.weights { if case .rate(let metric) = term { weights[metric.rawValue] += weight } }
        return weights
    }

    /// Whether some weight falls on lost updates or a cost, which paired intervals leave out.
    public var weighsCounters: Bool {
        weights.contains { if case .rate = $0.term { return false } else { return $0.weight != 0 } }
    }

    /// `1 × fresh − 0.2 × stale − 2 × missed`, as reports print it.
    public var formula: String {
        var text = ""
        for (index, (term, weight)) in weights.enumerated() {
            let magnitude = ScenarioReader.show(abs(weight))
            if index == 0 {
                text += weight < 0 ? "−\(magnitude) × \(term.name)" : "\(magnitude) × \(term.name)"
            } else {
                text += (weight < 0 ? " − " : " + ") + "\(magnitude) × \(term.name)"
            }
        }
        return text.isEmpty ? "0" : text
    }
}
