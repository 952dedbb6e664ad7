import CGSL
import DNSimSupport

/// The p-value of a fit's Kaplan–Meier gap by parametric bootstrap: simulate
/// data sets from the fitted model with the observed rows' own follow-up
/// times, refit each, and see how often the refit's gap is at least the
/// observed one. The classic KS table does not apply once parameters are
/// estimated from censored data; this does. The refits' estimates are kept:
/// they give the percentile intervals (`BootstrapOutcome`).
enum ParametricBootstrap {
    /// Replicates run in parallel, each on its own keyed stream, and are collected in replicate
    /// order, so the outcome is the same on any number of cores.
    static func run(
        _ fit: FamilyFit, sample: DelaySample, neverFree: Bool, replicates: Int, seed: UInt64,
        progress: FitProgress? = nil
    ) -> BootstrapOutcome {
        let observed = fit.ks
        let fitter = DelayModelFitter(family: fit.family, sample: sample, neverFree: neverFree)
        // Computed once: every replicate starts at the point estimate with this metric.
        let metric = fitter.bootstrapMetric(startParameters: fit.values, startNever: fit.never?.value ?? 0)
        let results = ParallelLoop.map(replicates) { b in
            defer { progress?.advance() }
            return replicate(
                fit, sample: sample, neverFree: neverFree, metric: metric,
                seed: KeyedSeed.seed(seed, UInt64(fit.family.order), UInt64(b)))
        }
        let extreme = results.filter { !($0.gap < observed) }.count
        return BootstrapOutcome(
            pValue: Double(1 + extreme) / Double(replicates + 1), replicates: replicates,
            estimates: results.compactMap(\.estimate))
    }

    /// One replicate: its gap, and its estimate (delay parameters, then never) unless it had
    /// too few events to refit. Each row draws its never uniform and its delay whether or not
    /// it needs them, so streams stay aligned across parameter values.
    static func replicate(
        _ fit: FamilyFit, sample: DelaySample, neverFree: Bool, metric: [[Double]]?,
        seed: UInt
    ) -> (gap: Double, estimate: [Double]?) {
        guard let generator = gsl_rng_alloc(dnsim_rng_mt19937()) else { return (.infinity, nil) }
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
        guard Set(events).count >= 3 else { return (.infinity, nil) }
        let simulated = DelaySample(events: events, censored: censored, followUp: sample.followUp)
        let fitter = DelayModelFitter(family: fit.family, sample: simulated, neverFree: neverFree)
        let refit = fitter.estimate(startParameters: values, startNever: pi, metric: metric)
        let family = fit.family
        let gap = KaplanMeier(simulated).maximumGap { t in
            refit.never + (1 - refit.never) * family.survival(t, refit.parameters)
        }
        return (gap, refit.parameters + [refit.never])
    }
}
