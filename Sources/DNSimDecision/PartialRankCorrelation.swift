import CGSL

/// Partial rank correlation coefficients (PRCC) of an output with each parameter: the correlation
/// of the output's ranks with the parameter's ranks after the linear effect of the other
/// parameters' ranks is removed from both (Marino, Hogue, Ray & Kirschner 2008, "A methodology for
/// performing global uncertainty and sensitivity analysis in systems biology", J. Theor. Biol.
/// 254:178, §2.3). It measures a monotone, not only linear, influence, from a Latin hypercube.
///
/// Ranks are 1-based with ties averaged. The coefficients come from the inverse P of the rank
/// correlation matrix of the parameters and the output (the partial correlation identity,
/// PRCC_i = −P_iy / √(P_ii·P_yy)), inverted by GSL's singular value decomposition.
public enum PartialRankCorrelation {
    /// `inputs[world][parameter]`, `output[world]`. A parameter constant over the worlds gets nil
    /// and is left out of the others' regressions (it explains nothing); a constant output, fewer
    /// than m + 2 worlds for m = the non-constant parameters + 1, or a singular rank correlation
    /// matrix (one parameter's ranks a linear function of the others') gives nil for all.
    public static func coefficients(inputs: [[Double]], output: [Double]) -> [Double?] {
        let n = output.count
        precondition(inputs.count == n, "one input row per output")
        let k = inputs.first?.count ?? 0
        precondition(inputs.allSatisfy { $0.count == k }, "every input row has every parameter")
        var result = [Double?](repeating: nil, count: k)
        let columns = (0..<k).map { j in ranks(inputs.map { $0[j] }) }
        let active = (0..<k).filter { !isConstant(columns[$0]) }
        let outputRanks = ranks(output)
        let m = active.count + 1
        guard !active.isEmpty, !isConstant(outputRanks), n >= m + 2 else { return result }
        // Centred, unit-length rank vectors: their dot products are the correlations.
        let vectors = (active.map { columns[$0] } + [outputRanks]).map { ranks -> [Double] in
            let mean = ranks.reduce(0, +) / Double(n)
            let centred = ranks.map { $0 - mean }
            let length = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return centred.map { $0 / length }
        }
        var correlation = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        for i in 0..<m {
            for j in i..<m {
                let dot = i == j ? 1 : zip(vectors[i], vectors[j]).reduce(0) { $0 + $1.0 * $1.1 }
                correlation[i][j] = dot
                correlation[j][i] = dot
            }
        }
        guard let inverse = Self.inverse(correlation) else { return result }
        let y = m - 1
        for (position, parameter) in active.enumerated() {
            let value = -inverse[position][y] / (inverse[position][position] * inverse[y][y]).squareRoot()
            result[parameter] = Swift.min(Swift.max(value, -1), 1)
        }
        return result
    }

    /// 1-based ranks, ties given the mean of the ranks they span (NaN ranks last).
    public static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { left, right in
            let l = values[left], r = values[right]
            if l.isNaN != r.isNaN { return r.isNaN }
            if !l.isNaN, l != r { return l < r }
            return left < right
        }
        var result = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, values[order[end]] == values[order[start]] { end += 1 }
            let rank = Double(start + 1 + end) / 2  // the mean of start + 1 … end
            for position in start..<end { result[order[position]] = rank }
            start = end
        }
        return result
    }

    private static func isConstant(_ values: [Double]) -> Bool {
        guard let first = values.first else { return true }
        return values.allSatisfy { $0 == first }
    }

    /// The inverse of a symmetric matrix by SVD (GSL reports no error on a singular one); nil when
    /// its condition number exceeds 10^10, as when one rank vector is a combination of the others.
    static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
        let m = matrix.count
        guard m > 0, let u = gsl_matrix_alloc(m, m), let v = gsl_matrix_alloc(m, m) else { return nil }
        defer { gsl_matrix_free(u); gsl_matrix_free(v) }
        guard let s = gsl_vector_alloc(m), let work = gsl_vector_alloc(m) else { return nil }
        defer { gsl_vector_free(s); gsl_vector_free(work) }
        for i in 0..<m { for j in 0..<m { gsl_matrix_set(u, i, j, matrix[i][j]) } }
        guard gsl_linalg_SV_decomp(u, v, s, work) == GSL_SUCCESS else { return nil }
        let singular = (0..<m).map { gsl_vector_get(s, $0) }
        guard let largest = singular.max(), let smallest = singular.min(), largest > 0, smallest > largest * 1e-10
        else {
            return nil
        }
        // A⁻¹ = V·diag(1/s)·Uᵀ.
        return (0..<m).map { i in
            (0..<m).map { j in
                (0..<m).reduce(0) { $0 + gsl_matrix_get(v, i, $1) / singular[$1] * gsl_matrix_get(u, j, $1) }
            }
        }
    }
}
