/* Nanoseconds per keyed draw sequence: philox4x32-10 positioned by
 * dnsim_philox_begin against today's KeyedRandom (a SplitMix64 hash of the
 * key folded to 32 bits, then gsl_rng_set on taus2). Keys vary as in the
 * simulator: device = i % 1000, source 5, index = i / 1000.
 * Built and run by tools/bench.sh (clang -O2, as SwiftPM compiles C targets in release). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "philox.h"

#define SEED 20261201ULL

static double sink;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* KeyedRandom.mix: SplitMix64's finaliser. */
static inline uint64_t mix(uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* KeyedRandom.begin as of today. */
static inline void taus_begin(gsl_rng *r, uint64_t device, uint64_t source, uint64_t index) {
    uint64_t h = mix(SEED + 0x9E3779B97F4A7C15ULL);
    h = mix(h ^ device);
    h = mix(h ^ (source * 0xD6E8FEB86659FD93ULL));
    h = mix(h ^ index);
    gsl_rng_set(r, (unsigned long)((h ^ (h >> 32)) & 0xFFFFFFFFULL));
}

static inline void philox_begin(gsl_rng *r, uint64_t device, uint64_t source, uint64_t index) {
    dnsim_philox_begin(r, SEED, device, source, index);
}

enum draw { NONE, UNIFORM, LOGNORMAL, FOUR_UNIFORMS };

/* One timed pass of n sequences; returns ns per sequence. */
static double pass(gsl_rng *r, int philox, enum draw what, long n) {
    double sum = 0;
    double start = now();
    for (long i = 0; i < n; i++) {
        uint64_t device = (uint64_t)(i % 1000), index = (uint64_t)(i / 1000);
        if (philox) philox_begin(r, device, 5, index);
        else taus_begin(r, device, 5, index);
        switch (what) {
        case NONE: __asm__ volatile("" ::: "memory"); break;
        case UNIFORM: sum += gsl_rng_uniform(r); break;
        case LOGNORMAL: sum += gsl_ran_lognormal(r, 6.684611727667927 /* ln 800 */, 0.6); break;
        case FOUR_UNIFORMS:
            sum += gsl_rng_uniform(r) + gsl_rng_uniform(r) + gsl_rng_uniform(r) + gsl_rng_uniform(r);
            break;
        }
    }
    double elapsed = now() - start;
    sink += sum;
    return elapsed / n * 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    enum { REPEATS = 7 };
    gsl_rng *taus = gsl_rng_alloc(gsl_rng_taus2);
    gsl_rng *philox = gsl_rng_alloc(dnsim_rng_philox4x32_10());
    if (!taus || !philox) return 1;
    const struct { const char *name; enum draw what; } cases[] = {
        {"begin only", NONE},
        {"begin + one uniform", UNIFORM},
        {"begin + one lognormal", LOGNORMAL},
        {"begin + four uniforms", FOUR_UNIFORMS},
    };
    printf("%d passes of %ld keyed sequences each; ns per sequence, min / median\n", REPEATS, n);
    printf("%-24s %20s %20s\n", "", "taus2 reseeded", "philox4x32-10");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double t[2][REPEATS];
        for (int k = 0; k < REPEATS; k++)  /* interleaved, so load changes hit both */
            for (int g = 0; g < 2; g++) t[g][k] = pass(g ? philox : taus, g, cases[c].what, n);
        qsort(t[0], REPEATS, sizeof(double), compare);
        qsort(t[1], REPEATS, sizeof(double), compare);
        printf("%-24s %9.1f / %6.1f   %9.1f / %6.1f\n", cases[c].name,
               t[0][0], t[0][REPEATS / 2], t[1][0], t[1][REPEATS / 2]);
    }
    /* Raw block throughput, for reference: the cost of one Philox4x32-10 block. */
    {
        uint32_t ctr[4] = {0, 0, 0, 0}, key[2] = {1, 2}, out[4], acc = 0;
        double best = 1e9;
        for (int k = 0; k < REPEATS; k++) {
            double start = now();
            for (long i = 0; i < n; i++) {
                ctr[0] = (uint32_t)i;
                dnsim_philox4x32_10(ctr, key, out);
                acc ^= out[0];
            }
            double ns = (now() - start) / n * 1e9;
            if (ns < best) best = ns;
        }
        sink += acc;
        printf("%-24s %20s %9.1f (min)\n", "one philox block", "", best);
    }
    fprintf(stderr, "(checksum %g)\n", sink);
    gsl_rng_free(taus);
    gsl_rng_free(philox);
    return 0;
}
