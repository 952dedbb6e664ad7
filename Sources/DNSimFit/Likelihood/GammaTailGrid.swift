import CGSL
import Foundation

/// Speeds up the gamma model's censored rows when there are many distinct
/// censoring times. GSL's regularised incomplete gamma Q(shape, x) costs
/// ~0.5 µs, and BFGS needs it twice per row (value and the two sides of a shape derivative)
/// per evaluation, so 175,000 censored rows made gamma 20× slower than the
/// other families. log Q is smooth in u = log x, so it is evaluated with GSL
/// only on a uniform grid of u (spacing 0.002) and cubic-Hermite
/// interpolated between grid points, with the exact slope
/// d log Q / du = −x f(x) / Q at each. The interpolation error is below
/// spacing⁴/384 · |d⁴ log Q/du⁴| ≈ 4e-14 · x per row, far under the
/// optimiser's tolerance (a test compares it with direct evaluation).
/// Used only when there are at least 4 rows per grid point; smaller data
/// is evaluated directly.
struct GammaTailGrid {
    let origin: Double
    let spacing: Double
    let intervals: Int
    /// Per distinct censoring time: its grid interval and Hermite weights.
    let index: [Int32]
    let weights: [SIMD4<Double>]

    static let spacing = 0.002

    init?(logs: [Double]) {
        guard let low = logs.first, let high = logs.last, high.isFinite, low.isFinite else { return nil }
        let intervals = max(1, Int(((high - low) / Self.spacing).rounded(.up)))
        guard logs.count >= 4 * (intervals + 1), intervals < 1 << 20 else { return nil }
        origin = low
        spacing = Self.spacing
        self.intervals = intervals
        var index = [Int32](repeating: 0, count: logs.count)
        var weights = [SIMD4<Double>](repeating: .zero, count: logs.count)
        for (i, lc) in logs.enumerated() {
            let position = (lc - low) / spacing
            let k = min(max(Int(position), 0), intervals - 1)
            let t = min(max(position - Double(k), 0), 1)
            let t2 = t * t, t3 = t2 * t
            index[i] = Int32(k)
            weights[i] = SIMD4(2 * t3 - 3 * t2 + 1, (t3 - 2 * t2 + t) * spacing, -2 * t3 + 3 * t2, (t3 - t2) * spacing)
        }
        self.index = index
        self.weights = weights
    }

    /// log Q and its u-slope at the grid points for one parameter value;
    /// with `step`, also the forward difference in log shape and its slope.
    struct Anchors {
        var value: [Double]
        var slope: [Double]
        var shapeDerivative: [Double]
        var shapeDerivativeSlope: [Double]
    }

    func anchors(scaleLog a: Double, shape: Double, step: Double?) -> Anchors {
        let lgShape = gsl_sf_lngamma(shape)
        let up = shape * Foundation.exp(step ?? 0), down = shape * Foundation.exp(-(step ?? 0))
        let lgUp = gsl_sf_lngamma(up), lgDown = gsl_sf_lngamma(down)
        let n = intervals + 1
        var result = Anchors(
            value: .init(repeating: 0, count: n), slope: .init(repeating: 0, count: n),
            shapeDerivative: .init(repeating: 0, count: step == nil ? 0 : n),
            shapeDerivativeSlope: .init(repeating: 0, count: step == nil ? 0 : n))
        for k in 0..<n {
            let u = origin + Double(k) * spacing - a
            let x = Foundation.exp(u)
            let g = MixtureCureLikelihood.logGammaQ(shape, x, u, lgShape)
            let gPrime = -Foundation.exp(shape * u - x - lgShape - g)
            result.value[k] = g
            result.slope[k] = gPrime
            if let step {
                let hi = MixtureCureLikelihood.logGammaQ(up, x, u, lgUp),
                    lo = MixtureCureLikelihood.logGammaQ(down, x, u, lgDown)
                let hiPrime = -Foundation.exp(up * u - x - lgUp - hi),
                    loPrime = -Foundation.exp(down * u - x - lgDown - lo)
                result.shapeDerivative[k] = (hi - lo) / (2 * step)
                result.shapeDerivativeSlope[k] = (hiPrime - loPrime) / (2 * step)
            }
        }
        return result
    }

    @inline(__always)
    func interpolate(_ row: Int, _ values: UnsafePointer<Double>, _ slopes: UnsafePointer<Double>) -> Double {
        let k = Int(index[row])
        let w = weights[row]
        return w[0] * values[k] + w[1] * slopes[k] + w[2] * values[k + 1] + w[3] * slopes[k + 1]
    }
}
