/// A running-line smoother (Hastie & Tibshirani 1990, "Generalized Additive Models", §2.7 and
/// §3.4: the local-linear smoother their GAMs were first fitted with): the fit at a point is the
/// least-squares line through its k nearest neighbours in rank, a window centred on the point
/// and shifted, at the ends of the range, to keep k points, so the fit extrapolates a line there
/// rather than flattening. Equal parameter values always share a window, and the window takes in
/// whole runs of equal values, so they get one fitted value.
///
/// The span k is chosen by generalised cross-validation (Craven & Wahba 1979):
/// GCV(k) = n·RSS / (n − tr H)², with H the smoother matrix, over spans of 2% to 100% of the
/// points; ties go to the wider span. Prefix sums make each span O(n).
struct RunningLineSmoother {
    /// One smoothed series, in the caller's order.
    struct Fit {
        var fitted: [Double]
        /// The standard error of each fitted value: σ·√H_ii, σ² = RSS / (n − tr H).
        var standardErrors: [Double]
        /// The chosen span, in points.
        var span: Int
    }

    /// The spans tried, as shares of the points.
    static let spans: [Double] = [0.02, 0.03, 0.05, 0.08, 0.12, 0.18, 0.27, 0.4, 0.6, 0.8, 1]

    /// Positions in increasing order of value (ties by position).
    private let order: [Int]
    /// Values in `order`, rescaled to [0, 1] so the prefix sums keep their precision.
    private let x: [Double]
    /// For each rank, the first and one-past-last rank of its run of equal values.
    private let runStart: [Int]
    private let runEnd: [Int]

    init(values: [Double]) {
        order = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
        let low = order.first.map { values[$0] } ?? 0
        let high = order.last.map { values[$0] } ?? 0
        let scale = high > low ? 1 / (high - low) : 0
        x = order.map { (values[$0] - low) * scale }
        var start = [Int](repeating: 0, count: order.count), end = start
        var i = 0
        while i < order.count {
            var j = i + 1
            while j < order.count, x[j] == x[i] { j += 1 }
            for r in i..<j {
                start[r] = i
                end[r] = j
            }
            i = j
        }
        runStart = start
        runEnd = end
    }

    var count: Int { order.count }

    /// The smooth of `y` (one value per point, in the caller's order), span by GCV.
    func fit(_ y: [Double]) -> Fit {
        precondition(y.count == order.count, "one value per point")
        let n = order.count
        guard n > 0 else { return Fit(fitted: [], standardErrors: [], span: 0) }
        let sorted = order.map { y[$0] }
        var best: (gcv: Double, fitted: [Double], leverage: [Double], sigma: Double, span: Int)?
        // Widest first, so an equal GCV keeps the smoother fit.
        for share in Self.spans.reversed() {
            let k = Swift.min(n, Swift.max(Swift.min(n, 5), Int((share * Double(n)).rounded())))
            if let best, best.span == k { continue }
            let (fitted, leverage) = line(sorted, span: k)
            var rss = 0.0, trace = 0.0
            for i in 0..<n {
                rss += (sorted[i] - fitted[i]) * (sorted[i] - fitted[i])
                trace += leverage[i]
            }
            let freedom = Double(n) - trace
            guard freedom > 0.5 else { continue }
            let gcv = Double(n) * rss / (freedom * freedom)
            if best == nil || gcv < best!.gcv * (1 - 1e-12) - 1e-300 {
                best = (gcv, fitted, leverage, (rss / freedom).squareRoot(), k)
            }
        }
        guard let chosen = best else {
            let mean = sorted.reduce(0, +) / Double(n)
            return Fit(
                fitted: [Double](repeating: mean, count: n), standardErrors: [Double](repeating: 0, count: n), span: n)
        }
        var fitted = [Double](repeating: 0, count: n), errors = fitted
        for (rank, position) in order.enumerated() {
            fitted[position] = chosen.fitted[rank]
            errors[position] = chosen.sigma * chosen.leverage[rank].squareRoot()
        }
        return Fit(fitted: fitted, standardErrors: errors, span: chosen.span)
    }

    /// The smoothed values in rank order, and each point's own weight in its fit (H_ii).
    private func line(_ y: [Double], span k: Int) -> (fitted: [Double], leverage: [Double]) {
        let n = x.count
        var sx = [Double](repeating: 0, count: n + 1), sxx = sx, sy = sx, sxy = sx
        for i in 0..<n {
            sx[i + 1] = sx[i] + x[i]
            sxx[i + 1] = sxx[i] + x[i] * x[i]
            sy[i + 1] = sy[i] + y[i]
            sxy[i + 1] = sxy[i] + x[i] * y[i]
        }
        var fitted = [Double](repeating: 0, count: n), leverage = fitted
        var rank = 0
        while rank < n {
            // One window per run of equal values, centred on the run.
            let start = runStart[rank], end = runEnd[rank]
            let centre = (start + end - 1) / 2
            var low = Swift.min(Swift.max(centre - k / 2, 0), n - k)
            var high = low + k
            low = Swift.min(low, start)
            high = Swift.max(high, end)
            low = runStart[low]
            high = runEnd[high - 1]
            let m = Double(high - low)
            let meanX = (sx[high] - sx[low]) / m
            let meanY = (sy[high] - sy[low]) / m
            let spreadX = (sxx[high] - sxx[low]) - m * meanX * meanX
            let covariance = (sxy[high] - sxy[low]) - m * meanX * meanY
            let flat = spreadX <= 1e-12 * m
            let slope = flat ? 0 : covariance / spreadX
            for r in start..<end {
                let offset = x[r] - meanX
                fitted[r] = meanY + slope * offset
                leverage[r] = 1 / m + (flat ? 0 : offset * offset / spreadX)
            }
            rank = end
        }
        return (fitted, leverage)
    }
}
