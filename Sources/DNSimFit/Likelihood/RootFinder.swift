import CGSL

/// GSL's Brent root solver on a Swift closure.
enum RootFinder {
    private final class Function {
        let body: (Double) -> Double
        init(_ body: @escaping (Double) -> Double) { self.body = body }
    }

    /// A root of `f` in [low, high], where f(low) ≤ 0 < f(high).
    static func brent(_ f: @escaping (Double) -> Double, _ low: Double, _ high: Double) -> Double {
        let function = Function(f)
        return withExtendedLifetime(function) {
            var gslFunction = gsl_function(
                function: { x, params in Unmanaged<Function>.fromOpaque(params!).takeUnretainedValue().body(x) },
                params: Unmanaged.passUnretained(function).toOpaque())
            guard let solver = gsl_root_fsolver_alloc(dnsim_root_brent()) else { return (low + high) / 2 }
            defer { gsl_root_fsolver_free(solver) }
            guard gsl_root_fsolver_set(solver, &gslFunction, low, high) == GSL_SUCCESS else { return (low + high) / 2 }
            for _ in 0..<100 {
                if gsl_root_fsolver_iterate(solver) != GSL_SUCCESS { break }
                if gsl_root_test_interval(gsl_root_fsolver_x_lower(solver), gsl_root_fsolver_x_upper(solver), 1e-7, 0)
                    == GSL_SUCCESS
                {
                    break
                }
            }
            return gsl_root_fsolver_root(solver)
        }
    }
}
