import CGSL

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
    public func maximumGap(_ curve: @Sendable (Double) -> Double) -> Double {
        let count = times.count
        let chunks = count >= 20_000 ? 8 : 1
        let parts = ParallelFor.map(chunks) { k -> Double in
            var gap = 0.0
            for i in count * k / chunks..<count * (k + 1) / chunks {
                let c = curve(times[i])
                let before = i == 0 ? 1 : survival[i - 1]
                gap = max(gap, abs(survival[i] - c), abs(before - c))
            }
            return gap
        }
        var gap = parts.max() ?? 0
        gap = max(gap, abs((survival.last ?? 1) - curve(horizon)))
        return gap
    }
}
