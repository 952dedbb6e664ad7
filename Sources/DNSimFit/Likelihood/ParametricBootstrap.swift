import CGSL
import DNSimSupport

/// The p-value of a fit's Kaplan–Meier gap by parametric bootstrap: simulate
/// data sets from the fitted model with the observed rows' own follow-up
/// times, refit each, and see how often the refit's gap is at least the
/// observed one. The classic KS table does not apply once parameters are
/// estimated from censored data; this does.
enum ParametricBootstrap {
    static func pValue(_ fit: FamilyFit, sample: DelaySample, neverFree: Bool, replicates: Int, seed: UInt64,
                       progress: FitProgress? = nil) -> Double {
        let observed = fit.ks
        let gaps = ParallelLoop.map(replicates) { b in
            defer { progress?.advance() }
            return gap(fit, sample: sample, neverFree: neverFree, seed: KeyedSeed.seed(seed, UInt64(fit.family.order), UInt64(b)))
        }
        let extreme = gaps.filter { !($0 < observed) }.count
        return Double(1 + extreme) / Double(replicates + 1)
    }

    /// One replicate. Each row draws its never uniform and its delay whether
    /// or not it needs them, so streams stay aligned across parameter values.
    static func gap(_ fit: FamilyFit, sample: DelaySample, neverFree: Bool, seed: UInt) -> Double {
        guard let generator = gsl_rng_alloc(dnsim_rng_mt19937()) else { return .infinity }
        defer { gsl_rng_free(generator) }
        gsl_rng_set(generator, seed)
        let pi = fit.never?.value ?? 0
        let values = fit.values
        var events: [Double] = [], censored: [Double] = []
        events.reserveCapacity(sample.count)
        for followUp in sample.followUp {
            let u = gsl_rng_uniform(generator)
            let t = fit.family.sample(generator, values)
            if u < pi || !(t <= followUp) { censored.append(followUp) } else { events.append(t) }
        }
        // Too few events to refit: count the replicate as at least as extreme (conservative).
        guard Set(events).count >= 3 else { return .infinity }
        let simulated = DelaySample(events: events, censored: censored, followUp: sample.followUp)
        let fitter = DelayModelFitter(family: fit.family, sample: simulated, neverFree: neverFree)
        let refit = fitter.estimate(startParameters: values, startNever: pi)
        let family = fit.family
        return KaplanMeier(simulated).maximumGap { t in refit.never + (1 - refit.never) * family.survival(t, refit.parameters) }
    }
}
