import DNSimCore

/// First-order and total Sobol indices from the outputs of Saltelli's design
/// (`ExperimentDesign`, `.sobol`), with bootstrap 95% percentile intervals.
///
/// With f(A), f(B), f(AB_i) the outputs of a sample's worlds (AB_i is A with column i from B) and
/// N complete samples:
/// - first order, Saltelli et al. (2010), "Variance based sensitivity analysis of model output",
///   Comput. Phys. Commun. 181:259, table 2 (b): S_i = (1/N) Σ f(B)·(f(AB_i) − f(A)) / V;
/// - total, Jansen (1999), "Analysis of variance designs for model output", Comput. Phys. Commun.
///   117:35 (Saltelli et al. 2010, table 2 (f)): ST_i = (1/2N) Σ (f(A) − f(AB_i))² / V;
/// - V is the variance of the 2N pooled outputs f(A) and f(B), divided by 2N (as SALib does).
///
/// Every output is first centred on the pooled mean of f(A) and f(B): the estimators' expectations
/// do not move, but S_i's noise no longer grows with the output's mean. Estimates are not clamped
/// to [0, 1]; a small negative S_i says the index is zero within noise.
///
/// Intervals: resample the N sample rows with replacement `resamples` times and take the 2.5% and
/// 97.5% quantiles (type 7) of the replicates (Archer, Saltelli & Sobol 1997; SALib resamples the
/// same way). Resample r draws its rows from the keyed stream (seed, device: `target`,
/// `.bootstrap`, index: r), so each target's intervals are reproducible and independent of the
/// others'. The bootstrap treats the rows as independent; on a scrambled Sobol sequence they are
/// more even than that, so the intervals are conservative.
public enum SobolEstimator {
    /// `outputs[i]` is the output of `worlds[i]`, in any order and any subset: a sample counts when
    /// all of its k + 2 worlds are there with finite outputs (the first of any duplicate counts).
    /// One index per parameter; all nil when fewer than two samples count or V is zero.
    public static func indices(
        outputs: [Double], worlds: [DesignWorld], parameters: Int, seed: UInt64, target: Int,
        resamples: Int = 1000
    ) -> [SensitivityIndex] {
        precondition(outputs.count == worlds.count, "one output per world")
        precondition(parameters >= 0 && resamples >= 0, "bad Sobol request")
        let k = parameters
        let rows = SampleRows(outputs: outputs, worlds: worlds, parameters: k)
        let n = rows.count
        var first = [Double](repeating: 0, count: k), total = first
        let all = Array(0..<n)
        guard n >= 2, rows.estimate(rows: all, first: &first, total: &total) else {
            return [SensitivityIndex](repeating: SensitivityIndex(), count: k)
        }
        var firstReplicates = [[Double]](repeating: [], count: k), totalReplicates = firstReplicates
        let random = KeyedRandom(seed: seed)
        var drawn = [Int](repeating: 0, count: n)
        var resampledFirst = first, resampledTotal = total
        for resample in 0..<resamples {
            random.begin(device: target, source: .bootstrap, index: resample)
            for j in 0..<n { drawn[j] = random.index(below: n) }
            // A resample with zero variance (all rows alike) has no indices; it is left out.
            guard rows.estimate(rows: drawn, first: &resampledFirst, total: &resampledTotal) else { continue }
            for i in 0..<k {
                firstReplicates[i].append(resampledFirst[i])
                totalReplicates[i].append(resampledTotal[i])
            }
        }
        return (0..<k).map { i in
            let f = Self.interval(firstReplicates[i]), t = Self.interval(totalReplicates[i])
            return SensitivityIndex(
                firstOrder: first[i], firstOrderLow: f?.low, firstOrderHigh: f?.high,
                total: total[i], totalLow: t?.low, totalHigh: t?.high,
                firstOrderStandardError: f?.sd, totalStandardError: t?.sd)
        }
    }

    /// The 2.5% and 97.5% quantiles and the standard deviation of the replicates; nil under two.
    static func interval(_ replicates: [Double]) -> (low: Double, high: Double, sd: Double)? {
        guard replicates.count >= 2 else { return nil }
        let sorted = replicates.sorted()
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        let variance = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(sorted.count - 1)
        return (Quantile.of(sorted, 0.025), Quantile.of(sorted, 0.975), variance.squareRoot())
    }
}

/// The complete samples' outputs, row by row in sample order: f(A), f(B) and f(AB_1 … AB_k).
private struct SampleRows {
    var a: [Double] = []
    var b: [Double] = []
    /// Row r's f(AB_i) at r·k + i.
    var ab: [Double] = []
    let k: Int

    var count: Int { a.count }

    init(outputs: [Double], worlds: [DesignWorld], parameters k: Int) {
        self.k = k
        // Slot 0 is A, 1 is B, 2 + i is AB_(i+1).
        var slots: [Int: [Double?]] = [:]
        for (world, output) in zip(worlds, outputs) {
            let slot: Int
            switch world.block {
            case .a: slot = 0
            case .b: slot = 1
            case .ab(let column):
                guard column >= 1 && column <= k else { continue }
                slot = column + 1
            }
            var row = slots[world.sample] ?? [Double?](repeating: nil, count: k + 2)
            if row[slot] == nil { row[slot] = output }
            slots[world.sample] = row
        }
        for sample in slots.keys.sorted() {
            let values = slots[sample]!.compactMap { $0 }.filter(\.isFinite)
            guard values.count == k + 2 else { continue }
            a.append(values[0])
            b.append(values[1])
            ab.append(contentsOf: values[2...])
        }
    }

    /// The estimators over the rows listed (with repeats); false when V is zero.
    func estimate(rows: [Int], first: inout [Double], total: inout [Double]) -> Bool {
        let n = Double(rows.count)
        var sum = 0.0
        for r in rows { sum += a[r] + b[r] }
        let mean = sum / (2 * n)
        var squares = 0.0
        for r in rows {
            let da = a[r] - mean, db = b[r] - mean
            squares += da * da + db * db
        }
        let variance = squares / (2 * n)
        // Zero, or rounding noise on a constant output.
        guard variance > 1e-24 * Swift.max(1, mean * mean) else { return false }
        for i in 0..<k {
            var f = 0.0, t = 0.0
            for r in rows {
                let fa = a[r] - mean, fb = b[r] - mean, fab = ab[r * k + i] - mean
                f += fb * (fab - fa)
                t += (fa - fab) * (fa - fab)
            }
            first[i] = f / n / variance
            total[i] = t / (2 * n) / variance
        }
        return true
    }
}
