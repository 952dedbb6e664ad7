import CGSL
import DNSimFit
import Foundation

/// Synthetic BG-launch samples with known truth, drawn with GSL's own
/// samplers (mt19937), independently of the code under test.
enum SyntheticDelays {
    /// `n` requests: each never runs with probability `never`, otherwise
    /// launches after a delay from `family`; observation stops `followUp`
    /// seconds after the request could first run.
    static func sample(
        _ family: DelayFamily, _ parameters: [Double], never: Double, n: Int,
        followUp: Double = 86_400, seed: UInt
    ) -> DelaySample {
        let r = gsl_rng_alloc(dnsim_rng_mt19937())!
        defer { gsl_rng_free(r) }
        gsl_rng_set(r, seed)
        var events: [Double] = [], censored: [Double] = []
        for _ in 0..<n {
            let runs = gsl_rng_uniform(r) >= never
            let t = draw(family, parameters, r)
            if runs && t <= followUp { events.append(t) } else { censored.append(followUp) }
        }
        return DelaySample(events: events, censored: censored, followUp: [Double](repeating: followUp, count: n))
    }

    static func draw(_ family: DelayFamily, _ p: [Double], _ r: UnsafeMutablePointer<gsl_rng>) -> Double {
        switch family {
        case .lognormal: gsl_ran_lognormal(r, log(p[0]), p[1])
        case .weibull: gsl_ran_weibull(r, p[0], p[1])
        case .gamma: gsl_ran_gamma(r, p[1], p[0])
        case .exponential: gsl_ran_exponential(r, p[0])
        }
    }
}
