import CGSL
import Foundation
import XCTest

@testable import DNSimCore

/// Rates that have closed forms, checked against GSL's CDFs with tolerances
/// of four binomial standard errors for the number of cycles simulated
/// (cycles are independent in these worlds: no state carries across days,
/// so the binomial error is the right one).
final class ClosedFormTests: XCTestCase {
    let devices = 200
    let days = 100

    func assertRate(
        _ result: ArmStatistics, _ metric: RateMetric, equals expected: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let tolerance = TestWorlds.tolerance(p: expected, n: result.cycles)
        XCTAssertEqual(
            result.rate(metric), expected, accuracy: max(tolerance, 1e-12),
            "\(metric.name): expected \(expected) ± \(tolerance)", file: file, line: line)
    }

    /// iOS independent, BG delay Exp(mean 3 min), latency 2 s: fresh iff D + 2 s < 300 s.
    func testIOSIndependentFreshRateIsExponentialCDF() {
        var world = TestWorlds.world(days: days)
        world.ios.delay = .exponential(mean: 180_000)
        world.fetch.latency = .fixed(2_000)
        let result = TestWorlds.run(world, arms: [TestWorlds.arm(.independent, .ios)], devices: devices)
        let expected = gsl_cdf_exponential_P(298, 180)  // 1 − exp(−298/180)
        assertRate(result.arms[0], .fresh, equals: expected)
        assertRate(result.arms[0], .stale, equals: 1 - expected)
        XCTAssertEqual(result.arms[0].count(.missed), 0)
        XCTAssertEqual(result.arms[0].count(.late), 0, "independent timers on iOS fire exactly at T")
    }

    /// iOS chained with a guard, same world. Cycles are independent: a BG task
    /// launching after its cycle's deadline fetches early for the next cycle
    /// (cached, deciding nothing), so it cannot show stale content. With
    /// D ~ Exp(3 min) after F and 2 s of latency: shown late iff D + 2 s > 360 s
    /// (T + lateAfter), fallback iff D + 2 s > 600 s (the guard at T + 5 min).
    func testIOSChainedLateAndFallbackRates() {
        var world = TestWorlds.world(days: days)
        world.ios.delay = .exponential(mean: 180_000)
        world.fetch.latency = .fixed(2_000)
        world.freshWithin = 5 * SimTime.minute
        let result = TestWorlds.run(world, arms: [TestWorlds.arm(.chained, .ios)], devices: devices)
        assertRate(result.arms[0], .fresh, equals: gsl_cdf_exponential_P(598, 180))
        assertRate(result.arms[0], .fallback, equals: gsl_cdf_exponential_Q(598, 180))
        assertRate(result.arms[0], .late, equals: gsl_cdf_exponential_Q(358, 180))
        XCTAssertEqual(result.arms[0].count(.stale), 0)
        XCTAssertEqual(result.arms[0].count(.missed), 0)
    }

    /// Android independent, fetch alarm 4 min after F, latency U(0, 2 min): fresh iff U < 1 min.
    func testAndroidIndependentFreshIsHalf() {
        var world = TestWorlds.world(days: days)
        world.android.fetchAlarmDelay = .fixed(4 * SimTime.minute)
        world.fetch.latency = .uniform(min: 0, max: 120_000)
        let result = TestWorlds.run(world, arms: [TestWorlds.arm(.independent, .android)], devices: devices)
        assertRate(result.arms[0], .fresh, equals: gsl_cdf_flat_P(60, 0, 120))
    }
}
