/* Philox4x32-10 as a GSL random number generator type, keyed by the
 * simulator's (seed, device, source, index) tuple.
 *
 * Philox is the counter-based generator of J. K. Salmon, M. A. Moraes,
 * R. O. Dror and D. E. Shaw, "Parallel random numbers: as easy as 1, 2, 3",
 * SC'11 (doi:10.1145/2063384.2063405); reference implementation and
 * known-answer vectors: Random123, https://github.com/DEShawResearch/random123.
 * Output block = Philox(counter, key): a bijection of the 128-bit counter for
 * each 64-bit key, so distinct (key, counter) pairs give distinct blocks.
 *
 * Key and counter layout set by dnsim_philox_begin (32-bit words, word 0 is
 * the least significant; Random123 numbers them the same way):
 *
 *   key[0] = seed bits 0-31          ctr[0] = block number within the sequence
 *   key[1] = seed bits 32-63         ctr[1] = index bits 0-31
 *                                    ctr[2] = index bits 32-47 | source << 16
 *                                    ctr[3] = device
 *
 * i.e. the counter, read as a 128-bit integer, is
 *   ((device * 2^16 + source) * 2^48 + index) * 2^32 + block.
 * Supported ranges: any 64-bit seed, device < 2^32, source < 2^16,
 * index < 2^48. Every tuple in range gets its own sequence of 2^32 blocks
 * (2^34 words); nothing is hashed or folded, so distinct tuples never share a
 * stream. Each block gives four 32-bit outputs, buffered in the state.
 *
 * gsl_rng_set(r, s) is dnsim_philox_begin(r, s, 0, 0, 0). Read past a
 * sequence's 2^32 blocks, the counter carries into the index (a plain 128-bit
 * increment), so a generator set with gsl_rng_set is one long stream of
 * period 2^130 words.
 *
 * Doubles (gsl_rng_uniform, and so every gsl_ran_* distribution) are
 * word / 2^32: uniform on [0, 1) with 32-bit resolution, the same as taus2,
 * one word per double.
 */
#ifndef DNSIM_PHILOX_H
#define DNSIM_PHILOX_H

#include <math.h>
#include <stdint.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_errno.h>

typedef struct {
    uint32_t ctr[4];  /* counter of the next block to compute */
    uint32_t key[2];
    uint32_t out[4];  /* the current block */
    uint32_t used;    /* words of out[] already returned; 4 = none left */
} dnsim_philox_state;

/* The generator type, for gsl_rng_alloc. Name "philox4x32-10". */
extern const gsl_rng_type dnsim_philox4x32_10_type;
const gsl_rng_type *dnsim_rng_philox4x32_10(void);

/* One Philox4x32-10 block: out = Philox(ctr, key). For known-answer tests. */
void dnsim_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]);

/* Positions `r` at an arbitrary counter and key (the next word read is word 0
   of Philox(ctr, key)). For known-answer tests and tools. */
int dnsim_philox_seek(gsl_rng *r, const uint32_t ctr[4], const uint32_t key[2]);

/* Positions `r` at the start of the sequence named by the tuple: the next
   word read is word 0 of Philox(counter above, seed). Costs six stores; the
   block is computed by the first read. Returns GSL_SUCCESS, or reports
   GSL_EINVAL through the GSL error handler (and returns it) when `r` is not
   a philox4x32-10 generator (then `r` is left untouched) or a component is
   out of range (then each component is reduced modulo its range). */
static inline int dnsim_philox_begin(gsl_rng *r, uint64_t seed, uint64_t device,
                                     uint64_t source, uint64_t index) {
    if (__builtin_expect(r->type != &dnsim_philox4x32_10_type, 0)) {
        GSL_ERROR("dnsim_philox_begin: not a philox4x32-10 generator", GSL_EINVAL);
    }
    dnsim_philox_state *s = (dnsim_philox_state *)r->state;
    s->key[0] = (uint32_t)seed;
    s->key[1] = (uint32_t)(seed >> 32);
    s->ctr[0] = 0;
    s->ctr[1] = (uint32_t)index;
    s->ctr[2] = (uint32_t)((index >> 32) & 0xFFFF) | (uint32_t)(source << 16);
    s->ctr[3] = (uint32_t)device;
    s->used = 4;
    if (__builtin_expect(((device >> 32) | (source >> 16) | (index >> 48)) != 0, 0)) {
        GSL_ERROR("dnsim_philox_begin: device, source or index out of range", GSL_EINVAL);
    }
    return GSL_SUCCESS;
}

/* Block 0 of the sequences named by (seed, device, source, first + i) for
   i < count, into out[4 i .. 4 i + 3]: what the first read after
   dnsim_philox_begin would compute, many sequences at a time. In range as
   for dnsim_philox_begin (not checked here). */
void dnsim_philox_first_blocks(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                               uint32_t count, uint32_t *out);

/* The same for the indices first + i * stride (i < count). Eight sequences at
   a time with AVX2 on an x86-64 CPU that has it (chosen at run time, so no
   compiler flag is needed) while every index is below 2^32; otherwise, and
   for the last count % 8, four at a time. Both give the same words. */
void dnsim_philox_first_blocks_strided(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                                       uint64_t stride, uint32_t count, uint32_t *out);

/* The portable path alone (four at a time), for tests comparing the two. */
void dnsim_philox_first_blocks_portable(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                                        uint64_t stride, uint32_t count, uint32_t *out);

/* 1 when dnsim_philox_first_blocks_strided takes the AVX2 path on this CPU. */
int dnsim_philox_uses_avx2(void);

/* The AVX2 path alone (with its portable tail), for tests: -1, computing
   nothing, where this build or CPU has no AVX2 path. */
int dnsim_philox_first_blocks_avx2(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                                   uint64_t stride, uint32_t count, uint32_t *out);

/* dnsim_philox_begin, with the sequence's block 0 already computed by
   dnsim_philox_first_blocks: the state is as after the first refill. */
static inline int dnsim_philox_begin_with_block(gsl_rng *r, uint64_t seed, uint64_t device, uint64_t source,
                                                uint64_t index, const uint32_t block[4]) {
    int status = dnsim_philox_begin(r, seed, device, source, index);
    if (status != GSL_SUCCESS) return status;
    dnsim_philox_state *s = (dnsim_philox_state *)r->state;
    s->out[0] = block[0]; s->out[1] = block[1]; s->out[2] = block[2]; s->out[3] = block[3];
    s->used = 0;
    s->ctr[0] = 1;
    return GSL_SUCCESS;
}

/* Computes the block at the state's counter into its buffer and advances the
   counter (the inline readers below call it when the buffer is empty). */
void dnsim_philox_refill(dnsim_philox_state *s);

/* Direct readers of a philox4x32-10 state (r->state), for the simulator's hot
   path: each returns exactly what its GSL counterpart returns on the same
   generator and leaves the stream in the same place, without GSL's call
   through the type's function pointers. They compute in the same order as
   GSL 2.7, so results are bit for bit the same (tests compare them over
   millions of draws); FP contraction is off so no multiply-add is fused. */

/* The next 32-bit word (gsl_rng_get). */
static inline uint32_t dnsim_philox_next(dnsim_philox_state *s) {
    if (__builtin_expect(s->used == 4, 0)) dnsim_philox_refill(s);
    return s->out[s->used++];
}

/* gsl_rng_uniform: word / 2^32. */
static inline double dnsim_philox_uniform(dnsim_philox_state *s) {
    return dnsim_philox_next(s) * 0x1p-32;
}

/* gsl_rng_uniform_int(r, n) for 0 < n <= 2^32 - 1: words / (range / n), rejecting k >= n. */
static inline uint32_t dnsim_philox_uniform_int(dnsim_philox_state *s, uint32_t n) {
    uint32_t scale = 0xFFFFFFFFu / n;
    uint32_t k;
    do {
        k = dnsim_philox_next(s) / scale;
    } while (k >= n);
    return k;
}

/* gsl_ran_lognormal(r, zeta, sigma): the polar (Marsaglia) normal, then exp. */
static inline double dnsim_philox_lognormal(dnsim_philox_state *s, double zeta, double sigma) {
#pragma clang fp contract(off)
    double u, v, r2;
    do {
        u = -1 + 2 * dnsim_philox_uniform(s);
        v = -1 + 2 * dnsim_philox_uniform(s);
        r2 = u * u + v * v;
    } while (r2 > 1.0 || r2 == 0);
    double normal = u * sqrt(-2.0 * log(r2) / r2);
    return exp(sigma * normal + zeta);
}

/* gsl_ran_poisson(r, mu) for mu <= 10, given emu = exp(-mu): GSL's product of
   uniforms (larger means take GSL's gamma/binomial branch, not this). */
static inline unsigned int dnsim_philox_poisson_small(dnsim_philox_state *s, double emu) {
#pragma clang fp contract(off)
    double prod = 1.0;
    unsigned int k = 0;
    do {
        prod *= dnsim_philox_uniform(s);
        k++;
    } while (prod > emu);
    return k - 1;
}

#endif
