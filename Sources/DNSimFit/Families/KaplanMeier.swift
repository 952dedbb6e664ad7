import CGSL
import DNSimSupport

/// The Kaplan–Meier estimate of the share of rows not yet ended, with
/// Greenwood's variance. With a never share it levels off at never, which is
/// what the fitted S_pop(t) = never + (1 − never)·S(t) is compared against.
public struct KaplanMeier: Sendable {
    /// Distinct event times, ascending.
    public let times: [Double]
    /// Survival just after each time.
    public let survival: [Double]
    /// Greenwood's running sum Σ d / (n (n − d)).
    let greenwood: [Double]
    /// The last observed time, event or censored: the curve is known up to here.
    public let horizon: Double

    public init(_ sample: DelaySample) {
        GSLFitSetup.installErrorHandler()
        let events = sample.events, censored = sample.censored
        var times: [Double] = [], survival: [Double] = [], greenwood: [Double] = []
        var atRisk = Double(sample.count)
        var s = 1.0, gw = 0.0
        var i = 0, j = 0
        while i < events.count {
            let t = events[i]
            while j < censored.count, censored[j] < t { atRisk -= 1; j += 1 }
            var d = 0.0
            while i < events.count, events[i] == t { d += 1; i += 1 }
            s *= 1 - d / atRisk
            gw += atRisk > d ? d / (atRisk * (atRisk - d)) : 0
            times.append(t)
            survival.append(s)
            greenwood.append(gw)
            atRisk -= d
        }
        self.times = times
        self.survival = survival
        self.greenwood = greenwood
        horizon = max(events.last ?? 0, censored.last ?? 0)
    }

    /// Survival at t (right-continuous step).
    public func value(at t: Double) -> Double {
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 1 : survival[lo - 1]
    }

    /// Greenwood's pointwise 95% band after the k-th event time, clipped to [0, 1].
    public func band(_ k: Int) -> (low: Double, high: Double) {
        let z = gsl_cdf_ugaussian_Pinv(0.975)
        let half = z * survival[k] * greenwood[k].squareRoot()
        return (max(0, survival[k] - half), min(1, survival[k] + half))
    }

    /// sup_t |KM(t) − curve(t)| for a continuous decreasing curve: attained
    /// at an event time (just before or after the step) or at the horizon.
    ///
    /// A fitted curve can cost 0.5 µs a point (gamma), so with many event
    /// times they are taken in blocks: both curves are monotone, so a block
    /// whose endpoints bound its gap below the largest gap found so far
    /// cannot hold the maximum and is skipped. The result is the same
    /// number a point-by-point scan gives.
    public func maximumGap(_ curve: @Sendable (Double) -> Double) -> Double {
        let count = times.count
        guard count > 0 else { return abs(1 - curve(horizon)) }
        func gap(_ i: Int, _ c: Double) -> Double {
            max(abs(survival[i] - c), abs((i == 0 ? 1 : survival[i - 1]) - c))
        }
        let block = 256
        let blocks = (count + block - 1) / block
        let ends = (0..<blocks).map { b in (b * block, min(count, (b + 1) * block) - 1) }
        // The curve at every block's first and last point.
        let edges = ParallelLoop.map(blocks >= 64 ? 8 : 1) { k -> [(Double, Double)] in
            let chunks = blocks >= 64 ? 8 : 1
            return (blocks * k / chunks..<blocks * (k + 1) / chunks).map { b in
                (curve(times[ends[b].0]), curve(times[ends[b].1]))
            }
        }.flatMap { $0 }
        var best = abs((survival.last ?? 1) - curve(horizon))
        for b in 0..<blocks {
            best = max(best, gap(ends[b].0, edges[b].0), gap(ends[b].1, edges[b].1))
        }
        let threshold = best
        let open = (0..<blocks).filter { b in
            let (first, last) = ends[b]
            let before = first == 0 ? 1 : survival[first - 1]
            return max(before - edges[b].1, edges[b].0 - survival[last]) > threshold
        }
        let chunks = open.count >= 64 ? 8 : 1
        let parts = ParallelLoop.map(chunks) { k -> Double in
            var local = 0.0
            for b in open[open.count * k / chunks..<open.count * (k + 1) / chunks] {
                var i = ends[b].0 + 1
                while i < ends[b].1 {
                    local = max(local, gap(i, curve(times[i])))
                    i += 1
                }
            }
            return local
        }
        return max(best, parts.max() ?? 0)
    }
}
