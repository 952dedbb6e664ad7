/// Scenario discovery by PRIM, the patient rule induction method (Friedman & Fisher 1999, "Bump
/// hunting in high-dimensional data", Statistics and Computing 9:123; as the EMA workbench uses it,
/// Kwakkel 2017): starting from every world, repeatedly peel the α = 5% of the box's worlds, at
/// the low or the high end of one ordered parameter, whose removal most raises the share of
/// failing worlds left, while the box keeps at least 5% of the worlds (10 at least) and the share
/// rises. Of the boxes on that trajectory, the last that still holds at least half the failing
/// worlds is reported, less any restriction the worlds do not support (the worlds it alone cuts off
/// must fail clearly less often, by two standard errors). Categorical parameters are not peeled; no
/// pasting.
public enum PatientRuleInduction {
    static let peel = 0.05
    static let minimumSupport = 0.05
    static let minimumCoverage = 0.5

    /// `parameters[world][column]`, `fails[world]`; nil when no world fails.
    public static func box(parameters: [[Double]], categorical: [Bool], fails: [Bool], constraint: String)
        -> FailureBox?
    {
        let worlds = fails.count
        let failing = fails.filter { $0 }.count
        guard failing > 0 else { return nil }
        let columns = categorical.count
        let support = Swift.max(10, Int((minimumSupport * Double(worlds)).rounded(.up)))
        var inside = Array(0..<worlds)
        var low = (0..<columns).map { c in parameters.map { $0[c] }.min() ?? 0 }
        var high = (0..<columns).map { c in parameters.map { $0[c] }.max() ?? 0 }
        let full = (low, high)
        func density(_ members: [Int]) -> Double { Double(members.filter { fails[$0] }.count) / Double(members.count) }
        var chosen = (low: low, high: high, inside: inside)
        while inside.count > support {
            let current = density(inside)
            guard current < 1 else { break }
            var best: (density: Double, column: Int, isLow: Bool, bound: Double, members: [Int])?
            for c in 0..<columns where !categorical[c] {
                let values = inside.map { parameters[$0][c] }.sorted()
                let k = Swift.max(1, Int(peel * Double(values.count)))
                // Raise the low end past the k lowest values (ties go together), or lower the high end.
                if let next = values.first(where: { $0 > values[k - 1] }) {
                    let members = inside.filter { parameters[$0][c] >= next }
                    if members.count >= support, best == nil || density(members) > best!.density {
                        best = (density(members), c, true, next, members)
                    }
                }
                if let next = values.last(where: { $0 < values[values.count - k] }) {
                    let members = inside.filter { parameters[$0][c] <= next }
                    if members.count >= support, best == nil || density(members) > best!.density {
                        best = (density(members), c, false, next, members)
                    }
                }
            }
            guard let step = best, step.density > current else { break }
            if step.isLow { low[step.column] = step.bound } else { high[step.column] = step.bound }
            inside = step.members
            let covered = Double(inside.filter { fails[$0] }.count) / Double(failing)
            if covered >= minimumCoverage { chosen = (low, high, inside) }
        }
        var limits = (0..<columns).compactMap { c -> FailureBox.Limit? in
            guard chosen.low[c] != full.0[c] || chosen.high[c] != full.1[c] else { return nil }
            return FailureBox.Limit(parameter: c, low: chosen.low[c], high: chosen.high[c])
        }
        func members(_ limits: [FailureBox.Limit]) -> [Int] {
            (0..<worlds).filter { w in
                limits.allSatisfy { parameters[w][$0.parameter] >= $0.low && parameters[w][$0.parameter] <= $0.high }
            }
        }
        // Drop the restrictions the worlds do not support: one stays only if the worlds it alone
        // cuts off fail clearly less often than those inside (two standard errors of the
        // difference of the two shares); the weakest goes first.
        while !limits.isEmpty {
            let inside = members(limits)
            let pIn = density(inside), nIn = Double(inside.count)
            var weakest: (index: Int, margin: Double)?
            for index in limits.indices {
                var others = limits
                others.remove(at: index)
                let insideSet = Set(inside)
                let outside = members(others).filter { !insideSet.contains($0) }
                let margin: Double
                if outside.isEmpty {
                    margin = -.infinity
                } else {
                    let pOut = density(outside), nOut = Double(outside.count)
                    let error = (pIn * (1 - pIn) / nIn + pOut * (1 - pOut) / nOut).squareRoot()
                    margin = (pIn - pOut) - 2 * error
                }
                if weakest == nil || margin < weakest!.margin { weakest = (index, margin) }
            }
            guard let drop = weakest, drop.margin <= 0 else { break }
            limits.remove(at: drop.index)
        }
        chosen.inside = members(limits)
        let hits = chosen.inside.filter { fails[$0] }.count
        return FailureBox(
            constraint: constraint, limits: limits, coverage: Double(hits) / Double(failing),
            density: Double(hits) / Double(chosen.inside.count))
    }
}
