import CGSL
import CPhilox
import XCTest

@testable import DNSimCore

final class KeyedRandomTests: XCTestCase {
    func testDrawsDependOnTheKeyNotOnCallOrder() {
        let a = KeyedRandom(seed: 42), b = KeyedRandom(seed: 42)
        a.begin(device: 3, source: .fetchAttempt, index: 9)
        let first = a.uniform()
        b.begin(device: 1, source: .serverDay, index: 0)
        _ = b.uniform()
        b.begin(device: 3, source: .fetchAttempt, index: 9)
        XCTAssertEqual(b.uniform(), first)
    }

    func testDifferentKeysAndSeedsGiveDifferentStreams() {
        let random = KeyedRandom(seed: 42)
        var values = Set<Double>()
        for device in 0..<20 {
            for source in RandomSource.allCases {
                random.begin(device: device, source: source, index: 0)
                values.insert(random.uniform())
            }
        }
        XCTAssertEqual(values.count, 20 * RandomSource.allCases.count)
        let other = KeyedRandom(seed: 43)
        other.begin(device: 0, source: .serverDay, index: 0)
        random.begin(device: 0, source: .serverDay, index: 0)
        XCTAssertNotEqual(other.uniform(), random.uniform())
    }

    /// Sample means against closed forms; tolerance 4 standard errors (σ/√n).
    func testDistributionMeansMatchClosedForms() {
        let n = 20_000
        let cases: [(Distribution, mean: Double, sd: Double)] = [
            (.exponential(mean: 1_000), 1_000, 1_000),
            (.uniform(min: 0, max: 120_000), 60_000, 120_000 / 12.0.squareRoot()),
            (.lognormal(median: 800, sigma: 0.6), 800 * exp(0.18), 800 * exp(0.18) * (exp(0.36) - 1).squareRoot()),
            (.gamma(shape: 2, scale: 5_000), 10_000, (2.0).squareRoot() * 5_000),
            (
                .weibull(shape: 1.5, scale: 10_000), 10_000 * tgamma(1 + 1 / 1.5),
                10_000 * (tgamma(1 + 2 / 1.5) - pow(tgamma(1 + 1 / 1.5), 2)).squareRoot()
            ),
        ]
        let random = KeyedRandom(seed: 5)
        for (distribution, mean, sd) in cases {
            var sum = 0.0
            for i in 0..<n {
                random.begin(device: 0, source: .fetchAttempt, index: i)
                sum += Double(random.duration(distribution))
            }
            XCTAssertEqual(sum / Double(n), mean, accuracy: 4 * sd / Double(n).squareRoot() + 0.5, "\(distribution)")
            XCTAssertEqual(distribution.mean, mean, accuracy: mean * 1e-9)
        }
    }

    /// The empirical CDF is sampled by inverse transform: P(X ≤ x) matches the points.
    func testEmpiricalDistributionFollowsItsCDF() {
        let distribution = Distribution.empirical(points: [
            EmpiricalPoint(value: 0, probability: 0.2), EmpiricalPoint(value: 10_000, probability: 0.7),
            EmpiricalPoint(value: 20_000, probability: 1),
        ])
        let random = KeyedRandom(seed: 9)
        let n = 20_000
        var atZero = 0, belowTen = 0
        for i in 0..<n {
            random.begin(device: 0, source: .fetchAttempt, index: i)
            let x = random.duration(distribution)
            if x == 0 { atZero += 1 }
            if x <= 10_000 { belowTen += 1 }
        }
        XCTAssertEqual(Double(atZero) / Double(n), 0.2, accuracy: TestWorlds.tolerance(p: 0.2, n: Int64(n)))
        XCTAssertEqual(Double(belowTen) / Double(n), 0.7, accuracy: TestWorlds.tolerance(p: 0.7, n: Int64(n)))
    }

    func testGSLErrorHandlerDoesNotAbort() {
        GSLSetup.installErrorHandler()
        let before = GSLSetup.errorCount
        // GSL's default handler would abort the process here; ours counts the error.
        gsl_error("a deliberate domain error", #file, 1, Int32(GSL_EDOM))
        XCTAssertEqual(GSLSetup.errorCount, before + 1)
    }

    /// KeyedRandom reads Philox inline and caches ln(median) and e^-mean; every
    /// draw must still be GSL's, bit for bit, whatever the order of parameters
    /// (six medians and three means cycle through caches of four and two).
    func testDrawsEqualGSLsFunctionsOnTheSameStream() throws {
        let random = KeyedRandom(seed: 77)
        let gsl = try XCTUnwrap(gsl_rng_alloc(dnsim_rng_philox4x32_10()))
        defer { gsl_rng_free(gsl) }
        let medians: [Double] = [5_400_000, 800, 1, 30_000, 800, 0.5, 123_456.789]
        let means: [Double] = [1.5, 1.2, 0.05, 1.5, 12.5]
        for i in 0..<30_000 {
            random.begin(device: i % 13, source: .fetchAttempt, index: i)
            dnsim_philox_begin(gsl, 77, UInt64(i % 13), RandomSource.fetchAttempt.rawValue, UInt64(i))
            let median = medians[i % medians.count], sigma = 0.3 + Double(i % 5) * 0.4
            XCTAssertEqual(
                random.duration(.lognormal(median: median, sigma: sigma)),
                Distribution.clamp(gsl_ran_lognormal(gsl, log(median), sigma)))
            let mean = means[i % means.count]
            XCTAssertEqual(random.poisson(mean: mean), Int(gsl_ran_poisson(gsl, mean)))
            XCTAssertEqual(random.index(below: 5 + i % 3), Int(gsl_rng_uniform_int(gsl, UInt(5 + i % 3))))
            XCTAssertEqual(random.uniform().bitPattern, gsl_rng_uniform(gsl).bitPattern)
            XCTAssertEqual(random.bernoulli(0.3), gsl_rng_uniform(gsl) < 0.3)
        }
    }

    /// Distribution.clamp rounds without libm; it must agree with rounded()
    /// everywhere below the ceiling, halves and their neighbours included.
    func testClampRoundsExactlyAsRounded() {
        var values: [Double] = [
            0.5, 1.5, 2.5, 0.49999999999999994, 0.5000000000000001, 1e12 + 0.5, 4_503_599_627_370_495.5,
        ]
        for whole in [0.0, 1, 2, 3, 799, 800, 5_400_000, 86_400_000, 3e12] {
            for fraction in [0.0, 0.25, 0.5, 0.75] {
                let x = whole + fraction
                values += [x, x.nextUp, x.nextDown]
            }
        }
        var state: UInt64 = 3
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(state >> 11) / Double(1 << 53) * pow(10, Double(state % 13)))
        }
        for x in values where x > 0 && x < Double(Distribution.ceiling) {
            XCTAssertEqual(Distribution.clamp(x), Millis(x.rounded()), "\(x)")
        }
    }

    /// The memo hands back exactly what the draw computes, for every key and device, whether
    /// it remembers (a repeat within a device) or has forgotten (more keys than slots, another device).
    func testDrawMemoReturnsWhatTheDrawComputes() {
        let memo = DrawMemo()
        let random = KeyedRandom(seed: 42)
        var calls = 0
        func direct(_ device: Int, _ source: RandomSource, _ index: Int) -> Int64 {
            random.begin(device: device, source: source, index: index)
            return random.duration(.lognormal(median: 90_000, sigma: 1.5)) << 1 | (random.bernoulli(0.3) ? 1 : 0)
        }
        func memoized(_ device: Int, _ source: RandomSource, _ index: Int) -> Int64 {
            memo.value(source, index: index, device: device) {
                calls += 1
                return direct(device, source, index)
            }
        }
        let sources: [RandomSource] = [.fetchAttempt, .backgroundRequestAtOpen]
        for device in [0, 1, 0] {
            for source in sources {
                for index in stride(from: -1, to: 20_000, by: 1) {
                    XCTAssertEqual(memoized(device, source, index), direct(device, source, index))
                }
            }
        }
        XCTAssertGreaterThan(calls, 2 * 20_001, "more keys than slots: most were drawn again")
        calls = 0
        for _ in 0..<3 {
            for index in 0..<100 { XCTAssertEqual(memoized(5, .fetchAttempt, index), direct(5, .fetchAttempt, index)) }
        }
        XCTAssertLessThan(calls, 110, "a repeat within a device is remembered (a few keys may share a slot)")
        XCTAssertGreaterThanOrEqual(calls, 100)
    }

    /// Dense keys (a cycle above the shift, the rest 0) each have their own entry: every
    /// repeat within a device is remembered, however many keys, and values equal direct draws
    /// on and off the grid and after moving between devices.
    func testDenseDrawMemoRemembersEveryDenseKey() {
        let cycles = 20_000
        let memo = DrawMemo(dense: [(.fetchAttempt, DrawIndex.fetchAttempt.minorBits, cycles)])
        let random = KeyedRandom(seed: 11)
        var calls = 0
        func direct(_ device: Int, _ index: Int) -> Int64 {
            random.begin(device: device, source: .fetchAttempt, index: index)
            return random.duration(.lognormal(median: 800, sigma: 0.6)) << 1 | (random.bernoulli(0.02) ? 1 : 0)
        }
        func memoized(_ device: Int, _ index: Int) -> Int64 {
            memo.value(.fetchAttempt, index: index, device: device) {
                calls += 1
                return direct(device, index)
            }
        }
        for device in [0, 1, 0] {
            calls = 0
            for _ in 0..<2 {
                for cycle in 0..<cycles {
                    let index = cycle << DrawIndex.fetchAttempt.minorBits
                    XCTAssertEqual(memoized(device, index), direct(device, index))
                }
            }
            XCTAssertEqual(calls, cycles, "device \(device): each dense key drawn once")
            for index in [1, 5 << DrawIndex.fetchAttempt.minorBits | 3, cycles << DrawIndex.fetchAttempt.minorBits, -1]
            {
                XCTAssertEqual(memoized(device, index), direct(device, index), "off the grid: \(index)")
            }
        }
    }

    /// A stream begun from a batch of first blocks reads, word for word, what a plain `begin`
    /// reads: on the batch's grid, off it (a low counter that is not 0, an index past the count,
    /// setup's -1), and after moving between devices and back.
    func testStreamStartsBeginWhereBeginDoes() {
        let batched = KeyedRandom(seed: 7), plain = KeyedRandom(seed: 7)
        let starts = StreamStarts(
            random: batched, source: .fetchAttempt, shift: DrawIndex.fetchAttempt.minorBits, count: 30)
        var compared = 0
        for device in [3, 4, 3] {
            for cycle in [0, 1, 2, 17, 29, 30, 31, 400] {
                for low in [0, 1, 0xFFFF] {
                    let index = cycle << DrawIndex.fetchAttempt.minorBits | low
                    starts.begin(device: device, index: index)
                    plain.begin(device: device, source: .fetchAttempt, index: index)
                    for word in 0..<9 {
                        XCTAssertEqual(
                            batched.uniform(), plain.uniform(), "device \(device), index \(index), word \(word)")
                    }
                    compared += 1
                }
            }
            starts.begin(device: device, index: -1)
            plain.begin(device: device, source: .fetchAttempt, index: -1)
            XCTAssertEqual(batched.uniform(), plain.uniform(), "index -1")
        }
        XCTAssertEqual(compared, 72)
        // Shift 0 with fewer streams than one AVX2 pass, and an empty batch.
        for (shift, count) in [(0, 5), (0, 0), (8, 9)] {
            let small = StreamStarts(random: batched, source: .backgroundRequestForCycle, shift: shift, count: count)
            for index in [0, 1, 4, 5, 8 << shift, 9 << shift, -1] {
                small.begin(device: 2, index: index)
                plain.begin(device: 2, source: .backgroundRequestForCycle, index: index)
                for word in 0..<5 {
                    XCTAssertEqual(
                        batched.uniform(), plain.uniform(),
                        "shift \(shift), count \(count), index \(index), word \(word)")
                }
            }
        }
        // Through the table, a source without a batch begins plainly.
        let table = StreamStartTable(
            random: batched, batches: [(.backgroundRequestAtOpen, DrawIndex.dayRank.minorBits, 10)])
        for (source, index) in [
            (RandomSource.backgroundRequestAtOpen, DrawIndex.dayRank.make(3, 0)),
            (.backgroundRequestAtOpen, DrawIndex.dayRank.make(3, 1)), (.serverDay, 5),
        ] {
            table.begin(device: 9, source: source, index: index)
            plain.begin(device: 9, source: source, index: index)
            XCTAssertEqual(batched.uniform(), plain.uniform(), "\(source) \(index)")
        }
    }
}
