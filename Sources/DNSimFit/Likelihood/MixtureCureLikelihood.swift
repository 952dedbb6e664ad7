import CGSL
import DNSimSupport
import Foundation

/// The negative log-likelihood of the mixture-cure model on unconstrained
/// coordinates, with its gradient: x = (log scale-like, log shape-like
/// [, logit never]), times divided by a reference scale so every coordinate
/// starts near 0 whatever the unit of the data.
///
/// Cost matters (a million rows, four families): events enter through
/// sufficient statistics where the family allows (lognormal: mean and
/// spread of log t; gamma: Σ log t and Σ t; exponential: Σ t), tied
/// censoring times are merged, and long loops run in a fixed number of
/// chunks summed in a fixed order, so results never depend on thread count.
final class MixtureCureLikelihood: @unchecked Sendable {
    let family: DelayFamily
    let never: NeverMode
    /// Reference time (seconds): the geometric mean of the event times.
    let scale: Double
    let dimension: Int
    let eventCount: Double
    let sumLog: Double
    let meanLog: Double
    let m2Log: Double
    let sumT: Double
    /// Scaled log event times; only Weibull's event term needs them one by one.
    let eventLogs: [Double]
    /// Distinct scaled censoring times, their logs and multiplicities.
    let censorValues: [Double]
    let censorLogs: [Double]
    let censorCounts: [Double]
    /// Interpolation grid for gamma's log Q when censoring times are many.
    let gammaGrid: GammaTailGrid?

    static let chunkCount = 8
    static let parallelThreshold = 40_000

    init(family: DelayFamily, sample: DelaySample, never: NeverMode) {
        self.family = family
        self.never = never
        let events = sample.events
        let n = Double(events.count)
        var logSum = 0.0
        for t in events { logSum += Foundation.log(t) }
        let geometric = events.isEmpty ? 1 : Foundation.exp(logSum / n)
        scale = geometric.isFinite && geometric > 0 ? geometric : 1
        let logScale = Foundation.log(scale)
        eventCount = n
        var logs = [Double](repeating: 0, count: events.count)
        var s = 0.0, st = 0.0
        for (i, t) in events.enumerated() {
            logs[i] = Foundation.log(t) - logScale
            s += logs[i]
            st += t / scale
        }
        sumLog = s
        sumT = st
        meanLog = n > 0 ? s / n : 0
        var m2 = 0.0
        for y in logs { m2 += (y - meanLog) * (y - meanLog) }
        m2Log = m2
        eventLogs = family == .weibull ? logs : []
        var values: [Double] = [], counts: [Double] = []
        for c in sample.censored {
            let v = c / scale
            if let last = values.last, last == v {
                counts[counts.count - 1] += 1
            } else {
                values.append(v); counts.append(1)
            }
        }
        censorValues = values
        censorLogs = values.map { Foundation.log($0) }
        censorCounts = counts
        gammaGrid = family == .gamma ? GammaTailGrid(logs: censorLogs) : nil
        dimension = family.parameterCount + (never == .free ? 1 : 0)
    }

    var censoredTotal: Double { censorCounts.reduce(0, +) }

    // MARK: coordinates

    func transformed(parameters p: [Double], never value: Double) -> [Double] {
        var x: [Double]
        switch family {
        case .lognormal: x = [Foundation.log(p[0] / scale), Foundation.log(p[1])]
        case .weibull, .gamma: x = [Foundation.log(p[0] / scale), Foundation.log(p[1])]
        case .exponential: x = [Foundation.log(p[0] / scale)]
        }
        if never == .free { x.append(Self.logit(value)) }
        return x
    }

    /// Natural parameters (seconds) and never for coordinates x.
    func natural(_ x: [Double]) -> (parameters: [Double], never: Double) {
        let first = Foundation.exp(x[0]) * scale
        let parameters = family.parameterCount == 2 ? [first, Foundation.exp(x[1])] : [first]
        switch never {
        case .free: return (parameters, Self.expit(x[family.parameterCount]))
        case .fixed(let value): return (parameters, value)
        }
    }

    /// Moment and closed-form estimates from the events: censoring biases
    /// them towards short delays, which the optimiser then corrects.
    func startingPoint(neverGuess: Double) -> [Double] {
        let n = max(eventCount, 1)
        let sd = max((m2Log / n).squareRoot(), 0.05)
        let meanT = max(sumT / n, 1e-12)
        var x: [Double]
        switch family {
        case .lognormal:
            x = [meanLog, Foundation.log(sd)]
        case .weibull:
            let k = 1.2825498301618641 / sd  // sd(log T) = π / (k √6)
            x = [meanLog + 0.5772156649015329 / k, Foundation.log(k)]
        case .gamma:
            // Minka's closed-form approximation to the gamma MLE.
            let s = max(Foundation.log(meanT) - meanLog, 1e-6)
            let shape = (3 - s + ((s - 3) * (s - 3) + 24 * s).squareRoot()) / (12 * s)
            x = [Foundation.log(meanT / shape), Foundation.log(shape)]
        case .exponential:
            x = [Foundation.log(meanT)]
        }
        if never == .free { x.append(Self.logit(min(max(neverGuess, 0.001), 0.95))) }
        return x
    }

    static func logit(_ p: Double) -> Double { Foundation.log(p) - Foundation.log1p(-p) }
    static func expit(_ x: Double) -> Double {
        x >= 0 ? 1 / (1 + Foundation.exp(-x)) : Foundation.exp(x) / (1 + Foundation.exp(x))
    }

    // MARK: evaluation

    /// Log-likelihood with densities per second (the scale's Jacobian added back).
    func logLikelihoodInSeconds(_ x: [Double]) -> Double {
        -x.withUnsafeBufferPointer { evaluate($0.baseAddress!, nil) } - eventCount * Foundation.log(scale)
    }

    func negativeLogLikelihood(_ x: [Double]) -> Double {
        x.withUnsafeBufferPointer { evaluate($0.baseAddress!, nil) }
    }

    func gradient(_ x: [Double]) -> [Double] {
        var g = [Double](repeating: 0, count: dimension)
        x.withUnsafeBufferPointer { xp in
            g.withUnsafeMutableBufferPointer { _ = evaluate(xp.baseAddress!, $0.baseAddress!) }
        }
        return g
    }

    struct Partial {
        var value = 0.0, g0 = 0.0, g1 = 0.0, gEta = 0.0
        static func + (l: Partial, r: Partial) -> Partial {
            Partial(value: l.value + r.value, g0: l.g0 + r.g0, g1: l.g1 + r.g1, gEta: l.gEta + r.gEta)
        }
    }

    /// The mixing weights of one evaluation.
    struct Mix {
        let active: Bool
        let pi: Double, logPi: Double, log1mPi: Double
    }

    /// NLL at x (scaled units); writes the NLL's gradient when asked.
    func evaluate(_ x: UnsafePointer<Double>, _ gradient: UnsafeMutablePointer<Double>?) -> Double {
        let a = x[0]
        let b = family.parameterCount == 2 ? x[1] : 0
        let mix: Mix
        switch never {
        case .free:
            let eta = x[family.parameterCount]
            let logPi = eta >= 0 ? -Foundation.log1p(Foundation.exp(-eta)) : eta - Foundation.log1p(Foundation.exp(eta))
            let log1mPi =
                eta >= 0 ? -eta - Foundation.log1p(Foundation.exp(-eta)) : -Foundation.log1p(Foundation.exp(eta))
            mix = Mix(active: true, pi: Foundation.exp(logPi), logPi: logPi, log1mPi: log1mPi)
        case .fixed(let p):
            mix =
                p > 0
                ? Mix(active: true, pi: p, logPi: Foundation.log(p), log1mPi: Foundation.log1p(-p))
                : Mix(active: false, pi: 0, logPi: -.infinity, log1mPi: 0)
        }
        let wantGradient = gradient != nil
        var total = eventPart(a, b, wantGradient)
        if mix.active {
            total.value += eventCount * mix.log1mPi
            total.gEta -= eventCount * mix.pi
        }
        if !censorValues.isEmpty {
            var anchors: GammaTailGrid.Anchors?
            if let grid = gammaGrid {
                let shape = Foundation.exp(b)
                anchors = grid.anchors(scaleLog: a, shape: shape, step: wantGradient ? Self.gammaShapeStep : nil)
            }
            total =
                total
                + Self.chunked(censorValues.count) { range in
                    self.censoredPart(range, a, b, mix, wantGradient, anchors)
                }
        }
        if let gradient {
            gradient[0] = -total.g0
            if family.parameterCount == 2 { gradient[1] = -total.g1 }
            if never == .free { gradient[family.parameterCount] = -total.gEta }
        }
        let value = -total.value
        return value.isNaN ? .infinity : value
    }

    private func eventPart(_ a: Double, _ b: Double, _ wantGradient: Bool) -> Partial {
        let n = eventCount
        var p = Partial()
        switch family {
        case .lognormal:
            let sigma2 = Foundation.exp(2 * b)
            let d = m2Log + n * (meanLog - a) * (meanLog - a)
            p.value = -sumLog - n * b - n * 0.9189385332046727 - d / (2 * sigma2)
            p.g0 = n * (meanLog - a) / sigma2
            p.g1 = -n + d / sigma2
        case .weibull:
            let k = Foundation.exp(b)
            let sums = Self.chunked(eventLogs.count) { range in
                var s = Partial()
                self.eventLogs.withUnsafeBufferPointer { logs in
                    for i in range {
                        let r = logs[i] - a
                        let u = Foundation.exp(k * r)
                        s.value += u
                        s.g1 += u * r
                    }
                }
                return s
            }
            p.value = n * b + (k - 1) * sumLog - n * k * a - sums.value
            p.g0 = -n * k + k * sums.value
            p.g1 = n + k * (sumLog - n * a) - k * sums.g1
        case .gamma:
            let shape = Foundation.exp(b)
            p.value = -n * gsl_sf_lngamma(shape) - n * shape * a + (shape - 1) * sumLog - sumT * Foundation.exp(-a)
            p.g0 = -n * shape + sumT * Foundation.exp(-a)
            if wantGradient { p.g1 = shape * (-n * gsl_sf_psi(shape) - n * a + sumLog) }
        case .exponential:
            p.value = -n * a - sumT * Foundation.exp(-a)
            p.g0 = -n + sumT * Foundation.exp(-a)
        }
        return p
    }

    /// Step for the gamma shape derivative of log Q(shape, x), which GSL does
    /// not provide: a central difference in log shape (a forward difference's
    /// O(step) bias, summed over 10⁵ rows, stalled BFGS).
    static let gammaShapeStep = 1.0 / 65_536

    private func censoredPart(
        _ range: Range<Int>, _ a: Double, _ b: Double, _ mix: Mix, _ wantGradient: Bool,
        _ anchors: GammaTailGrid.Anchors?
    ) -> Partial {
        var p = Partial()
        let shape = Foundation.exp(b)
        let sigma = shape
        let lgShape = family == .gamma ? gsl_sf_lngamma(shape) : 0
        let shapeUp = shape * Foundation.exp(Self.gammaShapeStep),
            shapeDown = shape * Foundation.exp(-Self.gammaShapeStep)
        let direct = family == .gamma && wantGradient && anchors == nil
        let lgUp = direct ? gsl_sf_lngamma(shapeUp) : 0, lgDown = direct ? gsl_sf_lngamma(shapeDown) : 0
        censorLogs.withUnsafeBufferPointer { logs in
            censorCounts.withUnsafeBufferPointer { counts in
                for i in range {
                    let lc = logs[i]
                    // survival is S itself when it is known not to underflow (then
                    // the mixture needs one log, not four transcendental calls), else -1.
                    var logS = 0.0, survival = -1.0, d0 = 0.0, d1 = 0.0
                    switch family {
                    case .lognormal:
                        let z = (lc - a) / sigma
                        let hazard: Double
                        if z < 30 {
                            let q = gsl_cdf_ugaussian_Q(z)
                            survival = q
                            if !mix.active { logS = Foundation.log(q) }
                            hazard = Foundation.exp(-0.5 * z * z) * 0.3989422804014327 / q
                        } else {
                            logS = gsl_sf_log_erfc(z * 0.7071067811865476) - 0.6931471805599453
                            hazard = gsl_sf_hazard(z)
                        }
                        d0 = hazard / sigma
                        d1 = hazard * z
                    case .weibull:
                        let r = lc - a
                        let u = Foundation.exp(shape * r)
                        logS = -u
                        if mix.active, u < 600 { survival = Foundation.exp(-u) }
                        d0 = shape * u
                        d1 = -u * shape * r
                    case .gamma:
                        let lx = lc - a
                        let xv = Foundation.exp(lx)
                        if let anchors, let grid = gammaGrid {
                            logS = anchors.value.withUnsafeBufferPointer { v in
                                anchors.slope.withUnsafeBufferPointer {
                                    grid.interpolate(i, v.baseAddress!, $0.baseAddress!)
                                }
                            }
                            if wantGradient {
                                d1 = anchors.shapeDerivative.withUnsafeBufferPointer { v in
                                    anchors.shapeDerivativeSlope.withUnsafeBufferPointer {
                                        grid.interpolate(i, v.baseAddress!, $0.baseAddress!)
                                    }
                                }
                            }
                        } else {
                            logS = Self.logGammaQ(shape, xv, lx, lgShape)
                            if wantGradient {
                                d1 =
                                    (Self.logGammaQ(shapeUp, xv, lx, lgUp) - Self.logGammaQ(shapeDown, xv, lx, lgDown))
                                    / (2 * Self.gammaShapeStep)
                            }
                        }
                        d0 = Foundation.exp(shape * lx - xv - lgShape - logS)
                        if mix.active, logS > -600 { survival = Foundation.exp(logS) }
                    case .exponential:
                        let xv = Foundation.exp(lc - a)
                        logS = -xv
                        if mix.active, xv < 600 { survival = Foundation.exp(-xv) }
                        d0 = xv
                    }
                    let count = counts[i]
                    if mix.active, survival > 1e-290 {
                        let m = mix.pi + (1 - mix.pi) * survival
                        let w = (1 - mix.pi) * survival / m
                        p.value += count * Foundation.log(m)
                        p.g0 += count * w * d0
                        p.g1 += count * w * d1
                        p.gEta += count * (1 - mix.pi) * (1 - survival) * (1 - w)
                    } else if mix.active {
                        if survival > 0 { logS = Foundation.log(survival) }
                        let other = mix.log1mPi + logS
                        let hi = max(mix.logPi, other), lo = min(mix.logPi, other)
                        let logMix = hi + Foundation.log1p(Foundation.exp(lo - hi))
                        let w = Foundation.exp(other - logMix)
                        p.value += count * logMix
                        p.g0 += count * w * d0
                        p.g1 += count * w * d1
                        p.gEta += count * (1 - mix.pi) * (1 - Foundation.exp(logS)) * (1 - w)
                    } else {
                        p.value += count * logS
                        p.g0 += count * d0
                        p.g1 += count * d1
                    }
                }
            }
        }
        return p
    }

    /// log Q(shape, x), GSL's regularised upper incomplete gamma; far in the
    /// tail, where Q underflows, the leading terms of its asymptotic series.
    static func logGammaQ(_ shape: Double, _ x: Double, _ logX: Double, _ lgShape: Double) -> Double {
        if x < 600 || x < shape * 2 {
            let q = gsl_sf_gamma_inc_Q(shape, x)
            if q > 1e-290 { return Foundation.log(q) }
        }
        return (shape - 1) * logX - x - lgShape + Foundation.log1p(max((shape - 1) / x, -0.5))
    }

    /// Sums `body` over 0..<count in a fixed number of chunks (run in
    /// parallel when long), adding the partial sums in chunk order.
    static func chunked(_ count: Int, _ body: (Range<Int>) -> Partial) -> Partial {
        guard count >= parallelThreshold else { return body(0..<count) }
        let chunks = chunkCount
        let parts = ParallelLoop.map(chunks) { k in body(count * k / chunks..<count * (k + 1) / chunks) }
        return parts.reduce(Partial(), +)
    }
}
