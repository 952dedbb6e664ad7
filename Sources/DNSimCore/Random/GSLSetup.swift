import CGSLErrors

/// Process-wide GSL configuration, done once before any GSL call.
enum GSLSetup {
    /// GSL's default error handler calls abort(). Parameters are validated
    /// before they reach GSL, so an error here is counted, not fatal.
    static func installErrorHandler() {
        _ = installed
    }

    private static let installed: Bool = {
        dnsim_gsl_install_error_handler()
        return true
    }()

    /// How many GSL errors were reported since start (tests assert zero).
    static var errorCount: Int { Int(dnsim_gsl_errors()) }
}
