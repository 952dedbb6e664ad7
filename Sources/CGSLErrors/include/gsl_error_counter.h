#ifndef DNSIM_GSL_ERROR_COUNTER_H
#define DNSIM_GSL_ERROR_COUNTER_H

/* GSL's default handler calls abort(). Domain errors are checked by the
   scenario validator before any draw, so a GSL error here is a bug we want
   reported as a NaN result, not a crash: this handler counts it instead.
   One counter for the process, here and not in a header, so every module
   that installs the handler (the simulator, the fit) reads the same count. */

/* Installs the counting handler (idempotent). */
void dnsim_gsl_install_error_handler(void);

/* How many GSL errors were reported since the process started. */
int dnsim_gsl_errors(void);

#endif
