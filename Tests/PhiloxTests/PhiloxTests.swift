import CGSL
import CGSLErrors
import CPhilox
import Foundation
import XCTest

/// Philox4x32-10 as a GSL generator (CPhilox): known answers, the key and
/// counter layout, keyed reproducibility, and GSL's distributions driven by it.
/// Fixed seeds; statistical tolerances are derived from the sample size.
final class PhiloxTests: XCTestCase {
    /// Random123 `tests/kat_vectors`, the three `philox4x32 10` lines
    /// (DEShawResearch/random123 at 9545ff6413f258be2f04c1d319d99aaef7521150):
    /// counter (4 words), key (2 words), expected output (4 words).
    static let knownAnswers: [(ctr: [UInt32], key: [UInt32], expected: [UInt32])] = [
        (
            [0x0000_0000, 0x0000_0000, 0x0000_0000, 0x0000_0000], [0x0000_0000, 0x0000_0000],
            [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]
        ),
        (
            [0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff], [0xffff_ffff, 0xffff_ffff],
            [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]
        ),
        (
            [0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344], [0xa409_3822, 0x299f_31d0],
            [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1]
        ),
    ]

    private func withGenerator(_ body: (UnsafeMutablePointer<gsl_rng>) throws -> Void) rethrows {
        dnsim_gsl_install_error_handler()
        guard let r = gsl_rng_alloc(dnsim_rng_philox4x32_10()) else { return XCTFail("gsl_rng_alloc failed") }
        defer { gsl_rng_free(r) }
        try body(r)
    }

    private func block(_ ctr: [UInt32], _ key: [UInt32]) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: 4)
        dnsim_philox4x32_10(ctr, key, &out)
        return out
    }

    private func words(_ r: UnsafeMutablePointer<gsl_rng>, _ n: Int) -> [UInt32] {
        (0..<n).map { _ in UInt32(gsl_rng_get(r)) }
    }

    /// The block function and the generator (via gsl_rng_get) reproduce Random123's vectors.
    func testKnownAnswerVectors() {
        withGenerator { r in
            for v in Self.knownAnswers {
                XCTAssertEqual(block(v.ctr, v.key), v.expected)
                XCTAssertEqual(Int(dnsim_philox_seek(r, v.ctr, v.key)), GSL_SUCCESS)
                XCTAssertEqual(words(r, 4), v.expected)
            }
        }
    }

    /// Reading past a block advances the counter as one 128-bit integer.
    func testCounterCarriesAcrossWords() {
        withGenerator { r in
            let ones: [UInt32] = [0xffff_ffff, 0xffff_ffff]
            dnsim_philox_seek(r, [0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff], ones)
            XCTAssertEqual(words(r, 8), Self.knownAnswers[1].expected + block([0, 0, 0, 0], ones))
            dnsim_philox_seek(r, [0xffff_ffff, 5, 0xffff_ffff, 9], ones)
            XCTAssertEqual(Array(words(r, 8)[4...]), block([0, 6, 0xffff_ffff, 9], ones))
        }
    }

    /// begin writes the documented layout: key = seed; counter = (block, index low,
    /// index high | source << 16, device); the next block has block number 1.
    /// A uniform is the same word divided by 2^32.
    func testBeginWritesTheDocumentedKeyAndCounter() {
        withGenerator { r in
            let seed: UInt64 = 0x0123_4567_89ab_cdef
            let key: [UInt32] = [0x89ab_cdef, 0x0123_4567]
            XCTAssertEqual(Int(dnsim_philox_begin(r, seed, 0xdead_beef, 0xabcd, 0x1234_5678_9abc)), GSL_SUCCESS)
            XCTAssertEqual(
                words(r, 8),
                block([0, 0x5678_9abc, 0xabcd_1234, 0xdead_beef], key)
                    + block([1, 0x5678_9abc, 0xabcd_1234, 0xdead_beef], key))
            dnsim_philox_begin(r, seed, 3, 5, 7)
            let first = block([0, 7, 5 << 16, 3], key)[0]
            XCTAssertEqual(gsl_rng_uniform(r), Double(first) / 4_294_967_296)
        }
    }

    /// GSL's own machinery: name, range and state size; gsl_rng_set(s) is the
    /// tuple (s, 0, 0, 0); clone and memcpy continue the same stream mid-block.
    func testGSLMachineryWorks() {
        withGenerator { r in
            XCTAssertEqual(String(cString: gsl_rng_name(r)), "philox4x32-10")
            XCTAssertEqual(gsl_rng_min(r), 0)
            XCTAssertEqual(gsl_rng_max(r), 0xffff_ffff)
            XCTAssertEqual(gsl_rng_size(r), MemoryLayout<dnsim_philox_state>.size)
            for seed: UInt64 in [0, 1, 0xfedc_ba98_7654_3210] {
                gsl_rng_set(r, UInt(seed))
                let set = words(r, 12)
                dnsim_philox_begin(r, seed, 0, 0, 0)
                XCTAssertEqual(words(r, 12), set)
            }
            gsl_rng_set(r, 99)
            _ = words(r, 2)
            let clone = gsl_rng_clone(r)!
            defer { gsl_rng_free(clone) }
            let copy = gsl_rng_alloc(dnsim_rng_philox4x32_10())!
            defer { gsl_rng_free(copy) }
            gsl_rng_memcpy(copy, r)
            let expected = words(r, 9)
            XCTAssertEqual(words(clone, 9), expected)
            XCTAssertEqual(words(copy, 9), expected)
        }
    }

    /// A keyed sequence is the same whatever was drawn before it, in which
    /// order the keys are visited, how much of other sequences was read, and
    /// on which generator object.
    func testKeyedStreamsDoNotDependOnCallOrder() {
        var keys: [(device: UInt64, source: UInt64, index: UInt64)] = []
        for device: UInt64 in 0..<40 {
            for source: UInt64 in 1...12 {
                for index: UInt64 in [0, 5, 1 << 16 | 3] { keys.append((device, source, index)) }
            }
        }
        func draw(_ r: UnsafeMutablePointer<gsl_rng>, _ k: (device: UInt64, source: UInt64, index: UInt64)) -> [Double]
        {
            dnsim_philox_begin(r, 7, k.device, k.source, k.index)
            // Six values that cross a block boundary, mixing integer and double reads.
            return [
                Double(gsl_rng_get(r)), gsl_rng_uniform(r), gsl_rng_uniform_pos(r),
                Double(gsl_rng_uniform_int(r, 1000)), gsl_rng_uniform(r), gsl_ran_exponential(r, 3),
            ]
        }
        withGenerator { a in
            let inOrder = keys.map { draw(a, $0) }
            withGenerator { b in
                var shuffled = [[Double]](repeating: [], count: keys.count)
                // Visit keys in a permuted order (step coprime with the count),
                // reading a varying part of an unrelated sequence in between.
                let step = 7 * 11 * 13 + 2  // 1003, coprime with 1440
                for n in 0..<keys.count {
                    let i = n * step % keys.count
                    dnsim_philox_begin(b, 8, UInt64(n), 1, UInt64(n))
                    for _ in 0..<(n % 7) { _ = gsl_rng_uniform(b) }
                    shuffled[i] = draw(b, keys[i])
                }
                XCTAssertEqual(Set((0..<keys.count).map { $0 * step % keys.count }).count, keys.count)
                XCTAssertEqual(shuffled, inOrder)
            }
        }
    }

    /// Tuples that differ in one component, including in bits a 32-bit fold
    /// would lose (seed or index differing above bit 31, the index/source
    /// boundary, the range limits), give different blocks.
    func testDistinctTuplesGiveDistinctOutputs() {
        let seeds: [UInt64] = [0, 1, 1 << 32, 1 << 32 | 1, .max]
        let devices: [UInt64] = [0, 1, 1 << 16, 1 << 31, 0xffff_ffff]
        let sources: [UInt64] = [0, 1, 5, 1 << 15, 0xffff]
        let indices: [UInt64] = [0, 1, 1 << 16, 1 << 32, 1 << 32 | 1, 1 << 47, (1 << 48) - 1]
        withGenerator { r in
            var blocks = Set<[UInt32]>()
            var firstWords = Set<UInt32>()
            var tuples = 0
            for seed in seeds {
                for device in devices {
                    for source in sources {
                        for index in indices {
                            XCTAssertEqual(Int(dnsim_philox_begin(r, seed, device, source, index)), GSL_SUCCESS)
                            let w = words(r, 8)
                            blocks.insert(Array(w[0..<4]))
                            blocks.insert(Array(w[4..<8]))
                            firstWords.insert(w[0])
                            tuples += 1
                        }
                    }
                }
            }
            XCTAssertEqual(blocks.count, 2 * tuples)
            // First words are 32-bit values: for 875 tuples, a repeat has probability
            // about 875²/2^33 ≈ 1e-4. With these fixed tuples there is none.
            XCTAssertEqual(firstWords.count, tuples)
        }
    }

    /// Out-of-range components and non-Philox generators are reported through
    /// GSL's error handler instead of silently aliasing or corrupting state.
    func testBeginReportsMisuse() {
        withGenerator { r in
            let before = dnsim_gsl_errors()
            XCTAssertEqual(Int(dnsim_philox_begin(r, 1, 0xffff_ffff, 0xffff, (1 << 48) - 1)), GSL_SUCCESS)
            XCTAssertEqual(dnsim_gsl_errors(), before)
            XCTAssertEqual(Int(dnsim_philox_begin(r, 1, 1 << 32 | 7, 3, 9)), GSL_EINVAL)
            XCTAssertEqual(Int(dnsim_philox_begin(r, 1, 0, 1 << 16, 9)), GSL_EINVAL)
            XCTAssertEqual(Int(dnsim_philox_begin(r, 1, 0, 3, UInt64(bitPattern: -1))), GSL_EINVAL)
            XCTAssertEqual(dnsim_gsl_errors(), before + 3)
            // Reported, then reduced modulo the ranges: (1, 7, 3, 9) here.
            dnsim_philox_begin(r, 1, 1 << 32 | 7, 3, 9)
            let reduced = words(r, 4)
            dnsim_philox_begin(r, 1, 7, 3, 9)
            XCTAssertEqual(words(r, 4), reduced)

            let taus = gsl_rng_alloc(dnsim_rng_taus2())!, fresh = gsl_rng_alloc(dnsim_rng_taus2())!
            defer { gsl_rng_free(taus); gsl_rng_free(fresh) }
            gsl_rng_set(taus, 5)
            gsl_rng_set(fresh, 5)
            XCTAssertEqual(Int(dnsim_philox_begin(taus, 1, 2, 3, 4)), GSL_EINVAL)
            XCTAssertEqual(words(taus, 3), words(fresh, 3), "a taus2 state must be left untouched")
        }
    }

    /// Sample mean and variance of GSL distributions over keyed sequences (one
    /// variate each, as the simulator draws) against closed forms. Tolerances are
    /// 4 standard errors: σ/√n for the mean, √((μ4 − σ⁴)/n) for the variance.
    func testGSLDistributionsMatchClosedForms() {
        let n = 200_000
        let s2 = 0.36, lnMean = 800 * exp(0.18), lnVar = lnMean * lnMean * (exp(0.36) - 1)
        // (name, sampler, mean, variance, fourth central moment)
        let cases: [(String, (UnsafeMutablePointer<gsl_rng>) -> Double, Double, Double, Double)] = [
            ("exponential(2)", { gsl_ran_exponential($0, 2) }, 2, 4, 9 * 16),
            ("gaussian(3)", { gsl_ran_gaussian($0, 3) }, 0, 9, 3 * 81),
            ("gamma(2.5, 1.5)", { gsl_ran_gamma($0, 2.5, 1.5) }, 3.75, 2.5 * 2.25, (3 + 6 / 2.5) * pow(2.5 * 2.25, 2)),
            ("gamma(0.5, 4)", { gsl_ran_gamma($0, 0.5, 4) }, 2, 8, (3 + 6 / 0.5) * 64),
            ("poisson(4.2)", { Double(gsl_ran_poisson($0, 4.2)) }, 4.2, 4.2, 4.2 * (1 + 3 * 4.2)),
            ("poisson(37.5)", { Double(gsl_ran_poisson($0, 37.5)) }, 37.5, 37.5, 37.5 * (1 + 3 * 37.5)),
            (
                "lognormal(ln 800, 0.6)", { gsl_ran_lognormal($0, log(800), 0.6) }, lnMean, lnVar,
                lnVar * lnVar * (exp(4 * s2) + 2 * exp(3 * s2) + 3 * exp(2 * s2) - 3)
            ),
        ]
        withGenerator { r in
            let errorsBefore = dnsim_gsl_errors()
            for (source, (name, sample, mean, variance, mu4)) in cases.enumerated() {
                var sum = 0.0, sumSquares = 0.0
                for i in 0..<n {
                    dnsim_philox_begin(r, 20_261_201, UInt64(i % 1000), UInt64(source + 1), UInt64(i / 1000))
                    let x = sample(r)
                    sum += x
                    sumSquares += x * x
                }
                let m = sum / Double(n)
                let v = (sumSquares - Double(n) * m * m) / Double(n - 1)
                XCTAssertEqual(m, mean, accuracy: 4 * (variance / Double(n)).squareRoot(), name)
                XCTAssertEqual(v, variance, accuracy: 4 * ((mu4 - variance * variance) / Double(n)).squareRoot(), name)
            }
            XCTAssertEqual(dnsim_gsl_errors(), errorsBefore)
        }
    }

    /// Uniformity: a chi-square test on 256 equal bins, for one long stream and for
    /// the first uniform of many keyed sequences. p-values (gsl_cdf_chisq_Q, 255
    /// degrees of freedom) must lie in (0.001, 0.999): neither a bad fit nor a
    /// suspiciously regular one.
    func testUniformOutputPassesChiSquare() {
        func chiSquareQ(_ n: Int, _ next: (Int) -> Double) -> Double {
            var bins = [Int](repeating: 0, count: 256)
            for i in 0..<n {
                let u = next(i)
                precondition(u >= 0 && u < 1)
                bins[Int(u * 256)] += 1
            }
            let expected = Double(n) / 256
            let chi2 = bins.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
            return gsl_cdf_chisq_Q(chi2, 255)
        }
        withGenerator { r in
            gsl_rng_set(r, 20_261_201)
            let long = chiSquareQ(1_024_000) { _ in gsl_rng_uniform(r) }
            let keyed = chiSquareQ(256_000) { i in
                dnsim_philox_begin(r, 20_261_201, UInt64(i % 4000), 2, UInt64(i / 4000))
                return gsl_rng_uniform(r)
            }
            for (name, q) in [("long stream", long), ("keyed first draws", keyed)] {
                XCTAssertGreaterThan(q, 0.001, name)
                XCTAssertLessThan(q, 0.999, name)
            }
        }
    }
}
