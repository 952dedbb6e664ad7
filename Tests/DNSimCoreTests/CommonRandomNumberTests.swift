import XCTest

@testable import DNSimCore

/// docs/model.md §5: a draw's key fixes its value whatever the parameters around it.
final class CommonRandomNumberTests: XCTestCase {
    func mixedWorld() -> WorldConfiguration {
        var world = TestWorlds.world(days: 30)
        world.ios.delay = .lognormal(median: 20 * 60_000, sigma: 1.2)
        world.fetch.latency = .lognormal(median: 800, sigma: 0.6)
        world.user.appOpensPerDay = 1
        world.user.offlinePerDay = 0.5
        world.user.offlineDuration = .fixed(2 * SimTime.hour)
        return world
    }

    var arms: [Arm] {
        [TestWorlds.arm(.independent, .ios), TestWorlds.arm(.chained, .ios), TestWorlds.arm(.chained, .android)]
    }

    /// Moving `never` and `fetch.failure` from 0 to 1e-12 changes no draw: every
    /// Bernoulli consumes its uniform even at probability 0.
    func testProbabilitiesAtZeroConsumeTheirDraws() {
        let world = mixedWorld()
        var nudged = world
        nudged.ios.never = 1e-12
        nudged.fetch.failure = 1e-12
        let a = TestWorlds.run(world, arms: arms, devices: 40)
        let b = TestWorlds.run(nudged, arms: arms, devices: 40)
        for (x, y) in zip(a.arms, b.arms) {
            XCTAssertEqual(x.counts, y.counts)
            XCTAssertEqual(x.fingerprint, y.fingerprint, "the same events at the same times")
        }
    }

    /// A period's start and its duration come from different keys: making the
    /// offline duration random leaves every offline start where it was.
    /// (Durations of a few milliseconds, so no two periods merge into one window.)
    func testPeriodDurationsDoNotMoveStarts() {
        var world = mixedWorld()
        world.user.offlineDuration = .fixed(2)
        var random = world
        random.user.offlineDuration = .uniform(min: 1, max: 3)
        for device in 0..<20 {
            let fixed = DeviceWorld(configuration: world, seed: 9)
            let varied = DeviceWorld(configuration: random, seed: 9)
            fixed.generate(device: device)
            varied.generate(device: device)
            XCTAssertEqual(fixed.user.offline.starts, varied.user.offline.starts, "device \(device)")
            if !fixed.user.offline.isEmpty {
                XCTAssertNotEqual(fixed.user.offline.ends, varied.user.offline.ends, "the durations did change")
            }
            XCTAssertEqual(fixed.user.opens, varied.user.opens)
        }
    }
}
