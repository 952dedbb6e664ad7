import Foundation

/// The last few ln(median) of lognormal draws and e^-mean of Poisson draws,
/// so a libm call per draw becomes a comparison. A cache of exact values:
/// a hit returns what the call would.
struct DrawConstants {
    private var medians: (Double, Double, Double, Double) = (.nan, .nan, .nan, .nan)
    private var logarithms: (Double, Double, Double, Double) = (.nan, .nan, .nan, .nan)
    private var nextLogarithm = 0
    private var means: (Double, Double) = (.nan, .nan)
    private var exponentials: (Double, Double) = (.nan, .nan)
    private var nextExponential = 0

    /// ln(median).
    @inline(__always)
    mutating func logarithm(of median: Double) -> Double {
        if median == medians.0 { return logarithms.0 }
        if median == medians.1 { return logarithms.1 }
        if median == medians.2 { return logarithms.2 }
        if median == medians.3 { return logarithms.3 }
        return storeLogarithm(of: median)
    }

    /// e^-mean.
    @inline(__always)
    mutating func exponential(ofMinus mean: Double) -> Double {
        if mean == means.0 { return exponentials.0 }
        if mean == means.1 { return exponentials.1 }
        return storeExponential(ofMinus: mean)
    }

    private mutating func storeLogarithm(of median: Double) -> Double {
        let value = Foundation.log(median)
        switch nextLogarithm {
        case 0: (medians.0, logarithms.0) = (median, value)
        case 1: (medians.1, logarithms.1) = (median, value)
        case 2: (medians.2, logarithms.2) = (median, value)
        default: (medians.3, logarithms.3) = (median, value)
        }
        nextLogarithm = (nextLogarithm + 1) & 3
        return value
    }

    private mutating func storeExponential(ofMinus mean: Double) -> Double {
        let value = Foundation.exp(-mean)
        if nextExponential == 0 {
            (means.0, exponentials.0) = (mean, value)
        } else {
            (means.1, exponentials.1) = (mean, value)
        }
        nextExponential ^= 1
        return value
    }
}
