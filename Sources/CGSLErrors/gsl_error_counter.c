#include "gsl_error_counter.h"
#include <gsl/gsl_errno.h>

static int dnsim_gsl_error_count = 0;

static void dnsim_gsl_record_error(const char *reason, const char *file, int line, int gsl_errno) {
    (void)reason; (void)file; (void)line; (void)gsl_errno;
    __atomic_add_fetch(&dnsim_gsl_error_count, 1, __ATOMIC_RELAXED);
}

void dnsim_gsl_install_error_handler(void) {
    gsl_set_error_handler(&dnsim_gsl_record_error);
}

int dnsim_gsl_errors(void) {
    return __atomic_load_n(&dnsim_gsl_error_count, __ATOMIC_RELAXED);
}
