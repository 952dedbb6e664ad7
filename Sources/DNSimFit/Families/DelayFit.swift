/// Every requested family fitted to one delay sample, ranked by AIC.
public struct DelayFit: Sendable {
    public let sample: DelaySample
    public let kaplanMeier: KaplanMeier
    /// One fit per requested family, in canonical family order.
    public let fits: [FamilyFit]
    /// Lowest AIC among the fits that converged.
    public let best: FamilyFit
    /// Whether the model has a never share.
    public let hasNever: Bool
    public let options: FitOptions

    /// The best fit is acceptable when its bootstrap p-value is at least
    /// 0.05; nil when no bootstrap ran (the gap alone cannot judge it).
    public var acceptable: Bool? { best.bootstrapP.map { $0 >= 0.05 } }

    /// Why the test rejects the best family, in one clause naming `what` was fitted; nil unless it does.
    public func rejection(_ what: String) -> String? {
        guard acceptable == false, let p = best.bootstrapP else { return nil }
        return "the goodness-of-fit test rejects \(what)'s best family, \(best.family.rawValue) (Kaplan–Meier gap "
            + "\(ScenarioFormat.number(best.ks)), parametric bootstrap p = \(ScenarioFormat.number(p)) < 0.05 over "
            + "\(best.bootstrapReplicates) replicates)"
    }

    /// Fits `options.families` to `sample`; `source` names the data in errors.
    public static func fit(_ sample: DelaySample, hasNever: Bool, options: FitOptions, source: String) throws(FitError)
        -> DelayFit
    {
        GSLFitSetup.installErrorHandler()
        guard !options.families.isEmpty else {
            throw FitError(
                file: source, line: nil,
                message: "no family to fit; name at least one of lognormal, weibull, gamma, exponential")
        }
        let what = hasNever ? "launched" : "response (ok or empty)"
        guard sample.events.count >= 10 else {
            throw FitError(
                file: source, line: nil,
                message: "only \(sample.events.count) \(what) rows; a delay fit needs at least 10")
        }
        guard Set(sample.events).count >= 3 else {
            throw FitError(
                file: source, line: nil,
                message: "the \(what) rows have fewer than 3 distinct durations; nothing to fit a distribution to")
        }
        let km = KaplanMeier(sample)
        if options.bootstrap > 0 { options.progress?.expect(options.families.count * options.bootstrap) }
        var fits: [FamilyFit] = []
        for family in options.families {
            var fit = DelayModelFitter(family: family, sample: sample, neverFree: hasNever).fit(km)
            if options.bootstrap > 0 {
                fit.adopt(
                    ParametricBootstrap.run(
                        fit, sample: sample, neverFree: hasNever, replicates: options.bootstrap,
                        seed: options.seed, progress: options.progress))
            }
            fits.append(fit)
        }
        let ranked = fits.filter { $0.converged && $0.aic.isFinite }
        let best = (ranked.isEmpty ? fits : ranked).min { $0.aic < $1.aic } ?? fits[0]
        return DelayFit(sample: sample, kaplanMeier: km, fits: fits, best: best, hasNever: hasNever, options: options)
    }

    public func fit(for family: DelayFamily) -> FamilyFit? { fits.first { $0.family == family } }
}
