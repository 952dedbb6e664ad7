#ifndef DNSIM_CGSL_SHIM_H
#define DNSIM_CGSL_SHIM_H

#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>

/* Swift 6 rejects GSL's mutable global generator types; these accessors
   hand them over as values. The environment (GSL_RNG_TYPE) is never read. */
static inline const gsl_rng_type *dnsim_rng_taus2(void) { return gsl_rng_taus2; }
static inline const gsl_rng_type *dnsim_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_rng_type *dnsim_rng_ranlxd2(void) { return gsl_rng_ranlxd2; }

/* GSL's default handler calls abort(). Domain errors are checked by the
   scenario validator before any draw, so a GSL error here is a bug we want
   reported as a NaN result, not a crash: install a handler that records it. */
static int dnsim_gsl_error_count = 0;
static inline void dnsim_gsl_record_error(const char *reason, const char *file, int line, int gsl_errno) {
    (void)reason; (void)file; (void)line; (void)gsl_errno;
    __atomic_add_fetch(&dnsim_gsl_error_count, 1, __ATOMIC_RELAXED);
}
static inline void dnsim_gsl_install_error_handler(void) {
    gsl_set_error_handler(&dnsim_gsl_record_error);
}
static inline int dnsim_gsl_errors(void) {
    return __atomic_load_n(&dnsim_gsl_error_count, __ATOMIC_RELAXED);
}

#endif

/* dnsim-events fit (DNSimFit): minimisers, root finder and special functions.
   The minimiser and solver types are GSL globals that Swift 6 rejects. */
#ifndef DNSIM_CGSL_SHIM_FIT_H
#define DNSIM_CGSL_SHIM_FIT_H
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <gsl/gsl_linalg.h>
static inline const gsl_multimin_fdfminimizer_type *dnsim_multimin_bfgs2(void) { return gsl_multimin_fdfminimizer_vector_bfgs2; }
static inline const gsl_multimin_fminimizer_type *dnsim_multimin_nmsimplex2(void) { return gsl_multimin_fminimizer_nmsimplex2; }
static inline const gsl_root_fsolver_type *dnsim_root_brent(void) { return gsl_root_fsolver_brent; }
#endif
