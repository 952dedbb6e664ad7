import DNSimCore
import DNSimScenario

/// How far one weight or constraint bound of the objective may move, the others held, before the
/// study's recommendation changes (docs/model.md §9, "Weights are uncertain too"): the
/// recommendation is the same for values in [low, high]; a nil end holds to the end of the search.
///
/// A weight ω moves every arm's mean utility along a line, ū_a + (ω′ − ω)·t̄_a with t̄_a the arm's
/// mean term, while eligibility stays: the break-even values are where the recommended arm's line
/// meets another eligible arm's, exactly. A bound moves eligibility instead, in steps at the
/// values the metric takes in the worlds: each step is tried, outward from the bound. Weights are
/// searched within ±10 times their magnitude; bounds over the metric's range ([0, 1] for a rate,
/// otherwise the values it takes).
public struct BreakEven: Sendable, Equatable {
    /// `weights.missed` or `constraints.missed_rate.max`.
    public var what: String
    public var value: Double
    public var low: Double?
    public var high: Double?

    /// The range of a weight ω over which `recommended` keeps the highest mean utility among the
    /// eligible arms, each arm's mean moving as ū_a + (ω′ − ω)·t̄_a; an end beyond ±10|ω| is nil.
    public static func weightRange(
        weight: Double, meanUtility: [Double], meanTerm: [Double], eligible: [Bool],
        recommended r: Int
    ) -> (low: Double?, high: Double?) {
        // A zero weight has no magnitude to scale: search ±10 utility units per unit of the term.
        let reach = weight == 0 ? 10 : 10 * abs(weight)
        var up = Double.infinity, down = Double.infinity
        for b in meanUtility.indices where b != r && eligible[b] {
            let slope = meanTerm[b] - meanTerm[r]
            guard slope != 0 else { continue }
            let delta = (meanUtility[r] - meanUtility[b]) / slope
            if slope > 0 {
                up = Swift.min(up, Swift.max(delta, 0))
            } else {
                down = Swift.min(down, Swift.max(-delta, 0))
            }
        }
        return (down <= reach ? weight - down : nil, up <= reach ? weight + up : nil)
    }

    static func search(_ study: UncertaintyStudy, arms: [Int]) -> [BreakEven] {
        let worlds = Double(study.designs.count)
        guard worlds > 0, !arms.isEmpty else { return [] }
        let objective = study.objective
        let share = objective.feasibleShare
        var result: [BreakEven] = []
        let meanUtility = arms.map { a in study.utilities.reduce(0) { $0 + $1[a] } / worlds }
        let feasibleCount = arms.map { a in study.feasible.reduce(0) { $0 + ($1[a] ? 1 : 0) } }
        func pick(_ means: [Double], _ counts: [Int]) -> Int? {
            var best: Int?
            for i in arms.indices where Double(counts[i]) >= share * worlds - 1e-9 {
                if best == nil || means[i] > means[best!] { best = i }
            }
            return best
        }
        let recommended = pick(meanUtility, feasibleCount)

        for (term, weight) in objective.weights {
            let terms = arms.map { a in study.table.cells.reduce(0) { $0 + term.value($1[a]) } / worlds }
            let eligible = arms.indices.map { Double(feasibleCount[$0]) >= share * worlds - 1e-9 }
            let (low, high) =
                recommended.map {
                    Self.weightRange(
                        weight: weight, meanUtility: meanUtility, meanTerm: terms, eligible: eligible, recommended: $0)
                } ?? (nil, nil)
            result.append(BreakEven(what: "weights.\(term.name)", value: weight, low: low, high: high))
        }

        for (index, constraint) in objective.constraints.enumerated() {
            guard let column = SummaryColumns.named(constraint.metric) else { continue }
            // values[world][arm] of the constrained metric; the other constraints' verdicts held.
            let values = study.table.cells.map { world in arms.map { world[$0].figure(column.name) } }
            let others = study.table.cells.map { world in
                arms.map { a in
                    objective.constraints.enumerated().allSatisfy { $0.offset == index || $0.element.holds(world[a]) }
                }
            }
            let observed = Set(values.joined().compactMap { $0 }).sorted()
            let range = column.unit == "fraction" ? (0.0, 1.0) : (observed.first ?? 0, observed.last ?? 0)
            func recommendation(_ bound: ObjectiveConstraint) -> Int? {
                var counts = [Int](repeating: 0, count: arms.count)
                for (world, row) in values.enumerated() {
                    for i in arms.indices where others[world][i] {
                        if let value = row[i], bound.holds(value) { counts[i] += 1 }
                    }
                }
                return pick(meanUtility, counts)
            }
            for (side, value) in [("min", constraint.min), ("max", constraint.max)] {
                guard let value else { continue }
                func moved(_ to: Double) -> ObjectiveConstraint {
                    var bound = constraint
                    if side == "min" { bound.min = to } else { bound.max = to }
                    return bound
                }
                // Feasibility changes only as the bound passes an observed value: try each, outward.
                // A max bound admits a value at it, a min bound too, so the steps are the values.
                let inside = observed.filter { $0 >= range.0 && $0 <= range.1 }
                var high: Double? = nil, low: Double? = nil
                // Raising a min bound first excludes the worlds at the bound itself; lowering a max one too.
                for candidate in inside where side == "min" ? candidate >= value : candidate > value {
                    // For a max bound, raising it to `candidate` admits it; for a min bound, the
                    // values below `candidate` leave once it passes them: try just above.
                    let probe = side == "max" ? candidate : candidate.nextUp
                    guard probe <= range.1 else { break }
                    if recommendation(moved(probe)) != recommended { high = candidate; break }
                }
                for candidate in inside.reversed() where side == "max" ? candidate <= value : candidate < value {
                    let probe = side == "max" ? candidate.nextDown : candidate
                    guard probe >= range.0 else { break }
                    if recommendation(moved(probe)) != recommended { low = candidate; break }
                }
                result.append(
                    BreakEven(what: "constraints.\(constraint.metric).\(side)", value: value, low: low, high: high))
            }
        }
        return result
    }
}
