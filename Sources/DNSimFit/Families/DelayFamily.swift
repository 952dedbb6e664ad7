import CGSL
import Foundation

/// A parametric family for a delay or latency, named as in the scenario
/// file. Parameters are kept in the scenario's convention (GSL's argument
/// order differs for Weibull: `gsl_*_weibull(x, scale, shape)`).
public enum DelayFamily: String, CaseIterable, Sendable, Comparable {
    case lognormal, weibull, gamma, exponential

    public static func < (a: DelayFamily, b: DelayFamily) -> Bool { a.order < b.order }

    var order: Int { Self.allCases.firstIndex(of: self)! }

    /// Parameter names in `fit.json`; names ending in `_s` are seconds.
    public var parameterNames: [String] {
        switch self {
        case .lognormal: ["median_s", "sigma"]
        case .weibull, .gamma: ["scale_s", "shape"]
        case .exponential: ["mean_s"]
        }
    }

    var parameterCount: Int { self == .exponential ? 1 : 2 }

    /// Reads a comma-separated list such as `lognormal,weibull` (the CLI's
    /// `--families`), in the canonical order, without repeats.
    public static func parseList(_ text: String, file: String = "--families") throws(FitError) -> [DelayFamily] {
        var chosen = Set<DelayFamily>()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = item.trimmingCharacters(in: .whitespaces).lowercased()
            guard let family = DelayFamily(rawValue: name) else {
                throw FitError(
                    file: file, line: nil,
                    message: "'\(name)' is not a family; use lognormal, weibull, gamma or exponential")
            }
            chosen.insert(family)
        }
        return allCases.filter(chosen.contains)
    }

    /// Survival P(T > t) for natural parameters (seconds), with GSL's CDFs.
    public func survival(_ t: Double, _ p: [Double]) -> Double {
        guard t > 0 else { return 1 }
        switch self {
        case .lognormal: return gsl_cdf_lognormal_Q(t, Foundation.log(p[0]), p[1])
        case .weibull: return gsl_cdf_weibull_Q(t, p[0], p[1])
        case .gamma: return gsl_cdf_gamma_Q(t, p[1], p[0])
        case .exponential: return gsl_cdf_exponential_Q(t, p[0])
        }
    }

    /// One draw with GSL's samplers (for the parametric bootstrap).
    func sample(_ r: UnsafeMutablePointer<gsl_rng>, _ p: [Double]) -> Double {
        switch self {
        case .lognormal: gsl_ran_lognormal(r, Foundation.log(p[0]), p[1])
        case .weibull: gsl_ran_weibull(r, p[0], p[1])
        case .gamma: gsl_ran_gamma(r, p[1], p[0])
        case .exponential: gsl_ran_exponential(r, p[0])
        }
    }

    /// The mixture-cure log-likelihood of a sample in seconds: a row that
    /// ended at t adds log((1 − never)·f(t)), a censored row at c adds
    /// log(never + (1 − never)·S(c)). `parameters` are natural (see
    /// `parameterNames`). This is the very code the fit maximises.
    public func logLikelihood(parameters: [Double], never: Double, sample: DelaySample) -> Double {
        GSLFitSetup.installErrorHandler()
        let model = MixtureCureLikelihood(family: self, sample: sample, never: .fixed(never))
        let x = model.transformed(parameters: parameters, never: never)
        return model.logLikelihoodInSeconds(x)
    }
}
