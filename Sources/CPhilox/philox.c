/* Philox4x32-10 (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as
 * easy as 1, 2, 3", SC'11) as a GSL generator type. Written from the paper's
 * description and checked against Random123's tests/kat_vectors; see
 * include/philox.h for the key and counter layout. */
#include "philox.h"

/* Round multipliers and key-schedule (Weyl) increments from the paper. */
#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u  /* golden ratio */
#define PHILOX_W1 0xBB67AE85u  /* sqrt(3) - 1 */

/* One round: two 32x32->64 multiplies; the high halves are mixed with the
   other two words and the round key, the low halves pass through. The
   other-word ^ key XORs are written first, so they run while the multiplies
   do and only one XOR follows each multiply on the critical path. */
static inline void philox_round(uint32_t x[4], uint32_t k0, uint32_t k1) {
    uint64_t p0 = (uint64_t)PHILOX_M0 * x[0];
    uint64_t p1 = (uint64_t)PHILOX_M1 * x[2];
    uint32_t a = x[1] ^ k0, b = x[3] ^ k1;
    x[0] = (uint32_t)(p1 >> 32) ^ a;
    x[1] = (uint32_t)p1;
    x[2] = (uint32_t)(p0 >> 32) ^ b;
    x[3] = (uint32_t)p0;
}

/* Ten rounds; the key is bumped by the Weyl constants before rounds 2..10. */
static inline void philox_block(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]) {
    uint32_t x[4] = {ctr[0], ctr[1], ctr[2], ctr[3]};
    uint32_t k0 = key[0], k1 = key[1];
    philox_round(x, k0, k1);
#pragma GCC unroll 9
    for (int i = 1; i < 10; i++) {
        k0 += PHILOX_W0;
        k1 += PHILOX_W1;
        philox_round(x, k0, k1);
    }
    out[0] = x[0]; out[1] = x[1]; out[2] = x[2]; out[3] = x[3];
}

void dnsim_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]) {
    philox_block(ctr, key, out);
}

/* The counter words of block 0 of the sequence with `index` (ctr[0] = 0, ctr[3] = device). */
static inline uint32_t index_low(uint64_t index) { return (uint32_t)index; }
static inline uint32_t index_high(uint64_t index, uint64_t source) {
    return (uint32_t)((index >> 32) & 0xFFFF) | (uint32_t)(source << 16);
}

/* Four at a time: the four blocks' rounds are independent, so their
   multiplies overlap instead of waiting on each other. */
void dnsim_philox_first_blocks_portable(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                                        uint64_t stride, uint32_t count, uint32_t *out) {
    const uint32_t key0 = (uint32_t)seed, key1 = (uint32_t)(seed >> 32);
    uint32_t done = 0;
    for (; done + 4 <= count; done += 4) {
        uint32_t x[4][4];
        for (int j = 0; j < 4; j++) {
            uint64_t index = first + (uint64_t)(done + (uint32_t)j) * stride;
            x[j][0] = 0;
            x[j][1] = index_low(index);
            x[j][2] = index_high(index, source);
            x[j][3] = (uint32_t)device;
        }
        uint32_t k0 = key0, k1 = key1;
        for (int round = 0; round < 10; round++) {
            if (round > 0) {
                k0 += PHILOX_W0;
                k1 += PHILOX_W1;
            }
            philox_round(x[0], k0, k1);
            philox_round(x[1], k0, k1);
            philox_round(x[2], k0, k1);
            philox_round(x[3], k0, k1);
        }
        for (int j = 0; j < 4; j++) {
            for (int w = 0; w < 4; w++) out[4 * ((size_t)done + (size_t)j) + (size_t)w] = x[j][w];
        }
    }
    for (; done < count; done++) {
        uint64_t index = first + (uint64_t)done * stride;
        const uint32_t ctr[4] = {0, index_low(index), index_high(index, source), (uint32_t)device};
        const uint32_t key[2] = {key0, key1};
        philox_block(ctr, key, out + 4 * (size_t)done);
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define DNSIM_PHILOX_HAS_AVX2_PATH 1

/* 32x32->64 products of the lanes of x by m: the high and low halves, lane by
   lane. vpmuludq multiplies the even lanes; the odd ones are shifted down. */
__attribute__((target("avx2")))
static inline void mulhilo_avx2(__m256i x, __m256i m, __m256i *hi, __m256i *lo) {
    __m256i even = _mm256_mul_epu32(x, m);
    __m256i odd = _mm256_mul_epu32(_mm256_srli_epi64(x, 32), m);
    *hi = _mm256_blend_epi32(_mm256_srli_epi64(even, 32), odd, 0xAA);
    *lo = _mm256_blend_epi32(even, _mm256_slli_epi64(odd, 32), 0xAA);
}

/* Eight blocks at a time, word w of every block in one vector: the same
   rounds as philox_round, lane by lane. Counters are set up in vectors when
   every index of the batch is below 2^32 (the simulator's are, up to 65,536
   cycles or 2^20 days); otherwise, and for the tail, the portable way. */
__attribute__((target("avx2")))
static void first_blocks_avx2(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                              uint64_t stride, uint32_t count, uint32_t *out) {
    const __m256i m0 = _mm256_set1_epi32((int)PHILOX_M0), m1 = _mm256_set1_epi32((int)PHILOX_M1);
    uint32_t vectorCount = count & ~7u;
    /* Every index below 2^32, checked without overflow: (count - 1) * stride < 2^64 when stride < 2^32. */
    if (count == 0 || stride > 0xFFFFFFFFu || first > 0xFFFFFFFFu
        || (uint64_t)(count - 1) * stride > 0xFFFFFFFFu - first) vectorCount = 0;
    const uint32_t step = (uint32_t)stride;
    __m256i low = _mm256_add_epi32(_mm256_set1_epi32((int)(uint32_t)first),
                                   _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32((int)step)));
    const __m256i lowStep = _mm256_set1_epi32((int)(8 * step));
    const __m256i high = _mm256_set1_epi32((int)index_high(0, source));
    const __m256i word3 = _mm256_set1_epi32((int)(uint32_t)device);
    for (uint32_t done = 0; done < vectorCount; done += 8) {
        __m256i x0 = _mm256_setzero_si256(), x1 = low, x2 = high, x3 = word3;
        low = _mm256_add_epi32(low, lowStep);
        uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
        for (int round = 0; round < 10; round++) {
            if (round > 0) {
                k0 += PHILOX_W0;
                k1 += PHILOX_W1;
            }
            __m256i hi0, lo0, hi1, lo1;
            mulhilo_avx2(x0, m0, &hi0, &lo0);
            mulhilo_avx2(x2, m1, &hi1, &lo1);
            __m256i a = _mm256_xor_si256(x1, _mm256_set1_epi32((int)k0));
            __m256i b = _mm256_xor_si256(x3, _mm256_set1_epi32((int)k1));
            x0 = _mm256_xor_si256(hi1, a);
            x1 = lo1;
            x2 = _mm256_xor_si256(hi0, b);
            x3 = lo0;
        }
        /* Transpose to one block after another: interleave words 0/1 and 2/3, then pairs,
           then swap the 128-bit halves (each holds blocks j and j + 4). */
        __m256i t0 = _mm256_unpacklo_epi32(x0, x1), t1 = _mm256_unpackhi_epi32(x0, x1);
        __m256i t2 = _mm256_unpacklo_epi32(x2, x3), t3 = _mm256_unpackhi_epi32(x2, x3);
        __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
        __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
        __m256i *target = (__m256i *)(out + 4 * (size_t)done);
        _mm256_storeu_si256(target + 0, _mm256_permute2x128_si256(u0, u1, 0x20));
        _mm256_storeu_si256(target + 1, _mm256_permute2x128_si256(u2, u3, 0x20));
        _mm256_storeu_si256(target + 2, _mm256_permute2x128_si256(u0, u1, 0x31));
        _mm256_storeu_si256(target + 3, _mm256_permute2x128_si256(u2, u3, 0x31));
    }
    if (vectorCount < count) {
        dnsim_philox_first_blocks_portable(seed, device, source, first + (uint64_t)vectorCount * stride, stride,
                                           count - vectorCount, out + 4 * (size_t)vectorCount);
    }
}
#endif

int dnsim_philox_uses_avx2(void) {
#ifdef DNSIM_PHILOX_HAS_AVX2_PATH
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

int dnsim_philox_first_blocks_avx2(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                                   uint64_t stride, uint32_t count, uint32_t *out) {
    if (!dnsim_philox_uses_avx2()) return -1;
#ifdef DNSIM_PHILOX_HAS_AVX2_PATH
    first_blocks_avx2(seed, device, source, first, stride, count, out);
#endif
    return 0;
}

void dnsim_philox_first_blocks_strided(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                                       uint64_t stride, uint32_t count, uint32_t *out) {
#ifdef DNSIM_PHILOX_HAS_AVX2_PATH
    if (count >= 8 && __builtin_cpu_supports("avx2")) {
        first_blocks_avx2(seed, device, source, first, stride, count, out);
        return;
    }
#endif
    dnsim_philox_first_blocks_portable(seed, device, source, first, stride, count, out);
}

void dnsim_philox_first_blocks(uint64_t seed, uint64_t device, uint64_t source, uint64_t first,
                               uint32_t count, uint32_t *out) {
    dnsim_philox_first_blocks_strided(seed, device, source, first, 1, count, out);
}

/* Computes the block at ctr and advances ctr as a 128-bit integer. */
void dnsim_philox_refill(dnsim_philox_state *s) {
    philox_block(s->ctr, s->key, s->out);
    s->used = 0;
    if (++s->ctr[0] == 0 && ++s->ctr[1] == 0 && ++s->ctr[2] == 0) ++s->ctr[3];
}

/* GSL seeds are unsigned long (64 bits on LP64 Linux): the whole seed is the
   key, the counter starts at 0, as dnsim_philox_begin(r, seed, 0, 0, 0). */
static void philox_set(void *vstate, unsigned long int seed) {
    dnsim_philox_state *s = vstate;
    uint64_t k = (uint64_t)seed;
    s->key[0] = (uint32_t)k;
    s->key[1] = (uint32_t)(k >> 32);
    s->ctr[0] = s->ctr[1] = s->ctr[2] = s->ctr[3] = 0;
    s->used = 4;
}

static unsigned long int philox_get(void *vstate) {
    return dnsim_philox_next(vstate);
}

/* [0, 1) with 32-bit resolution, one word per double (as GSL's taus2). */
static double philox_get_double(void *vstate) {
    return dnsim_philox_uniform(vstate);
}

const gsl_rng_type dnsim_philox4x32_10_type = {
    "philox4x32-10",             /* name */
    0xFFFFFFFFUL,                /* max */
    0,                           /* min */
    sizeof(dnsim_philox_state),  /* size */
    &philox_set,
    &philox_get,
    &philox_get_double,
};

const gsl_rng_type *dnsim_rng_philox4x32_10(void) {
    return &dnsim_philox4x32_10_type;
}

int dnsim_philox_seek(gsl_rng *r, const uint32_t ctr[4], const uint32_t key[2]) {
    if (r->type != &dnsim_philox4x32_10_type) {
        GSL_ERROR("dnsim_philox_seek: not a philox4x32-10 generator", GSL_EINVAL);
    }
    dnsim_philox_state *s = r->state;
    for (int i = 0; i < 4; i++) s->ctr[i] = ctr[i];
    s->key[0] = key[0];
    s->key[1] = key[1];
    s->used = 4;
    return GSL_SUCCESS;
}
