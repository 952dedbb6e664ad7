/// How the 95% interval for `never` was obtained (see docs/telemetry.md).
public enum NeverInterval: String, Sendable {
    /// never is clearly above 0: Wald interval on the logit scale, mapped back.
    case logitWald = "logit-scale Wald"
    /// never = 0 is not rejected (likelihood ratio < 3.84): the interval is
    /// {never : 2(ℓ̂ − ℓ_profile(never)) ≤ 3.84}, which starts at 0.
    case profileLikelihood = "profile likelihood"
    /// No row was censored, so never's estimate is 0 and its profile
    /// bound has the closed form 1 − exp(−3.84 / 2n).
    case noCensoredRows = "closed form (no censored rows)"
    /// never is clearly above 0 and the bootstrap ran: the percentile interval of its refits.
    case bootstrapPercentile = "parametric bootstrap percentile"
}
