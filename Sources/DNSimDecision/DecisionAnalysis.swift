/// The decision over an uncertainty study's worlds: probability of being best, regret, the
/// recommendation, the expected value of perfect (EVPI) and partial perfect (EVPPI) information,
/// and where the best arm flips along each parameter.
///
/// Per world w and arm a, with U the utility: best(w) = the highest utility among the arms feasible
/// in w (among all arms when none is), regret(w, a) = best(w) − U(w, a) (negative where an
/// infeasible arm beats every feasible one). The recommendation r is the arm of least expected
/// regret among those feasible in at least `requiredFeasibleShare` of the worlds (the eligible
/// arms), the lower index on an exact tie; with none eligible, r is nil and the figures below use
/// the arm of least expected regret over all arms, which are then all eligible.
///
/// - EVPI = E[best(w)] − E[U(w, r)], r's expected regret (0 at least); without constraints it is the
///   textbook E[max_a U] − max_a E[U].
/// - EVPPI of parameter j, the simplest of the non-parametric regression estimators of Strong &
///   Oakley (2013), "An efficient method for computing single-parameter partial expected value of
///   perfect information", Med. Decis. Making 33:755, and Strong, Oakley & Brennan (2014),
///   "Estimating multiparameter partial expected value of perfect information from a
///   probabilistic sensitivity analysis sample", Med. Decis. Making 34:311: E[U | θ_j] is taken as
///   constant within bins of θ_j (`ParameterBins`: Q = clamp(round(∛W), 2, 50) quantile bins for
///   W worlds, one bin per value of a categorical parameter), and
///   EVPPI_j = Σ_bins (W_bin/W)·max_eligible a mean_bin U(·, a) − E[U(·, r)], clamped to [0, EVPI].
///   Bias: the bin maxima pick up the noise of the bin means, so a parameter that does not matter
///   shows about σ_d/√(2π·W/Q) per bin where the arms are close (σ_d the standard deviation of
///   their utility difference within a bin): positive, shrinking as W^(−1/3). Coarse bins lose what
///   is learnt within a bin, a negative bias of order (slope × bin width)²; ∛W balances the two
///   towards resolution, which the flips need.
/// - Flips (ordered parameters): the eligible arms' mean utility per bin, smoothed by a 3-bin
///   moving average weighted by the bins' world counts (the end bins average two); wherever the arm
///   best on the smoothed means changes and the new arm's smoothed lead is clear (at least `tie`
///   and 3 standard errors of the smoothed difference, so noise between close arms does not
///   flip), the flip is where the two arms' smoothed difference last crossed zero, linearly
///   interpolated between the bins' mean parameter values.
/// - probability_best uses the plain highest utility, feasible or not, exact ties split equally.
public enum DecisionAnalysis {
    public static func analyse(_ input: DecisionInput) -> DecisionSummary {
        let utilities = input.utilities
        let worlds = utilities.count
        let arms = utilities.first?.count ?? 0
        let parameters = input.parameters.first?.count ?? 0
        precondition(input.feasible.count == worlds && input.parameters.count == worlds, "one row per world")
        precondition(utilities.allSatisfy { $0.count == arms } && input.feasible.allSatisfy { $0.count == arms },
                     "every world has every arm")
        precondition(input.parameters.allSatisfy { $0.count == parameters } && input.categorical.count == parameters,
                     "every world has every parameter")
        let bins = ParameterBins.count(worlds: worlds)
        guard worlds > 0, arms > 0 else {
            return DecisionSummary(arms: [], recommended: nil, evpi: 0, evppi: [Double](repeating: 0, count: parameters),
                                   flips: [], bins: bins)
        }
        let w = Double(worlds)
        var feasibleCount = [Int](repeating: 0, count: arms)
        var bestShare = [Double](repeating: 0, count: arms)
        var regrets = [[Double]](repeating: [Double](repeating: 0, count: worlds), count: arms)
        for (index, row) in utilities.enumerated() {
            let feasible = input.feasible[index]
            let anyFeasible = feasible.contains(true)
            var best = -Double.infinity
            for a in 0..<arms where feasible[a] || !anyFeasible { best = Swift.max(best, row[a]) }
            for a in 0..<arms {
                if feasible[a] { feasibleCount[a] += 1 }
                regrets[a][index] = best - row[a]
            }
            let top = row.max()!
            let winners = row.indices.filter { row[$0] == top }
            for a in winners { bestShare[a] += 1 / Double(winners.count) }
        }
        let decisions = (0..<arms).map { a -> ArmDecision in
            let sorted = regrets[a].sorted()
            return ArmDecision(probabilityBest: bestShare[a] / w,
                               expectedUtility: utilities.reduce(0) { $0 + $1[a] } / w,
                               expectedRegret: regrets[a].reduce(0, +) / w,
                               regretQ95: Quantile.of(sorted, 0.95),
                               feasibleShare: Double(feasibleCount[a]) / w)
        }
        // Counts, not shares, so 9 worlds of 10 meet 0.9 exactly.
        let eligible = (0..<arms).filter { Double(feasibleCount[$0]) >= input.requiredFeasibleShare * w - 1e-9 }
        let byRegret = { (set: [Int]) in set.sorted { (decisions[$0].expectedRegret, $0) < (decisions[$1].expectedRegret, $1) } }
        let ranked = byRegret(eligible)
        let recommended = ranked.first
        let choice = eligible.isEmpty ? Array(0..<arms) : eligible
        let reference = recommended ?? byRegret(choice)[0]
        let evpi = Swift.max(0, decisions[reference].expectedRegret)
        let runnerUp = ranked.count > 1 ? ranked[1] : nil
        let decisive = recommended != nil
            && (runnerUp.map { decisions[$0].expectedRegret - decisions[reference].expectedRegret >= input.tie } ?? true)

        var evppi: [Double] = []
        var flips: [Flip] = []
        for j in 0..<parameters {
            let partition = ParameterBins(values: input.parameters.map { $0[j] }, bins: bins, categorical: input.categorical[j])
            let means = partition.members.map { members in
                choice.map { a in members.reduce(0) { $0 + utilities[$1][a] } / Double(members.count) }
            }
            var informed = 0.0
            for (members, mean) in zip(partition.members, means) { informed += Double(members.count) / w * mean.max()! }
            evppi.append(Swift.min(Swift.max(informed - decisions[reference].expectedUtility, 0), evpi))
            if !input.categorical[j] {
                flips += Self.flips(parameter: j, partition: partition, means: means, arms: choice, utilities: utilities,
                                    tie: input.tie)
            }
        }
        return DecisionSummary(arms: decisions, recommended: recommended, evpi: evpi, evppi: evppi, flips: flips,
                               bins: bins, runnerUp: runnerUp, decisive: decisive)
    }

    /// `means[bin][i]` is arm `arms[i]`'s mean utility in the bin. Walking up the bins, the current
    /// arm (the best in the first bin) gives way only when another's smoothed lead is clear: at least
    /// `tie` and three standard errors of the smoothed difference. The flip is then placed where
    /// the two arms' smoothed difference last crossed zero since the previous flip.
    static func flips(parameter: Int, partition: ParameterBins, means: [[Double]], arms: [Int], utilities: [[Double]],
                      tie: Double) -> [Flip] {
        let count = means.count
        guard count > 1 else { return [] }
        let sizes = partition.members.map { Double($0.count) }
        let windows = (0..<count).map { Swift.max($0 - 1, 0)...Swift.min($0 + 1, count - 1) }
        let smoothed = windows.map { window -> [Double] in
            let weight = window.reduce(0) { $0 + sizes[$1] }
            return arms.indices.map { i in window.reduce(0) { $0 + sizes[$1] * means[$1][i] } / weight }
        }
        // The standard error of the smoothed U(to) − U(from): the window's bin means weighted by
        // their counts, so √(Σ n_j·var_j)/Σ n_j with var_j the variance within bin j.
        func standardError(_ b: Int, _ to: Int, _ from: Int) -> Double {
            var spread = 0.0, weight = 0.0
            for j in windows[b] {
                let differences = partition.members[j].map { utilities[$0][arms[to]] - utilities[$0][arms[from]] }
                weight += sizes[j]
                guard differences.count > 1 else { continue }
                let mean = differences.reduce(0, +) / sizes[j]
                spread += differences.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (sizes[j] - 1) * sizes[j]
            }
            return spread.squareRoot() / weight
        }
        // The first of equal maxima, as the recommendation breaks ties by index.
        let best = smoothed.map { row in row.indices.reduce(0) { row[$1] > row[$0] ? $1 : $0 } }
        var current = best[0], since = 0
        var flips: [Flip] = []
        for b in 1..<count where best[b] != current {
            let to = best[b]
            let lead = smoothed[b][to] - smoothed[b][current]
            guard lead >= Swift.max(tie, 3 * standardError(b, to, current)) else { continue }
            // `current` was best at `since`, so the difference is ≤ 0 there.
            var below = b - 1
            while below > since, smoothed[below][to] - smoothed[below][current] > 0 { below -= 1 }
            let low = smoothed[below][to] - smoothed[below][current]
            let high = smoothed[below + 1][to] - smoothed[below + 1][current]
            let fraction = high - low > 0 ? Swift.min(Swift.max(-low / (high - low), 0), 1) : 0.5
            let at = partition.centres[below] + fraction * (partition.centres[below + 1] - partition.centres[below])
            flips.append(Flip(parameter: parameter, at: at, from: arms[current], to: arms[to]))
            current = to
            since = b
        }
        return flips
    }
}
