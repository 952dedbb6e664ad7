import CGSL
import CGSLErrors
import CPhilox
import XCTest

/// CPhilox's inline readers (`dnsim_philox_uniform`, `_uniform_int`,
/// `_lognormal`, `_poisson_small`) return, bit for bit, what GSL's functions
/// return on the same keyed stream, and leave the stream at the same place.
final class PhiloxReaderTests: XCTestCase {
    private func withGenerators(_ body: (UnsafeMutablePointer<gsl_rng>, UnsafeMutablePointer<gsl_rng>) -> Void) {
        dnsim_gsl_install_error_handler()
        guard let gsl = gsl_rng_alloc(dnsim_rng_philox4x32_10()),
            let inline = gsl_rng_alloc(dnsim_rng_philox4x32_10())
        else { return XCTFail("gsl_rng_alloc failed") }
        defer {
            gsl_rng_free(gsl)
            gsl_rng_free(inline)
        }
        body(gsl, inline)
    }

    private func state(_ r: UnsafeMutablePointer<gsl_rng>) -> UnsafeMutablePointer<dnsim_philox_state> {
        r.pointee.state.assumingMemoryBound(to: dnsim_philox_state.self)
    }

    /// Runs `draw` through GSL and through the reader on `sequences` keyed
    /// sequences, `perSequence` draws each, and compares every bit and the next word.
    private func assertSame(
        sequences: Int, perSequence: Int, _ what: String,
        gsl: (UnsafeMutablePointer<gsl_rng>, Int) -> UInt64,
        reader: (UnsafeMutablePointer<dnsim_philox_state>, Int) -> UInt64
    ) {
        withGenerators { a, b in
            var mismatches = 0
            for n in 0..<sequences {
                let (device, source, index) = (UInt64(n % 997), UInt64(1 + n % 17), UInt64(n / 997))
                dnsim_philox_begin(a, 20_261_201, device, source, index)
                dnsim_philox_begin(b, 20_261_201, device, source, index)
                for k in 0..<perSequence where gsl(a, n &+ k) != reader(state(b), n &+ k) { mismatches += 1 }
                if gsl_rng_get(a) != gsl_rng_get(b) { mismatches += 1 }
            }
            XCTAssertEqual(mismatches, 0, what)
        }
    }

    func testUniformMatchesGSL() {
        assertSame(
            sequences: 200_000, perSequence: 6, "uniform",
            gsl: { r, _ in gsl_rng_uniform(r).bitPattern },
            reader: { s, _ in dnsim_philox_uniform(s).bitPattern })
    }

    func testUniformIntMatchesGSL() {
        let ns: [UInt32] = [2, 3, 5, 7, 1_000, 65_537, 0x7FFF_FFFF, 0x8000_0001, 0xFFFF_FFFF]
        assertSame(
            sequences: 200_000, perSequence: 3, "uniform_int",
            gsl: { r, k in UInt64(gsl_rng_uniform_int(r, UInt(ns[k % ns.count]))) },
            reader: { s, k in UInt64(dnsim_philox_uniform_int(s, ns[k % ns.count])) })
    }

    /// The BG delay and fetch latency of the shipped scenarios, and extremes.
    func testLognormalMatchesGSL() {
        let parameters: [(zeta: Double, sigma: Double)] = [
            (log(5_400_000), 1.5), (log(800), 0.6), (log(30_000), 0.25), (0, 1), (-3.5, 4), (log(1e9), 0.01),
        ]
        assertSame(
            sequences: 200_000, perSequence: 2, "lognormal",
            gsl: { r, k in
                let p = parameters[k % parameters.count]
                return gsl_ran_lognormal(r, p.zeta, p.sigma).bitPattern
            },
            reader: { s, k in
                let p = parameters[k % parameters.count]
                return dnsim_philox_lognormal(s, p.zeta, p.sigma).bitPattern
            })
    }

    /// Means up to 10, where GSL multiplies uniforms until the product falls to e^-mean.
    func testSmallPoissonMatchesGSL() {
        let means: [Double] = [0.05, 0.5, 1.2, 1.5, 3, 7.25, 10, 1e-9]
        assertSame(
            sequences: 200_000, perSequence: 2, "poisson",
            gsl: { r, k in UInt64(gsl_ran_poisson(r, means[k % means.count])) },
            reader: { s, k in
                let mean = means[k % means.count]
                return UInt64(dnsim_philox_poisson_small(s, exp(-mean)))
            })
    }

    /// Blocks computed four streams at a time (`dnsim_philox_first_blocks`, with a tail of
    /// fewer than four) and a stream begun with its block give, word for word, what
    /// `dnsim_philox_begin` and plain reads give, past the first block too.
    func testFirstBlocksMatchBeginThenRead() {
        withGenerators { plain, primed in
            let seed: UInt64 = 0xDEAD_BEEF_0042, device: UInt64 = 123_456, source: UInt64 = 9
            for count: UInt32 in [0, 1, 3, 4, 7, 366] {
                var blocks = [UInt32](repeating: 0, count: 4 * Int(max(count, 1)))
                dnsim_philox_first_blocks(seed, device, source, 5, count, &blocks)
                for i in 0..<Int(count) {
                    let index = 5 + UInt64(i)
                    _ = dnsim_philox_begin(plain, seed, device, source, index)
                    blocks.withUnsafeBufferPointer { words in
                        _ = dnsim_philox_begin_with_block(
                            primed, seed, device, source, index, words.baseAddress! + 4 * i)
                    }
                    for word in 0..<9 {
                        XCTAssertEqual(
                            dnsim_philox_next(state(primed)), dnsim_philox_next(state(plain)),
                            "count \(count), stream \(i), word \(word)")
                    }
                }
            }
        }
    }

    /// The strided batch equals one block at a time for every index, on the AVX2 path (eight
    /// streams at a time) and on the portable one, with tails of every length, indices that
    /// cross 2^32 (the vector path must hand them over) and strides up to 2^40.
    func testStridedFirstBlocksMatchSingleBlocks() throws {
        let seed: UInt64 = 0x0123_4567_89AB_CDEF, device: UInt64 = 4_000_000_007 & 0xFFFF_FFFF, source: UInt64 = 5
        var avx2Runs = 0
        let below32: UInt64 = 1 << 32
        let cases: [(first: UInt64, stride: UInt64)] = [
            (7, 1), (7, 1 << 8), (7, 1 << 16), (7, 3 << 30), (7, 1 << 40),
            (below32 - 20, 1), (below32 - 24, 3), (0, 0xFFFF_FFFF),
        ]
        for (first, stride) in cases {
            for count in UInt32(0)...41 where UInt64(max(count, 1) - 1) * stride + first < 1 << 48 {
                var fast = [UInt32](repeating: 0, count: 4 * Int(max(count, 1)))
                var portable = fast, avx2 = fast
                dnsim_philox_first_blocks_strided(seed, device, source, first, stride, count, &fast)
                dnsim_philox_first_blocks_portable(seed, device, source, first, stride, count, &portable)
                let avx2Ran = dnsim_philox_first_blocks_avx2(seed, device, source, first, stride, count, &avx2) == 0
                if avx2Ran { avx2Runs += 1 }
                for i in 0..<Int(count) {
                    let index = first + UInt64(i) * stride
                    let ctr: [UInt32] = [
                        0, UInt32(truncatingIfNeeded: index),
                        UInt32(truncatingIfNeeded: index >> 32) & 0xFFFF | UInt32(source) << 16, UInt32(device),
                    ]
                    let key: [UInt32] = [UInt32(truncatingIfNeeded: seed), UInt32(seed >> 32)]
                    var block = [UInt32](repeating: 0, count: 4)
                    dnsim_philox4x32_10(ctr, key, &block)
                    let what = "first \(first), stride \(stride), count \(count), stream \(i)"
                    XCTAssertEqual(Array(fast[4 * i..<4 * i + 4]), block, what)
                    XCTAssertEqual(Array(portable[4 * i..<4 * i + 4]), block, "portable: " + what)
                    if avx2Ran { XCTAssertEqual(Array(avx2[4 * i..<4 * i + 4]), block, "AVX2: " + what) }
                }
            }
        }
        guard avx2Runs > 0 else { throw XCTSkip("no AVX2 path on this machine: only the portable path was checked") }
    }
}
