/// What a parametric bootstrap of one family gave: the gap's p-value and the refits' estimates,
/// from which the percentile intervals come (Efron & Tibshirani 1993, ch. 13).
struct BootstrapOutcome {
    let pValue: Double
    let replicates: Int
    /// Per replicate that could be refitted, in replicate order: delay parameters (natural), then never.
    let estimates: [[Double]]

    /// Fewer replicates leave the 2.5% tail to one or two order statistics: the fit keeps its
    /// observed-information intervals.
    static let minimumForIntervals = 100

    /// The percentile interval of coordinate `i`: the (B + 1)·0.025-th and (B + 1)·0.975-th order
    /// statistics, interpolated, which are unbiased for the quantiles they estimate (plain
    /// linear interpolation puts both ends about half an order statistic inwards).
    func percentileInterval(_ i: Int) -> (low: Double, high: Double)? {
        let values = estimates.map { $0[i] }.filter(\.isFinite).sorted()
        guard values.count >= Self.minimumForIntervals else { return nil }
        return (Self.orderStatistic(values, 0.025), Self.orderStatistic(values, 0.975))
    }

    static func orderStatistic(_ sorted: [Double], _ p: Double) -> Double {
        let h = min(max(p * Double(sorted.count + 1), 1), Double(sorted.count))
        let k = Int(h.rounded(.down))
        guard k < sorted.count else { return sorted[k - 1] }
        return sorted[k - 1] + (h - Double(k)) * (sorted[k] - sorted[k - 1])
    }
}
