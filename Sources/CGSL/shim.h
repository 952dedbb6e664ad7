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
