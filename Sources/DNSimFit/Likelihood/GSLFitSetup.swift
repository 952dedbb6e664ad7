import CGSLErrors

/// GSL's default error handler calls abort(). Special functions may report
/// underflow far in a tail while the optimiser explores, so the fit installs
/// the counting handler from shim.h once, before any GSL call.
enum GSLFitSetup {
    static func installErrorHandler() {
        _ = installed
    }

    private static let installed: Bool = {
        dnsim_gsl_install_error_handler()
        return true
    }()
}
