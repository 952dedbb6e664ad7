import CGSL
import DNSimCore
import Foundation

/// What knowing one parameter is worth (EVPPI), and where the choice flips along it, under the
/// one eligibility rule (`DecisionAnalysis`): given the parameter's value, an arm is eligible when
/// its feasible share among the worlds with that value reaches the required share (all arms when
/// none does), and the informed choice is the eligible arm of highest conditional mean utility.
///
/// The conditional means are the nonparametric regression estimator of Strong, Oakley & Brennan
/// (2014), "Estimating multiparameter partial expected value of perfect information from a
/// probabilistic sensitivity analysis sample", Med. Decis. Making 34:311: each arm's utility
/// difference from the reference arm r, d_a = U_a − U_r, and each arm's feasibility indicator
/// are regressed on the parameter, by a running-line smoother (`RunningLineSmoother`) for an
/// ordered parameter and by the mean per value for a categorical one. Then
/// EVPPI = (1/W) Σ_w max over the arms eligible at θ_w of d̂_a(θ_w), clamped to [0, EVPI].
/// The fitted maxima pick up some of the smoother's noise (a small upward bias); the smoother
/// follows a kink or a flip near an end of the range where bins could not.
struct PartialInformation {
    var evppi: Double
    var flips: [Flip]

    /// `utilities[w][i]` and `feasible[w][i]` for the candidate arms `arms` (0-based arm indices),
    /// `reference` the position in `arms` of the arm chosen without information.
    init(
        parameter: Int, values: [Double], categorical: Bool, arms: [Int], reference: Int, utilities: [[Double]],
        feasible: [[Bool]], requiredShare: Double, tie: Double, evpi: Double, findFlips: Bool = true,
        logScale: Bool = false, seed: UInt64 = 0, stream: Int = 0
    ) {
        let worlds = values.count
        let smoother = categorical ? nil : RunningLineSmoother(values: values)
        func smooth(_ y: [Double]) -> RunningLineSmoother.Fit {
            if let smoother { return smoother.fit(y) }
            return Self.groupMeans(values: values, y: y)
        }
        let differences = arms.indices.map { i -> RunningLineSmoother.Fit in
            guard i != reference else {
                return .init(
                    fitted: [Double](repeating: 0, count: worlds),
                    standardErrors: [Double](repeating: 0, count: worlds), span: worlds)
            }
            return smooth((0..<worlds).map { utilities[$0][i] - utilities[$0][reference] })
        }
        // A feasibility that never changes needs no smoothing: its share is the constant.
        let shares = arms.indices.map { i -> RunningLineSmoother.Fit in
            let column = (0..<worlds).map { feasible[$0][i] ? 1.0 : 0.0 }
            if column.allSatisfy({ $0 == column.first }) {
                return .init(fitted: column, standardErrors: [Double](repeating: 0, count: worlds), span: worlds)
            }
            var fit = smooth(column)
            fit.fitted = fit.fitted.map { Swift.min(Swift.max($0, 0), 1) }
            return fit
        }
        func eligible(_ i: Int, _ w: Int) -> Bool { shares[i].fitted[w] >= requiredShare - 1e-9 }
        func choice(_ w: Int) -> Int {
            let candidates = arms.indices.filter { eligible($0, w) }
            let set = candidates.isEmpty ? Array(arms.indices) : candidates
            return set.reduce(set[0]) { differences[$1].fitted[w] > differences[$0].fitted[w] ? $1 : $0 }
        }
        var informed = 0.0
        for w in 0..<worlds { informed += differences[choice(w)].fitted[w] }
        evppi = worlds == 0 ? 0 : Swift.min(Swift.max(informed / Double(worlds), 0), evpi)
        flips = []
        guard findFlips, smoother != nil, worlds > 1 else { return }
        // Walk up the parameter in runs of the same pointwise choice. A run takes over from the
        // current arm only when its worlds say so clearly: the arm's mean lead over the current one
        // in the run is at least `tie` and z standard errors (the run's own worlds, not the
        // fits) while its feasible share there is not clearly below the rule, or the current
        // arm's is (an exact binomial test at the same level). An unclear run is noise and keeps the current arm; an unclear first
        // run gives way to the next.
        let order = (0..<worlds).sorted { (values[$0], $0) < (values[$1], $1) }
        var runs: [(arm: Int, start: Int, end: Int)] = []
        for rank in 0..<worlds {
            let arm = choice(order[rank])
            if let last = runs.last, last.arm == arm {
                runs[runs.count - 1].end = rank + 1
            } else {
                runs.append((arm, rank, rank + 1))
            }
        }
        // Each run is a test; with many runs, some pass by chance: Bonferroni's correction keeps
        // the chance of any false flip along the parameter near 5% (one-sided 2.5% per run).
        let alpha = 0.025 / Double(Swift.max(runs.count - 1, 1))
        let z = gsl_cdf_ugaussian_Pinv(1 - alpha)
        func clearly(_ to: Int, over from: Int, in run: (arm: Int, start: Int, end: Int)) -> (clear: Bool, byLead: Bool)
        {
            let members = order[run.start..<run.end]
            let n = Double(members.count)
            let leads = members.map { utilities[$0][to] - utilities[$0][from] }
            let mean = leads.reduce(0, +) / n
            let spread =
                n > 1 ? (leads.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1) / n).squareRoot() : .infinity
            // Exact: so few feasible worlds would be that unlikely for an arm that met the rule
            // (P(Binomial(n, share) ≤ count) below the same corrected level), so one or two
            // infeasible worlds are no evidence.
            func clearlyBelowRule(_ arm: Int) -> Bool {
                let count = members.filter { feasible[$0][arm] }.count
                guard Double(count) < requiredShare * n else { return false }
                return gsl_cdf_binomial_P(UInt32(count), Swift.min(requiredShare, 1), UInt32(members.count)) < alpha
            }
            // A lead counts only for an arm the run's worlds do not clearly rule out.
            if mean >= Swift.max(tie, z * spread), !clearlyBelowRule(to) { return (true, true) }
            return (clearlyBelowRule(from), false)
        }
        while runs.count > 1, !clearly(runs[0].arm, over: runs[1].arm, in: runs[0]).clear {
            runs[1].start = 0
            runs.removeFirst()
        }
        guard var current = runs.first?.arm else { return }
        var changes: [Change] = []
        for run in runs.dropFirst() where run.arm != current {
            let verdict = clearly(run.arm, over: current, in: run)
            guard verdict.clear else { continue }
            changes.append(Change(from: current, to: run.arm, start: run.start, byLead: verdict.byLead))
            current = run.arm
        }
        // Where to switch: between the previous change and the next, the threshold the worlds
        // themselves favour most, switching from one arm below it to the other above: the largest
        // prefix sum of the first arm's advantage (its utility lead, or its feasibility above the
        // rule). A step is placed at the step and a linear difference at its zero, where the fits
        // would blur either over their window, and a noisy run just before the change cannot pull it.
        func advantage(_ world: Int, _ change: Change) -> Double {
            change.byLead
                ? utilities[world][change.from] - utilities[world][change.to]
                : (feasible[world][change.from] ? 1 : 0) - requiredShare
        }
        /// The best cut among the ranks `members` (sorted by value), as a position in it.
        func bestCut(_ members: [Int], _ change: Change) -> Int? {
            var best: (gain: Double, cut: Int)?, sum = 0.0
            for r in members.indices {
                sum += advantage(members[r], change)
                // A cut falls between distinct values only, and leaves a world on each side.
                if r + 1 >= members.count || values[members[r + 1]] == values[members[r]] { continue }
                if best == nil || sum > best!.gain { best = (sum, r + 1) }
            }
            return best?.cut
        }
        var lower = 0
        var found: [Change] = []
        for (index, change) in changes.enumerated() {
            let upper = index + 1 < changes.count ? changes[index + 1].start : worlds
            var placed = change
            placed.cut = bestCut(Array(order[lower..<upper]), change).map { lower + $0 } ?? change.start
            found.append(placed)
            lower = placed.cut
        }
        found = Self.honest(
            found, order: order, values: values, logScale: logScale,
            refit: { change, window in
                // A flip whose arms a merge changed is decided and placed anew for them: whether the
                // new arm wins by its lead or by the old one's feasibility, and where between its
                // neighbours the worlds favour the switch (as the location interval below resamples).
                // Neither clear (the merge's own test, `ahead`, decides whether it stays): placed by the lead,
                // the utility difference a flip is about.
                var refitted = change
                let verdict = clearly(change.to, over: change.from, in: (change.to, change.cut, window.upperBound))
                refitted.byLead = verdict.clear ? verdict.byLead : true
                refitted.cut = bestCut(Array(order[window]), refitted).map { window.lowerBound + $0 } ?? change.cut
                return refitted
            },
            ahead: { winner, loser, ranks, other in
                let members = order[ranks]
                guard members.count > 1 else { return false }
                let n = Double(members.count)
                let leads = members.map { utilities[$0][winner] - utilities[$0][loser] }
                let mean = leads.reduce(0, +) / n
                let error = (leads.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1) / n).squareRoot()
                func below(_ arm: Int) -> Bool {
                    let count = members.filter { feasible[$0][arm] }.count
                    guard Double(count) < requiredShare * n else { return false }
                    return gsl_cdf_binomial_P(UInt32(count), Swift.min(requiredShare, 1), UInt32(members.count)) < 0.025
                }
                if mean > 0, mean > Self.z95 * error, !below(winner) { return true }
                // Ruled out here: only if its feasibility here is clearly lower than across
                // the flip too (Fisher's exact test, one-sided 2.5%), so three lucky worlds
                // at the end of a range do not make an arm eligible there.
                guard below(loser) else { return false }
                let k = members.filter { feasible[$0][loser] }.count
                let across = order[other].filter { feasible[$0][loser] }.count
                let total = members.count + other.count
                return gsl_cdf_hypergeometric_P(
                    UInt32(k), UInt32(k + across), UInt32(total - k - across),
                    UInt32(members.count)) < 0.025
            })
        // Each flip's location interval: the 2.5% and 97.5% quantiles of the cut over bootstrap
        // resamples of the worlds between its neighbours, widened to the values either side of it.
        let random = KeyedRandom(seed: seed)
        for (index, change) in found.enumerated() {
            let from = values[order[Swift.max(change.cut - 1, 0)]],
                to = values[order[Swift.min(change.cut, worlds - 1)]]
            let low = index > 0 ? found[index - 1].cut : 0,
                high = index + 1 < found.count ? found[index + 1].cut : worlds
            var locations: [Double] = []
            let segment = Array(order[low..<high])
            for resample in 0..<Self.locationResamples where segment.count > 1 {
                random.begin(
                    device: Self.locationDevice + stream * 4096 + parameter, source: .decisionBootstrap,
                    index: index * 1_000_000 + resample)
                let drawn = (0..<segment.count).map { _ in segment[random.index(below: segment.count)] }
                    .sorted { (values[$0], $0) < (values[$1], $1) }
                guard let cut = bestCut(drawn, change) else { continue }
                locations.append((values[drawn[cut - 1]] + values[drawn[cut]]) / 2)
            }
            locations.sort()
            let lo = locations.isEmpty ? from : Swift.min(Quantile.of(locations, 0.025), from)
            let hi = locations.isEmpty ? to : Swift.max(Quantile.of(locations, 0.975), to)
            flips.append(
                Flip(
                    parameter: parameter, at: (from + to) / 2, low: lo, high: hi,
                    from: arms[change.from], to: arms[change.to]))
        }
    }

    struct Change {
        var from: Int
        var to: Int
        /// The rank where the run that took over starts, and the rank of the first world above the flip.
        var start: Int
        var byLead: Bool
        var cut: Int = 0
    }

    static let z95 = gsl_cdf_ugaussian_Pinv(0.975)
    static let locationResamples = 200
    static let locationDevice = 2 << 16
    /// A flip and a flip back closer than this share of the range (in its sampling scale) are noise.
    static let closest = 0.03

    /// The flips the worlds support (docs/model.md §9). The flips cut the range into regions, each with
    /// its arm. A flip and a flip back closer than 3% of the range (on the log scale for a
    /// log-uniform parameter) are noise: the region between them joins its neighbours. Then each
    /// flip must have its `from` arm clearly ahead between the previous flip and it, and its `to`
    /// arm clearly ahead up to the next (`ahead`: the mean lead nonzero at 95%, or the other arm
    /// clearly below the rule there and clearly less often feasible there than across the flip).
    /// The first flip that fails on a side loses that side's region to the region across the flip
    /// (neighbouring regions of one arm join), and the rest are tested again. A flip left between
    /// other arms than it was found for is `refit` between its neighbours' cuts (a flip A → B → C
    /// whose B is noise becomes A → C: its criterion and place are A's against C's, not B's).
    static func honest(
        _ changes: [Change], order: [Int], values: [Double], logScale: Bool,
        refit: (Change, Range<Int>) -> Change = { change, _ in change },
        ahead: (Int, Int, Range<Int>, Range<Int>) -> Bool
    ) -> [Change] {
        guard let first = changes.first, let lowest = order.first, let highest = order.last else { return [] }
        let scaled = { (value: Double) in
            logScale ? Foundation.log(Swift.max(value, Double.leastNormalMagnitude)) : value
        }
        let range = scaled(values[highest]) - scaled(values[lowest])
        let at = { (change: Change) in
            scaled(
                (values[order[Swift.max(change.cut - 1, 0)]] + values[order[Swift.min(change.cut, order.count - 1)]])
                    / 2)
        }
        var regions = [first.from] + changes.map(\.to)
        var found = changes
        /// Region j joins its neighbour (j − 1 or j + 1); then neighbouring regions of one arm join.
        func merge(_ j: Int, into neighbour: Int) {
            regions.remove(at: j)
            found.remove(at: neighbour > j ? j : j - 1)
            var i = 0
            while i + 1 < regions.count {
                if regions[i] == regions[i + 1] {
                    regions.remove(at: i + 1)
                    found.remove(at: i)
                } else {
                    i += 1
                }
            }
            for i in found.indices where (found[i].from, found[i].to) != (regions[i], regions[i + 1]) {
                found[i].from = regions[i]
                found[i].to = regions[i + 1]
                let low = i > 0 ? found[i - 1].cut : 0, high = i + 1 < found.count ? found[i + 1].cut : order.count
                found[i] = refit(found[i], low..<high)
            }
        }
        while !found.isEmpty {
            if let i = found.indices.dropLast().first(where: { i in
                regions[i] == regions[i + 2] && abs(at(found[i + 1]) - at(found[i])) < Self.closest * range
            }) {
                merge(i + 1, into: i)
                continue
            }
            var failed = false
            for i in found.indices {
                let low = i > 0 ? found[i - 1].cut : 0, high = i + 1 < found.count ? found[i + 1].cut : order.count
                if !ahead(found[i].from, found[i].to, low..<found[i].cut, found[i].cut..<high) {
                    merge(i, into: i + 1)
                    failed = true
                    break
                }
                if !ahead(found[i].to, found[i].from, found[i].cut..<high, low..<found[i].cut) {
                    merge(i + 1, into: i)
                    failed = true
                    break
                }
            }
            if !failed { break }
        }
        return found
    }

    /// The mean of `y` per value of a categorical parameter, with its standard error.
    static func groupMeans(values: [Double], y: [Double]) -> RunningLineSmoother.Fit {
        var sums: [Double: (count: Double, sum: Double, squares: Double)] = [:]
        for (value, observation) in zip(values, y) {
            let entry = sums[value] ?? (0, 0, 0)
            sums[value] = (entry.count + 1, entry.sum + observation, entry.squares + observation * observation)
        }
        let fitted = values.map { sums[$0]!.sum / sums[$0]!.count }
        let errors = values.map { value -> Double in
            let (count, sum, squares) = sums[value]!
            guard count > 1 else { return 0 }
            let variance = Swift.max(squares - sum * sum / count, 0) / (count - 1)
            return (variance / count).squareRoot()
        }
        return .init(fitted: fitted, standardErrors: errors, span: 0)
    }
}
