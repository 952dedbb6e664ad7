/// Worlds grouped into their resampling units (`DecisionInput.units`), for standard errors that
/// count independent draws: a Sobol sample's k + 2 worlds share their values, so they are one draw.
struct Clusters {
    /// The worlds of each unit, in order of first appearance.
    let members: [[Int]]
    var count: Int { members.count }

    /// Nil when every world is its own unit: the plain formulas apply unchanged.
    init?(_ units: [Int]) {
        var position: [Int: Int] = [:]
        var members: [[Int]] = []
        for (world, unit) in units.enumerated() {
            if let index = position[unit] {
                members[index].append(world)
            } else {
                position[unit] = members.count
                members.append([world])
            }
        }
        guard members.count < units.count else { return nil }
        self.members = members
    }

    /// The standard error of the mean over worlds of `values`, as a ratio estimator over units:
    /// √(Σ(Yᵤ − R·nᵤ)² / (U(U − 1))) / n̄, Yᵤ the unit's sum and nᵤ its worlds (Cochran 1977, §6.4).
    func standardError(of values: [Double]) -> Double {
        let u = Double(members.count)
        guard members.count > 1 else { return 0 }
        let total = values.reduce(0, +), worlds = Double(values.count)
        let ratio = total / worlds
        var squares = 0.0
        for unit in members {
            let residual = unit.reduce(0) { $0 + values[$1] } - ratio * Double(unit.count)
            squares += residual * residual
        }
        return (squares / (u * (u - 1))).squareRoot() / (worlds / u)
    }
}
