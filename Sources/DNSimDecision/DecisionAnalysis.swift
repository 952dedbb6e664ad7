import CGSL

/// The decision over an uncertainty study's worlds: probability of being best, regret, the
/// recommendation, the expected value of perfect (EVPI) and partial perfect (EVPPI) information,
/// where the best arm flips along each parameter, and how sure the recommendation is.
///
/// One eligibility rule runs through all of it (docs/model.md §9): the choice made with some
/// information is the best arm among those feasible in at least `requiredFeasibleShare` of the
/// worlds consistent with that information (all arms when none is).
///
/// Per world w and arm a, with U the utility: best(w) = the highest utility among the arms feasible
/// in w (among all arms when none is): the choice with perfect information. regret(w, a) =
/// best(w) − U(w, a), negative where an arm infeasible in w beats every feasible one. The
/// recommendation r is, with the information the study has (none), the eligible arm of least
/// expected regret (the lower index on an exact tie); with none eligible, r is nil and the figures
/// below use the arm of least expected regret over all arms. The runner-up is the next eligible
/// arm, never an ineligible one.
///
/// - EVPI = E[best(w)] − E[U(w, r)], r's expected regret (0 at least); without constraints it is the
///   textbook E[max_a U] − max_a E[U].
/// - EVPPI and flips of each parameter: `PartialInformation` (Strong, Oakley & Brennan 2014,
///   nonparametric regression), with eligibility given the parameter's value, learnt from the
///   `informative` worlds (a joint sample of the parameters).
/// - `difference`: the mean over worlds of U(r) − U(runner-up), with a 95% t interval.
/// - `knifeEdge`: the arms whose feasible share p is within two binomial standard errors,
///   2√(p(1 − p)/W), of the required share.
/// - Both count independent draws, not worlds: where worlds come in resampling units (a Sobol
///   sample's A, B and AB_i worlds share values), the interval and the standard error are the
///   ratio estimator's over the units, √(Σ(Yᵤ − R·nᵤ)² / (U(U − 1))) / n̄ with U − 1 degrees of
///   freedom (Cochran 1977, *Sampling Techniques*, §6.4, cluster sampling), not the W worlds' as if
///   independent.
/// - `stability`: the share of `resamples` bootstrap resamples of the worlds (of whole resampling
///   units, e.g. a Sobol sample's k + 2 worlds) in which the rule picks r again (Efron & Tibshirani
///   1993, "An Introduction to the Bootstrap"). Below 0.95, `worldsNeeded` scales the worlds by
///   (z₀.₉₅ / z)², z = Φ⁻¹(stability): the margin's standard error shrinks as 1/√W.
/// - EVSI of a parameter from a fit, for each requested sample size: `SampleInformation` (Strong,
///   Oakley, Brennan & Breeze 2015), the same regression on a future sample's estimate of the
///   parameter instead of its value, at most the parameter's EVPPI.
/// - `robust`: the eligible arm whose mean utility over its worst 5% of worlds (⌈0.05·W⌉ worlds)
///   is highest, the lower index on a tie.
/// - probability_best counts a world for an arm only where it is eligible there (feasible; every arm
///   where none is) and has the best eligible utility, exact ties split equally (docs/model.md §9);
///   `bestUtilityShare` is the plain highest utility, feasible or not.
/// - Only what can act (docs/model.md §9): a parameter that cannot act on these arms (`acting`) has
///   EVPPI and EVSI exactly 0 and no flip.
/// - Standard errors of EVPPI and EVSI: `InformationErrors`, a bootstrap over whole resampling units.
public enum DecisionAnalysis {
    public static func analyse(_ input: DecisionInput) -> DecisionSummary {
        let utilities = input.utilities
        let worlds = utilities.count
        let arms = utilities.first?.count ?? 0
        let parameters = input.parameters.first?.count ?? 0
        precondition(input.feasible.count == worlds && input.parameters.count == worlds, "one row per world")
        precondition(
            utilities.allSatisfy { $0.count == arms } && input.feasible.allSatisfy { $0.count == arms },
            "every world has every arm")
        precondition(
            input.parameters.allSatisfy { $0.count == parameters } && input.categorical.count == parameters,
            "every world has every parameter")
        guard worlds > 0, arms > 0 else {
            return DecisionSummary(
                arms: [], recommended: nil, evpi: 0, evppi: [Double](repeating: 0, count: parameters), flips: [])
        }
        let w = Double(worlds)
        var feasibleCount = [Int](repeating: 0, count: arms)
        var bestShare = [Double](repeating: 0, count: arms), bestUtilityShare = bestShare
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
            for a in winners { bestUtilityShare[a] += 1 / Double(winners.count) }
            let eligibleWinners = row.indices.filter { (feasible[$0] || !anyFeasible) && row[$0] == best }
            for a in eligibleWinners { bestShare[a] += 1 / Double(eligibleWinners.count) }
        }
        let decisions = (0..<arms).map { a -> ArmDecision in
            let sorted = regrets[a].sorted()
            var decision = ArmDecision(
                probabilityBest: bestShare[a] / w,
                expectedUtility: utilities.reduce(0) { $0 + $1[a] } / w,
                expectedRegret: regrets[a].reduce(0, +) / w,
                regretQ95: Quantile.of(sorted, 0.95),
                feasibleShare: Double(feasibleCount[a]) / w)
            decision.bestUtilityShare = bestUtilityShare[a] / w
            return decision
        }
        // Counts, not shares, so 9 worlds of 10 meet 0.9 exactly.
        let eligible = (0..<arms).filter { Double(feasibleCount[$0]) >= input.requiredFeasibleShare * w - 1e-9 }
        let byRegret = { (set: [Int]) in
            set.sorted { (decisions[$0].expectedRegret, $0) < (decisions[$1].expectedRegret, $1) }
        }
        let ranked = byRegret(eligible)
        let recommended = ranked.first
        let choice = eligible.isEmpty ? Array(0..<arms) : eligible
        let reference = recommended ?? byRegret(choice)[0]
        let evpi = Swift.max(0, decisions[reference].expectedRegret)
        let runnerUp = ranked.count > 1 ? ranked[1] : nil
        let decisive =
            recommended != nil
            && (runnerUp.map { decisions[$0].expectedRegret - decisions[reference].expectedRegret >= input.tie } ?? true)

        let acting = input.acting.isEmpty ? [Bool](repeating: true, count: parameters) : input.acting
        var evppi: [Double] = []
        var flips: [Flip] = []
        let all = Array(0..<arms)
        let sample = (0..<worlds).filter { input.informative[$0] }
        let sampleUtilities = sample.map { utilities[$0] }, sampleFeasible = sample.map { input.feasible[$0] }
        let logScale = { (j: Int) in j < input.logScale.count && input.logScale[j] }
        for j in 0..<parameters {
            // A parameter that cannot act on these arms is worth exactly nothing to know here.
            guard acting[j] else {
                evppi.append(0)
                continue
            }
            let information = PartialInformation(
                parameter: j, values: sample.map { input.parameters[$0][j] }, categorical: input.categorical[j],
                arms: all, reference: reference, utilities: sampleUtilities, feasible: sampleFeasible,
                requiredShare: input.requiredFeasibleShare, tie: input.tie, evpi: evpi,
                logScale: logScale(j), seed: input.seed, stream: input.stream)
            evppi.append(information.evppi)
            flips += information.flips
        }
        var evsi: [SampleInformation] = []
        var evsiEstimates: [[Double]] = []
        for (j, fit) in input.fitSamples.enumerated() where j < parameters && !input.categorical[j] && acting[j] {
            guard let fit else { continue }
            let values = sample.map { input.parameters[$0][j] }
            for size in input.sampleSizes {
                let estimates = SampleInformation.estimates(
                    values, worlds: sample, fit: fit, size: size, seed: input.seed)
                let information = PartialInformation(
                    parameter: j, values: estimates, categorical: false, arms: all, reference: reference,
                    utilities: sampleUtilities, feasible: sampleFeasible,
                    requiredShare: input.requiredFeasibleShare, tie: input.tie, evpi: evpi, findFlips: false)
                evsi.append(SampleInformation(parameter: j, size: size, value: Swift.min(information.evppi, evppi[j])))
                evsiEstimates.append(estimates)
            }
        }
        let errors = InformationErrors(
            input, reference: reference, regret: regrets[reference], sample: sample, acting: acting,
            evsi: evsi, evsiEstimates: evsiEstimates)
        for index in evsi.indices { evsi[index].standardError = errors.evsi[index] }
        let clusters = Clusters(input.units)
        let shareErrors = (0..<arms).map { a in
            clusters.map { $0.standardError(of: input.feasible.map { $0[a] ? 1 : 0 }) }
                ?? (decisions[a].feasibleShare * (1 - decisions[a].feasibleShare) / w).squareRoot()
        }
        let knifeEdge = (0..<arms).filter { a in
            abs(decisions[a].feasibleShare - input.requiredFeasibleShare) <= 2 * shareErrors[a] + 1e-12
        }
        let stability = DecisionStability(input, recommended: recommended)
        var summary = DecisionSummary(
            arms: decisions, recommended: recommended, evpi: evpi, evppi: evppi, flips: flips,
            runnerUp: runnerUp, decisive: decisive,
            difference: runnerUp.map { Self.difference(utilities, reference, $0, clusters: clusters) },
            knifeEdge: knifeEdge, stability: stability.share, worldsNeeded: stability.worldsNeeded,
            robust: Self.robust(utilities, choice))
        summary.feasibleShareErrors = shareErrors
        summary.evsi = evsi
        summary.evppiErrors = errors.evppi
        summary.acting = acting
        return summary
    }

    /// The recommendation's stability alone (`DecisionStability`), as `analyse` gives it, without
    /// the estimators: what `--until-stable` checks after each batch of worlds.
    public static func stability(_ input: DecisionInput) -> (share: Double, worldsNeeded: Int?) {
        let worlds = input.utilities.count
        let arms = input.utilities.first?.count ?? 0
        guard worlds > 0, arms > 0 else { return (1, nil) }
        var regret = [Double](repeating: 0, count: arms)
        var feasibleCount = [Int](repeating: 0, count: arms)
        for (row, feasible) in zip(input.utilities, input.feasible) {
            let anyFeasible = feasible.contains(true)
            var best = -Double.infinity
            for a in 0..<arms where feasible[a] || !anyFeasible { best = Swift.max(best, row[a]) }
            for a in 0..<arms {
                regret[a] += best - row[a]
                if feasible[a] { feasibleCount[a] += 1 }
            }
        }
        let eligible = (0..<arms).filter {
            Double(feasibleCount[$0]) >= input.requiredFeasibleShare * Double(worlds) - 1e-9
        }
        let recommended = eligible.min { (regret[$0] / Double(worlds), $0) < (regret[$1] / Double(worlds), $1) }
        let stability = DecisionStability(input, recommended: recommended)
        return (stability.share, stability.worldsNeeded)
    }

    /// Mean over worlds of U(a) − U(b), with its 95% t interval (over the resampling units when
    /// worlds come in them).
    static func difference(_ utilities: [[Double]], _ a: Int, _ b: Int, clusters: Clusters? = nil) -> UtilityDifference
    {
        let values = utilities.map { $0[a] - $0[b] }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        if let clusters, clusters.count > 1 {
            let half = gsl_cdf_tdist_Pinv(0.975, Double(clusters.count - 1)) * clusters.standardError(of: values)
            return UtilityDifference(mean: mean, low: mean - half, high: mean + half)
        }
        guard values.count > 1 else { return UtilityDifference(mean: mean, low: mean, high: mean) }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let half = gsl_cdf_tdist_Pinv(0.975, n - 1) * (variance / n).squareRoot()
        return UtilityDifference(mean: mean, low: mean - half, high: mean + half)
    }

    /// The arm among `choice` whose mean over its worst ⌈5%⌉ of worlds is highest.
    static func robust(_ utilities: [[Double]], _ choice: [Int]) -> Int? {
        let tail = Swift.max(1, Int((0.05 * Double(utilities.count)).rounded(.up)))
        var best: (arm: Int, value: Double)?
        for a in choice {
            let worst = utilities.map { $0[a] }.sorted().prefix(tail)
            let value = worst.reduce(0, +) / Double(worst.count)
            if best == nil || value > best!.value { best = (a, value) }
        }
        return best?.arm
    }
}
