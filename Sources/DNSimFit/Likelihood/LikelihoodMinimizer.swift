import CGSL
import Foundation

/// Maximises a likelihood with GSL: BFGS (`vector_bfgs2`) on the analytic
/// gradient, and if that stalls away from a stationary point, Nelder–Mead
/// (`nmsimplex2`) from where it stopped, then BFGS again to polish.
enum LikelihoodMinimizer {
    struct Result {
        var x: [Double]
        /// Negative log-likelihood at x (scaled units).
        var value: Double
        var gradientNorm: Double
        var converged: Bool
    }

    /// Stop when the gradient norm is below `1e-6·√n`: the remaining Newton
    /// step is then about 1e-6 standard errors, far below what is reported.
    static func tolerance(rows: Int) -> Double { 1e-6 * Double(max(rows, 1)).squareRoot() }

    static func minimize(_ model: MixtureCureLikelihood, from start: [Double], rows: Int) -> Result {
        let tolerance = tolerance(rows: rows)
        var best = bfgs(model, start, tolerance)
        if best.converged { return best }
        let simplex = nelderMead(model, best.value.isFinite ? best.x : start)
        let polished = bfgs(model, simplex.x, tolerance)
        for candidate in [simplex, polished] where candidate.value < best.value || !best.value.isFinite {
            best = candidate
        }
        let g = model.gradient(best.x)
        best.gradientNorm = norm(g)
        best.converged = best.gradientNorm < 1000 * tolerance
        return best
    }

    /// The bootstrap's refit: quasi-Newton from the point estimate with its inverse Hessian as
    /// the first metric (a replicate's optimum is about one standard error away, so a few steps
    /// reach the tolerance where BFGS from the identity takes dozens of evaluations), updated by
    /// BFGS. Nil when it makes no progress; the caller then falls back to `minimize`.
    static func warmNewton(_ model: MixtureCureLikelihood, from start: [Double], inverseHessian: [[Double]], rows: Int)
        -> Result?
    {
        let n = model.dimension
        guard start.count == n, inverseHessian.count == n else { return nil }
        let tolerance = tolerance(rows: rows)
        var h = inverseHessian
        var x = start
        var g = [Double](repeating: 0, count: n)
        var f = model.evaluate(x, &g)
        guard f.isFinite else { return nil }
        for _ in 0..<60 {
            if norm(g) < tolerance { return Result(x: x, value: f, gradientNorm: norm(g), converged: true) }
            let d = (0..<n).map { i in -(0..<n).reduce(0) { $0 + h[i][$1] * g[$1] } }
            let slope = zip(d, g).reduce(0) { $0 + $1.0 * $1.1 }
            guard slope < 0 else { return nil }
            var t = 1.0, accepted = false
            var xNew = x, gNew = g, fNew = f
            for _ in 0..<30 {
                xNew = zip(x, d).map { $0 + t * $1 }
                fNew = model.evaluate(xNew, &gNew)
                if fNew.isFinite, fNew <= f + 1e-4 * t * slope { accepted = true; break }
                t /= 2
            }
            // As `bfgs` does: a stall at a gradient this small is the optimum at machine precision
            // (gamma's shape derivative is a central difference, noisy near the tolerance).
            let nearlyFlat = norm(accepted ? gNew : g) < 100 * tolerance
            guard accepted else {
                return nearlyFlat ? Result(x: x, value: f, gradientNorm: norm(g), converged: true) : nil
            }
            if nearlyFlat, f - fNew <= 1e-13 * abs(f) {
                return Result(x: xNew, value: fNew, gradientNorm: norm(gNew), converged: true)
            }
            let s = zip(xNew, x).map { $0 - $1 }, y = zip(gNew, g).map { $0 - $1 }
            let sy = zip(s, y).reduce(0) { $0 + $1.0 * $1.1 }
            if sy > 1e-300 { h = bfgsUpdate(h, s, y, 1 / sy) }
            (x, g, f) = (xNew, gNew, fNew)
        }
        return nil
    }

    /// H ← (I − ρsyᵀ) H (I − ρysᵀ) + ρssᵀ, the inverse-Hessian BFGS update.
    private static func bfgsUpdate(_ h: [[Double]], _ s: [Double], _ y: [Double], _ rho: Double) -> [[Double]] {
        let n = s.count
        let hy = (0..<n).map { i in (0..<n).reduce(0) { $0 + h[i][$1] * y[$1] } }
        let yhy = zip(y, hy).reduce(0) { $0 + $1.0 * $1.1 }
        return (0..<n).map { i in
            (0..<n).map { j in h[i][j] - rho * (hy[i] * s[j] + s[i] * hy[j]) + (rho * rho * yhy + rho) * s[i] * s[j] }
        }
    }

    static func norm(_ v: [Double]) -> Double { v.reduce(0) { $0 + $1 * $1 }.squareRoot() }

    private static func bfgs(_ model: MixtureCureLikelihood, _ start: [Double], _ tolerance: Double) -> Result {
        let n = model.dimension
        let context = Unmanaged.passUnretained(model).toOpaque()
        var function = gsl_multimin_function_fdf(
            f: { v, params in
                let model = Unmanaged<MixtureCureLikelihood>.fromOpaque(params!).takeUnretainedValue()
                return LikelihoodMinimizer.withVector(v!) { model.evaluate($0, nil) }
            },
            df: { v, params, g in
                let model = Unmanaged<MixtureCureLikelihood>.fromOpaque(params!).takeUnretainedValue()
                var grad = [Double](repeating: 0, count: model.dimension)
                _ = LikelihoodMinimizer.withVector(v!) { x in
                    grad.withUnsafeMutableBufferPointer { model.evaluate(x, $0.baseAddress!) }
                }
                for i in 0..<grad.count { gsl_vector_set(g, i, grad[i]) }
            },
            fdf: { v, params, f, g in
                let model = Unmanaged<MixtureCureLikelihood>.fromOpaque(params!).takeUnretainedValue()
                var grad = [Double](repeating: 0, count: model.dimension)
                f!.pointee = LikelihoodMinimizer.withVector(v!) { x in
                    grad.withUnsafeMutableBufferPointer { model.evaluate(x, $0.baseAddress!) }
                }
                for i in 0..<grad.count { gsl_vector_set(g, i, grad[i]) }
            },
            n: n, params: context)
        guard let minimizer = gsl_multimin_fdfminimizer_alloc(dnsim_multimin_bfgs2(), n), let x0 = gsl_vector_alloc(n)
        else {
            return Result(x: start, value: .infinity, gradientNorm: .infinity, converged: false)
        }
        defer { gsl_multimin_fdfminimizer_free(minimizer); gsl_vector_free(x0) }
        for i in 0..<n { gsl_vector_set(x0, i, start[i]) }
        guard model.negativeLogLikelihood(start).isFinite,
            gsl_multimin_fdfminimizer_set(minimizer, &function, x0, 0.1, 0.1) == GSL_SUCCESS
        else {
            return Result(x: start, value: .infinity, gradientNorm: .infinity, converged: false)
        }
        var converged = false
        for _ in 0..<400 {
            let status = gsl_multimin_fdfminimizer_iterate(minimizer)
            if gsl_multimin_test_gradient(minimizer.pointee.gradient, tolerance) == GSL_SUCCESS {
                converged = true; break
            }
            if status != GSL_SUCCESS { break }
        }
        let x = (0..<n).map { gsl_vector_get(minimizer.pointee.x, $0) }
        let g = (0..<n).map { gsl_vector_get(minimizer.pointee.gradient, $0) }
        let value = minimizer.pointee.f
        let gNorm = norm(g)
        // A stalled line search at a point whose gradient is tiny anyway is the optimum at machine precision.
        return Result(x: x, value: value, gradientNorm: gNorm, converged: converged || gNorm < 100 * tolerance)
    }

    private static func nelderMead(_ model: MixtureCureLikelihood, _ start: [Double]) -> Result {
        let n = model.dimension
        let context = Unmanaged.passUnretained(model).toOpaque()
        var function = gsl_multimin_function(
            f: { v, params in
                let model = Unmanaged<MixtureCureLikelihood>.fromOpaque(params!).takeUnretainedValue()
                return LikelihoodMinimizer.withVector(v!) { model.evaluate($0, nil) }
            },
            n: n, params: context)
        guard let minimizer = gsl_multimin_fminimizer_alloc(dnsim_multimin_nmsimplex2(), n),
            let x0 = gsl_vector_alloc(n), let steps = gsl_vector_alloc(n)
        else {
            return Result(x: start, value: .infinity, gradientNorm: .infinity, converged: false)
        }
        defer { gsl_multimin_fminimizer_free(minimizer); gsl_vector_free(x0); gsl_vector_free(steps) }
        for i in 0..<n { gsl_vector_set(x0, i, start[i]) }
        gsl_vector_set_all(steps, 0.5)
        guard gsl_multimin_fminimizer_set(minimizer, &function, x0, steps) == GSL_SUCCESS else {
            return Result(x: start, value: .infinity, gradientNorm: .infinity, converged: false)
        }
        for _ in 0..<4000 {
            if gsl_multimin_fminimizer_iterate(minimizer) != GSL_SUCCESS { break }
            if gsl_multimin_test_size(gsl_multimin_fminimizer_size(minimizer), 1e-9) == GSL_SUCCESS { break }
        }
        let x = (0..<n).map { gsl_vector_get(minimizer.pointee.x, $0) }
        return Result(x: x, value: minimizer.pointee.fval, gradientNorm: .infinity, converged: false)
    }

    /// GSL vectors from the minimisers are contiguous, but stride is honoured anyway.
    private static func withVector<R>(_ v: UnsafePointer<gsl_vector>, _ body: (UnsafePointer<Double>) -> R) -> R {
        let size = v.pointee.size
        if v.pointee.stride == 1 { return body(UnsafePointer(v.pointee.data)) }
        let copy = (0..<size).map { gsl_vector_get(v, $0) }
        return copy.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
