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

/* The counting error handler lives in CGSLErrors: one counter per process. */

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

/* Decisions under uncertainty (DNSimDecision): the Sobol sequence and sample quantiles. */
#ifndef DNSIM_CGSL_SHIM_DECISION_H
#define DNSIM_CGSL_SHIM_DECISION_H
#include <gsl/gsl_qrng.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>
static inline const gsl_qrng_type *dnsim_qrng_sobol(void) { return gsl_qrng_sobol; }
#endif
