import CGSL
import Foundation

/// Fits one family to a delay sample: the maximum-likelihood estimate, 95%
/// intervals from the observed information, and never's interval with the
/// boundary at 0 handled by the likelihood itself (see `NeverInterval`).
struct DelayModelFitter {
    let family: DelayFamily
    let sample: DelaySample
    /// Whether the model has a never share (BG launches) or not (fetch latency).
    let neverFree: Bool

    static let z95 = gsl_cdf_ugaussian_Pinv(0.975)
    static let chi95 = gsl_cdf_chisq_Pinv(0.95, 1)

    var rows: Int { sample.count }
    var k: Int { family.parameterCount + (neverFree ? 1 : 0) }

    func fit(_ km: KaplanMeier) -> FamilyFit {
        var result = estimateWithIntervals(km)
        let curve: @Sendable (Double) -> Double = { [result] in result.survival(at: $0) }
        result.ks = km.maximumGap(curve)
        return result
    }

    private func estimateWithIntervals(_ km: KaplanMeier) -> FamilyFit {
        let p = family.parameterCount
        guard neverFree, !sample.censored.isEmpty else {
            let reduced = MixtureCureLikelihood(family: family, sample: sample, never: .fixed(0))
            let r = LikelihoodMinimizer.minimize(reduced, from: reduced.startingPoint(neverGuess: 0), rows: rows)
            let never =
                neverFree
                ? FittedParameter(
                    name: "never", value: 0, low: 0,
                    high: -Foundation.expm1(-Self.chi95 / (2 * Double(sample.events.count))))
                : nil
            return make(reduced, r, never, neverFree ? .noCensoredRows : nil)
        }
        let full = MixtureCureLikelihood(family: family, sample: sample, never: .free)
        let censoredShare = Double(sample.censored.count) / Double(rows)
        let guess = 0.9 * min(km.survival.last ?? censoredShare, censoredShare)
        let r = LikelihoodMinimizer.minimize(full, from: full.startingPoint(neverGuess: guess), rows: rows)
        let info = ObservedInformation(full, at: r.x)
        let pi = MixtureCureLikelihood.expit(r.x[p])
        let seEta = info.standardError(p)
        let waldZ = 1 / ((1 - pi) * seEta)
        // Only when never could be near 0 is the nested never = 0 model worth fitting.
        if !(waldZ >= 4) || pi < 1e-6 || !r.converged {
            let reduced = MixtureCureLikelihood(family: family, sample: sample, never: .fixed(0))
            let warm = Array(r.x.prefix(p))
            let r0 = LikelihoodMinimizer.minimize(
                reduced, from: warm.allSatisfy(\.isFinite) ? warm : reduced.startingPoint(neverGuess: 0),
                rows: rows)
            let logLikFull = -r.value, logLikZero = -r0.value
            if !(logLikFull > logLikZero) {
                let upper = profileUpperBound(maxLogLik: logLikZero, from: r0.x, lowestNever: 0)
                return make(
                    reduced, r0, FittedParameter(name: "never", value: 0, low: 0, high: upper), .profileLikelihood)
            }
            if 2 * (logLikFull - logLikZero) < Self.chi95 {
                let upper = profileUpperBound(maxLogLik: logLikFull, from: warm, lowestNever: pi)
                return make(
                    full, r, FittedParameter(name: "never", value: pi, low: 0, high: upper), .profileLikelihood, info)
            }
        }
        let eta = r.x[p]
        let never = FittedParameter(
            name: "never", value: pi,
            low: MixtureCureLikelihood.expit(eta - Self.z95 * seEta),
            high: MixtureCureLikelihood.expit(eta + Self.z95 * seEta))
        return make(full, r, never, .logitWald, info)
    }

    /// Delay parameters with transformed-scale Wald intervals mapped back:
    /// every one is a log of a positive quantity, so value·exp(±z·se).
    private func make(
        _ model: MixtureCureLikelihood, _ r: LikelihoodMinimizer.Result, _ never: FittedParameter?,
        _ method: NeverInterval?, _ known: ObservedInformation? = nil
    ) -> FamilyFit {
        let info = known ?? ObservedInformation(model, at: r.x)
        let natural = model.natural(r.x)
        let parameters = family.parameterNames.enumerated().map { i, name in
            let se = info.standardError(i)
            let value = natural.parameters[i]
            return FittedParameter(
                name: name, value: value, low: value * Foundation.exp(-Self.z95 * se),
                high: value * Foundation.exp(Self.z95 * se))
        }
        let logLik = model.logLikelihoodInSeconds(r.x)
        return FamilyFit(
            family: family, parameters: parameters, never: never, neverInterval: method,
            logLikelihood: logLik, aic: 2 * Double(k) - 2 * logLik, ks: .nan, bootstrapP: nil,
            bootstrapReplicates: 0, converged: r.converged)
    }

    /// The upper end of {never : 2(ℓ̂ − ℓ_profile(never)) ≤ χ²₁(0.95)}: bracket
    /// it on the logit scale, then GSL's Brent solver; each trial value of
    /// never refits the delay parameters, warm-started from the last one.
    private func profileUpperBound(maxLogLik: Double, from start: [Double], lowestNever: Double) -> Double {
        var warm = start
        let excess: (Double) -> Double = { eta in
            let model = MixtureCureLikelihood(
                family: family, sample: sample, never: .fixed(MixtureCureLikelihood.expit(eta)))
            let r = LikelihoodMinimizer.minimize(model, from: warm, rows: rows)
            if r.x.allSatisfy(\.isFinite) { warm = r.x }
            return 2 * (maxLogLik + r.value) - Self.chi95
        }
        var low = MixtureCureLikelihood.logit(max(lowestNever, 1e-10))
        let ceiling = MixtureCureLikelihood.logit(1 - 1e-9)
        var step = 1.0
        var high = low
        var bracketed = false
        for _ in 0..<80 {
            high = min(low + step, ceiling)
            if excess(high) > 0 { bracketed = true; break }
            if high >= ceiling { break }
            low = high
            step *= 1.6
        }
        guard bracketed else { return 1 }
        return MixtureCureLikelihood.expit(RootFinder.brent(excess, low, high))
    }

    /// MLE only, from a given start: the parametric bootstrap's refit. With `metric` (the inverse
    /// Hessian at the start, from `bootstrapMetric`) a warm quasi-Newton runs first.
    func estimate(startParameters: [Double], startNever: Double, metric: [[Double]]? = nil) -> (
        parameters: [Double], never: Double
    ) {
        let model = MixtureCureLikelihood(family: family, sample: sample, never: neverMode)
        var start = model.transformed(parameters: startParameters, never: Self.startNever(startNever))
        if let metric, let r = LikelihoodMinimizer.warmNewton(model, from: start, inverseHessian: metric, rows: rows) {
            return model.natural(r.x)
        }
        if !model.negativeLogLikelihood(start).isFinite { start = model.startingPoint(neverGuess: startNever) }
        let r = LikelihoodMinimizer.minimize(model, from: start, rows: rows)
        return model.natural(r.x)
    }

    var neverMode: NeverMode { neverFree && !sample.censored.isEmpty ? .free : .fixed(0) }

    static func startNever(_ value: Double) -> Double { min(max(value, 1e-3), 0.95) }

    /// The inverse observed information of this (the observed) sample at the point a bootstrap
    /// refit starts from, or nil if singular: the Hessian in log scale is the same whatever the
    /// sample's reference time, so it serves every replicate of the same size.
    func bootstrapMetric(startParameters: [Double], startNever: Double) -> [[Double]]? {
        let model = MixtureCureLikelihood(family: family, sample: sample, never: neverMode)
        return ObservedInformation(
            model, at: model.transformed(parameters: startParameters, never: Self.startNever(startNever))
        ).covariance
    }
}
