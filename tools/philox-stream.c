/* Writes raw 32-bit words from the philox4x32-10 GSL generator to stdout, for
 * `dieharder -g 200` (stdin_input_raw). Built and run by tools/dieharder.sh.
 *
 *   philox-stream long SEED
 *       one long stream: gsl_rng_set(r, SEED), then gsl_rng_get forever.
 *   philox-stream keyed SEED WORDS [DEVICES]
 *       many short keyed sequences, as the simulator draws them:
 *       for index = 0, 1, ...; for device in 0..<DEVICES (default 100000);
 *       for source in 1...12: dnsim_philox_begin(r, SEED, device, source,
 *       index), then WORDS words.
 *
 * Runs until stdout is closed (dieharder exits) or after --words N words. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_rng.h>
#include "philox.h"

#define BUFFER_WORDS 65536

static uint32_t buffer[BUFFER_WORDS];
static size_t filled = 0;
static unsigned long long remaining = ~0ULL;

/* Appends one word; returns 0 when the stream should end. */
static int put(uint32_t word) {
    buffer[filled++] = word;
    if (filled == BUFFER_WORDS) {
        if (fwrite(buffer, sizeof buffer[0], filled, stdout) != filled) return 0;
        filled = 0;
    }
    return --remaining != 0;
}

static void finish(void) {
    fwrite(buffer, sizeof buffer[0], filled, stdout);
    fflush(stdout);
}

static int usage(void) {
    fprintf(stderr, "usage: philox-stream [--words N] long SEED\n"
                    "       philox-stream [--words N] keyed SEED WORDS [DEVICES]\n");
    return 2;
}

int main(int argc, char **argv) {
    int a = 1;
    if (argc > 2 && strcmp(argv[1], "--words") == 0) {
        remaining = strtoull(argv[2], NULL, 0);
        a = 3;
    }
    if (argc - a < 2) return usage();
    const char *mode = argv[a];
    unsigned long long seed = strtoull(argv[a + 1], NULL, 0);
    gsl_rng *r = gsl_rng_alloc(dnsim_rng_philox4x32_10());
    if (!r) return 1;

    if (strcmp(mode, "long") == 0 && argc - a == 2) {
        gsl_rng_set(r, seed);
        while (put((uint32_t)gsl_rng_get(r))) {}
    } else if (strcmp(mode, "keyed") == 0 && (argc - a == 3 || argc - a == 4)) {
        unsigned long words = strtoul(argv[a + 2], NULL, 0);
        unsigned long devices = argc - a == 4 ? strtoul(argv[a + 3], NULL, 0) : 100000;
        if (words == 0 || devices == 0 || devices > 0xFFFFFFFFUL) return usage();
        for (uint64_t index = 0; index < (1ULL << 48); index++)
            for (uint64_t device = 0; device < devices; device++)
                for (uint64_t source = 1; source <= 12; source++) {
                    dnsim_philox_begin(r, seed, device, source, index);
                    for (unsigned long w = 0; w < words; w++)
                        if (!put((uint32_t)gsl_rng_get(r))) goto done;
                }
    } else {
        return usage();
    }
done:
    finish();
    gsl_rng_free(r);
    return 0;
}
