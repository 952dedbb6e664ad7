/// Sample quantiles of sorted data.
public enum Quantile {
    /// The `p` quantile of `sorted` (ascending), Hyndman & Fan's (1996, Am. Stat. 50:361) type 7,
    /// the definition of R's default, NumPy's `linear` and GSL's `gsl_stats_quantile_from_sorted_data`:
    /// with h = (n − 1)·p, the value at ⌊h⌋ plus the fraction h − ⌊h⌋ of the step to the next, in the
    /// same arithmetic as GSL, so the two agree to the bit. `p` is clamped to [0, 1]; empty data gives NaN.
    public static func of(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let p = p.isNaN ? 0.5 : Swift.min(Swift.max(p, 0), 1)
        let index = p * Double(sorted.count - 1)
        let low = Int(index)
        let delta = index - Double(low)
        guard low < sorted.count - 1 else { return sorted[sorted.count - 1] }
        return (1 - delta) * sorted[low] + delta * sorted[low + 1]
    }
}
