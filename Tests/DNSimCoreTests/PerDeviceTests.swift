import CGSL
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore

/// Users who differ (`{ perDevice: … }`) and the spread over devices (docs/model.md §2 "Users
/// differ", §8 "Spread over devices").
final class PerDeviceTests: XCTestCase {
    /// The histogram's quantiles are the ⌈qN⌉-th smallest per-device rate (to 0.1 pp), and it is
    /// the same histogram whatever order its devices are merged in.
    func testDeviceRateQuantilesAreOrderStatisticsAndMergeInAnyOrder() throws {
        var random = SplitMix(seed: 11)
        var all = DeviceRateHistogram(), first = DeviceRateHistogram(), second = DeviceRateHistogram()
        var rates: [Double] = []
        for device in 0..<997 {
            let cycles = Int64(random.int(1...90)), count = Int64(random.int(0...Int(cycles)))
            all.add(count: count, of: cycles)
            if device % 3 == 0 { first.add(count: count, of: cycles) } else { second.add(count: count, of: cycles) }
            rates.append((Double(count) / Double(cycles) * 1_000).rounded(.toNearestOrAwayFromZero) / 1_000)
        }
        all.add(count: 0, of: 0)  // no due cycle: no rate
        rates.sort()
        XCTAssertEqual(all.total, 997)
        for q in [0.01, 0.1, 0.5, 0.9, 0.99, 1] {
            XCTAssertEqual(
                try XCTUnwrap(all.quantile(q)), rates[Int((q * 997).rounded(.up)) - 1], accuracy: 1e-12, "q \(q)")
        }
        var forward = first, backward = second
        try forward.mergeChecked(second)
        try backward.mergeChecked(first)
        XCTAssertEqual(forward, all)
        XCTAssertEqual(backward, all)
        let interval = try XCTUnwrap(all.quantileInterval(0.1))
        XCTAssertLessThanOrEqual(interval.low, interval.estimate)
        XCTAssertGreaterThanOrEqual(interval.high, interval.estimate)
        XCTAssertGreaterThan(interval.high, interval.low)
    }

    /// A shard's histogram survives the round trip; a forged step (beyond 100%) or count is refused.
    func testAForgedDeviceRateHistogramIsRefused() throws {
        var histogram = DeviceRateHistogram()
        histogram.add(count: 3, of: 7)
        histogram.add(count: 7, of: 7)
        let data = try JSONEncoder().encode(histogram)
        XCTAssertEqual(try JSONDecoder().decode(DeviceRateHistogram.self, from: data), histogram)
        for forged in [
            #"{"values":[2000],"counts":[1]}"#, #"{"values":[5],"counts":[-1]}"#, #"{"values":[5,6],"counts":[1]}"#,
        ] {
            XCTAssertThrowsError(try JSONDecoder().decode(DeviceRateHistogram.self, from: Data(forged.utf8)), forged)
        }
    }

    /// Each device's value is one inverse-CDF draw of its own keyed stream: over 4,000 devices the
    /// values follow Beta(2, 6) (Kolmogorov–Smirnov at the 0.1% level), and adding a second
    /// per-device key changes no device's first value.
    func testDeviceValuesFollowTheirDistributionAndAreKeyedByTheKey() {
        let failure = DeviceValue(
            key: "fetch.failure", path: \WorldConfiguration.fetch.failure,
            distribution: .beta(a: 2, b: 6), range: 0...1)
        let opens = DeviceValue(
            key: "user.appOpensPerDay", path: \WorldConfiguration.user.appOpensPerDay,
            distribution: .gamma(shape: 0.5, mean: 2), range: 0...1_000)
        var world = TestWorlds.world(days: 1)
        world.perDevice = [failure]
        let random = KeyedRandom(seed: 3)
        let alone = (0..<4_000).map { DeviceValue.configuration(world, device: $0, random: random).fetch.failure }
        world.perDevice = [opens, failure]
        let both = (0..<4_000).map { DeviceValue.configuration(world, device: $0, random: random) }
        XCTAssertEqual(both.map(\.fetch.failure), alone)
        let sorted = alone.sorted()
        let n = Double(sorted.count)
        let d = sorted.enumerated().map { i, x in
            let f = gsl_cdf_beta_P(x, 2, 6)
            return max(abs(Double(i + 1) / n - f), abs(f - Double(i) / n))
        }.max()!
        XCTAssertLessThan(d, 1.949 / n.squareRoot())  // the 0.1% critical value of the KS statistic
        let meanOpens = both.map(\.user.appOpensPerDay).reduce(0, +) / n
        // Gamma(0.5, mean 2): sd = mean / √shape = 2.83; 4 standard errors.
        XCTAssertEqual(meanOpens, 2, accuracy: 4 * 2 / 0.5.squareRoot() / n.squareRoot())
    }

    /// `fetch.failure: { perDevice: { beta: { a: 2, b: 6 } } }` on chained Android exact alarms: a
    /// device's cycle is fresh exactly when its one fetch succeeds, so its fresh count over n days
    /// is beta-binomial(n, 6, 2). The mean fresh rate is 6/8 within 4 standard errors, and each
    /// reported per-device quantile x̂ brackets q on the beta-binomial CDF within 3.29 binomial
    /// standard errors of q over the devices (F(x̂) ≥ q − tol, F(x̂ − 1/n) ≤ q + tol).
    func testABetaFailurePerDeviceGivesBetaBinomialDeviceRates() throws {
        let days = 40, devices = 3_000
        var world = TestWorlds.world(days: days)
        world.android.power.standbyBucket = .active
        world.fetch.failure = 0.25
        world.perDevice = [
            DeviceValue(
                key: "fetch.failure", path: \WorldConfiguration.fetch.failure,
                distribution: .beta(a: 2, b: 6), range: 0...1)
        ]
        let result = TestWorlds.run(world, arms: [TestWorlds.arm(.chained, .android)], devices: devices)
        let s = result.arms[0]
        XCTAssertEqual(s.cycles, Int64(days * devices))
        XCTAssertEqual(s.count(.fresh) + s.count(.fallback), s.cycles, "a cycle is fresh or falls back")
        let alpha = 6.0, beta = 2.0, n = Double(days)
        let variance = alpha * beta * (alpha + beta + n) / ((alpha + beta) * (alpha + beta) * (alpha + beta + 1) * n)
        XCTAssertEqual(s.rate(.fresh), 0.75, accuracy: 4 * (variance / Double(devices)).squareRoot())
        // The beta-binomial CDF: P(k) = C(n, k) B(k + α, n − k + β) / B(α, β).
        var cdf: [Double] = []
        var total = 0.0
        for k in 0...days {
            total += exp(
                gsl_sf_lnchoose(UInt32(days), UInt32(k)) + gsl_sf_lnbeta(Double(k) + alpha, n - Double(k) + beta)
                    - gsl_sf_lnbeta(alpha, beta))
            cdf.append(total)
        }
        for q in [0.1, 0.5, 0.9] {
            let k = Int((try XCTUnwrap(s.freshByDevice.quantile(q)) * n).rounded())
            let tolerance = 3.29 * (q * (1 - q) / Double(devices)).squareRoot()
            XCTAssertGreaterThanOrEqual(cdf[k], q - tolerance, "q \(q): k \(k)")
            XCTAssertLessThanOrEqual(k > 0 ? cdf[k - 1] : 0, q + tolerance, "q \(q): k \(k)")
        }
        // Below 50% fresh: P(k < 20) on the same CDF, within 4 binomial standard errors over devices.
        let below = cdf[days / 2 - 1]
        XCTAssertEqual(
            try XCTUnwrap(s.devicesFreshBelowShare).estimate, below,
            accuracy: 4 * (below * (1 - below) / Double(devices)).squareRoot())
    }

    /// Identical devices still differ by their own draws; the spread is the binomial one: with a
    /// fixed failure share p, P(device fresh rate < 50%) is the binomial CDF, which is tiny at p = 0.25.
    func testWithoutPerDeviceTheSpreadIsBinomial() {
        var world = TestWorlds.world(days: 40)
        world.android.power.standbyBucket = .active
        world.fetch.failure = 0.25
        let s = TestWorlds.run(world, arms: [TestWorlds.arm(.chained, .android)], devices: 1_000).arms[0]
        let expected = gsl_cdf_binomial_P(19, 0.75, 40)
        XCTAssertEqual(
            s.devicesFreshBelowShare?.estimate ?? -1, expected, accuracy: 4 * (max(expected, 1e-3) / 1_000).squareRoot()
        )
        let p10 = s.freshByDevice.quantile(0.1) ?? 0
        // The binomial's 10% point of the fresh count over 40 days, as a rate.
        var k = 0
        while gsl_cdf_binomial_P(UInt32(k), 0.75, 40) < 0.1 { k += 1 }
        XCTAssertEqual(p10, Double(k) / 40, accuracy: 2.0 / 40)
    }
}
