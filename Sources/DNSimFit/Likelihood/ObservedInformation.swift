import CGSL

/// The observed information (Hessian of the negative log-likelihood) at an
/// optimum by central differences of the analytic gradient, and its inverse,
/// the asymptotic covariance on the transformed scale.
struct ObservedInformation {
    let covariance: [[Double]]?

    /// Step in transformed coordinates (log scale, log shape, logit never).
    static let step = 1e-4

    init(_ model: MixtureCureLikelihood, at x: [Double]) {
        let n = x.count
        var h = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for j in 0..<n {
            var plus = x, minus = x
            plus[j] += Self.step
            minus[j] -= Self.step
            let gp = model.gradient(plus), gm = model.gradient(minus)
            for i in 0..<n { h[i][j] = (gp[i] - gm[i]) / (2 * Self.step) }
        }
        covariance = Self.inverse(h)
    }

    /// Inverse of the symmetrised matrix by GSL's Cholesky; nil unless positive definite.
    static func inverse(_ h: [[Double]]) -> [[Double]]? {
        let n = h.count
        guard n > 0, h.allSatisfy({ $0.allSatisfy(\.isFinite) }), let m = gsl_matrix_alloc(n, n) else { return nil }
        defer { gsl_matrix_free(m) }
        for i in 0..<n { for j in 0..<n { gsl_matrix_set(m, i, j, (h[i][j] + h[j][i]) / 2) } }
        guard gsl_linalg_cholesky_decomp1(m) == GSL_SUCCESS, gsl_linalg_cholesky_invert(m) == GSL_SUCCESS else {
            return nil
        }
        let inverse = (0..<n).map { i in (0..<n).map { j in gsl_matrix_get(m, i, j) } }
        guard inverse.allSatisfy({ $0.allSatisfy(\.isFinite) }), (0..<n).allSatisfy({ inverse[$0][$0] > 0 }) else {
            return nil
        }
        return inverse
    }

    func standardError(_ i: Int) -> Double {
        guard let covariance else { return .nan }
        return covariance[i][i].squareRoot()
    }
}
