import CGSL
import DNSimCore

/// How sure a recommendation is over the worlds drawn (`DecisionAnalysis`): the share of bootstrap
/// resamples of the worlds in which the eligibility rule picks the same arm (or, without a
/// recommendation, again none), and below 0.95 the worlds estimated to reach it.
///
/// Resamples draw whole resampling units (`DecisionInput.units`) with replacement; resample b
/// draws from the keyed stream (seed, device: `DecisionInput.stream`, `.decisionBootstrap`,
/// index: b), so the share is a function of the seed. In a resample the rule is applied as in the
/// full study: eligible when feasible in at least the required share of its worlds, then the
/// highest mean utility (least expected regret), the lower index on a tie.
struct DecisionStability {
    var share: Double
    var worldsNeeded: Int?

    static let target = 0.95

    init(_ input: DecisionInput, recommended: Int?) {
        let worlds = input.utilities.count
        let arms = input.utilities.first?.count ?? 0
        var unitOf = [Int: Int]()
        var members: [[Int]] = []
        for (world, unit) in input.units.enumerated() {
            if let index = unitOf[unit] {
                members[index].append(world)
            } else {
                unitOf[unit] = members.count
                members.append([world])
            }
        }
        let units = members.count
        guard units > 0, arms > 0, input.resamples > 0 else {
            share = 1
            worldsNeeded = nil
            return
        }
        // Per unit: the sum of each arm's utility and its count of feasible worlds.
        var sums = [[Double]](repeating: [Double](repeating: 0, count: arms), count: units)
        var feasible = [[Int]](repeating: [Int](repeating: 0, count: arms), count: units)
        for (unit, worldsOfUnit) in members.enumerated() {
            for world in worldsOfUnit {
                for a in 0..<arms {
                    sums[unit][a] += input.utilities[world][a]
                    if input.feasible[world][a] { feasible[unit][a] += 1 }
                }
            }
        }
        let random = KeyedRandom(seed: input.seed)
        var kept = 0
        var total = [Double](repeating: 0, count: arms)
        var counts = [Int](repeating: 0, count: arms)
        for resample in 0..<input.resamples {
            random.begin(device: input.stream, source: .decisionBootstrap, index: resample)
            for a in 0..<arms {
                total[a] = 0
                counts[a] = 0
            }
            var drawnWorlds = 0
            for _ in 0..<units {
                let unit = random.index(below: units)
                drawnWorlds += members[unit].count
                for a in 0..<arms {
                    total[a] += sums[unit][a]
                    counts[a] += feasible[unit][a]
                }
            }
            var pick: Int?
            for a in 0..<arms where Double(counts[a]) >= input.requiredFeasibleShare * Double(drawnWorlds) - 1e-9 {
                if pick == nil || total[a] > total[pick!] { pick = a }
            }
            if pick == recommended { kept += 1 }
        }
        share = Double(kept) / Double(input.resamples)
        guard share < Self.target else {
            worldsNeeded = nil
            return
        }
        // A share at or below one half has no margin to scale; half a resample above it bounds z.
        let z = gsl_cdf_ugaussian_Pinv(Swift.max(share, 0.5 + 0.5 / Double(input.resamples)))
        let scale = gsl_cdf_ugaussian_Pinv(Self.target) / z
        let perUnit = Double(worlds) / Double(units)
        let neededUnits = (Double(units) * scale * scale).rounded(.up)
        worldsNeeded = Int(Swift.min(neededUnits * perUnit, 1e15).rounded(.up))
    }
}
