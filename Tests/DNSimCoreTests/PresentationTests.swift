import XCTest

@testable import DNSimCore

/// iOS presentation (docs/model.md §2, iOS presentation): Scheduled Summary and Focus hold what iOS
/// delivers until the user can see it; lateness runs to that moment.
final class PresentationTests: XCTestCase {
    private func times(days: Int, hours: [Int]) -> [Millis] {
        (-1...days).flatMap { day in
            hours.map { TestWorlds.start + Millis(day) * SimTime.day + Millis($0) * SimTime.hour }
        }.sorted()
    }

    private func world(days: Int, notifyMinute: Int) -> WorldConfiguration {
        var world = WorldConfiguration(calendar: TestWorlds.dailyCalendar(days: days, notifyMinute: notifyMinute))
        world.server.updatesPerDay = 50
        world.ios.inactiveAfter = nil
        return world
    }

    /// Summaries at 08:00 and 18:00, T at 07:00: every shown notification is seen exactly an hour
    /// late; `timeSensitive` is seen at T; with time-sensitive delivery turned off it waits again.
    func testASevenOClockDigestWithSummariesAtEightIsAnHourLate() {
        var world = world(days: 20, notifyMinute: 7 * 60)
        world.user.summaryTimes = times(days: 20, hours: [8, 18])
        let arm = TestWorlds.arm(.independent, .ios)
        let held = DeviceRun(world, arm)
        XCTAssertEqual(held.cycles.compactMap(\.lateness), Array(repeating: SimTime.hour, count: 20))
        XCTAssertEqual(held.trace.kinds("notification.held").count, 20)

        world.plugin.interruptionLevel = .timeSensitive
        XCTAssertEqual(DeviceRun(world, arm).cycles.compactMap(\.lateness), Array(repeating: 0, count: 20))
        world.ios.timeSensitiveAllowed = false
        XCTAssertEqual(DeviceRun(world, arm).cycles.compactMap(\.lateness), Array(repeating: SimTime.hour, count: 20))
    }

    /// A Focus period 22:00–07:30 and T at 07:00: seen when Focus ends, 30 minutes late; with a
    /// summary at 08:00 too, the held notification goes to that summary (an hour late).
    func testFocusEndingHalfAnHourAfterTMakesItHalfAnHourLate() {
        var world = world(days: 15, notifyMinute: 7 * 60)
        world.user.focus = TimeWindows(
            (-1...15).map { day in
                let base = TestWorlds.start + Millis(day) * SimTime.day
                return (base + 22 * SimTime.hour, base + SimTime.day + 7 * SimTime.hour + 30 * SimTime.minute)
            })
        let arm = TestWorlds.arm(.independent, .ios)
        XCTAssertEqual(
            DeviceRun(world, arm).cycles.compactMap(\.lateness), Array(repeating: 30 * SimTime.minute, count: 15))
        world.user.summaryTimes = times(days: 15, hours: [8])
        XCTAssertEqual(DeviceRun(world, arm).cycles.compactMap(\.lateness), Array(repeating: SimTime.hour, count: 15))
    }

    /// Android has no Scheduled Summary: the same settings change nothing there.
    func testAndroidIgnoresThem() {
        var world = world(days: 10, notifyMinute: 7 * 60)
        world.user.summaryTimes = times(days: 10, hours: [8])
        world.android.power.standbyBucket = .active
        XCTAssertEqual(
            DeviceRun(world, TestWorlds.arm(.independent, .android)).cycles.compactMap(\.lateness),
            Array(repeating: 0, count: 10))
    }

    /// Freshness runs to the moment it is seen: content fetched at F = 06:55, seen at 08:00, is 65
    /// minutes old, stale for `freshWithin` 30 min.
    func testFreshnessCountsToTheMomentItIsSeen() {
        var world = world(days: 10, notifyMinute: 7 * 60)
        world.freshWithin = 30 * SimTime.minute
        world.ios.taskKind = .appRefresh
        world.user.summaryTimes = times(days: 10, hours: [8])
        world.android.power.standbyBucket = .active
        let run = DeviceRun(world, TestWorlds.arm(.independent, .android))
        XCTAssertEqual(run.outcomes.filter { $0 == .fresh }.count, 10, "Android: seen at T")
        var iosWorld = world
        iosWorld.ios.delay = .fixed(0)
        iosWorld.ios.never = 0
        let ios = DeviceRun(iosWorld, TestWorlds.arm(.chained, .ios))
        XCTAssertTrue(ios.outcomes.allSatisfy { $0 != .fresh }, "\(ios.outcomes)")
    }
}

/// APNs priority (docs/push.md): a priority-5 alert push is held `lowPriorityDelay` beyond its delay,
/// by default as long as a background push; priority 10 (the default) draws nothing more.
final class APNsPriorityTests: XCTestCase {
    /// Priority 5 with a fixed 10-minute hold: every shown cycle is 10 minutes later than at
    /// priority 10 on the same seed (pushes sent at T, no loss, 2 s fetches).
    func testPriorityFiveHoldsTheAlertPushItsLowPriorityDelay() {
        var world = PushTests.pushWorld(days: 30, drop: 0, latency: 2_000, failure: 0)
        let arm = PushTests.push(.ios)
        let high = DeviceRun(world, arm).cycles.compactMap(\.lateness)
        world.ios.push.priority = 5
        world.ios.push.lowPriorityDelay = .fixed(10 * SimTime.minute)
        let low = DeviceRun(world, arm).cycles.compactMap(\.lateness)
        XCTAssertEqual(high.count, 30)
        XCTAssertEqual(low, high.map { $0 + 10 * SimTime.minute })
    }

    /// Without `lowPriorityDelay`, priority 5 is held as long as a background push: the mean
    /// lateness grows by the background delay's mean (exponential, 20 min), within 4 standard errors.
    func testPriorityFiveDefaultsToTheBackgroundPushHold() {
        var world = PushTests.pushWorld(days: 60, drop: 0, latency: 0, failure: 0)
        world.ios.push.background = PushDelivery(delay: .exponential(mean: Double(20 * SimTime.minute)), drop: 0)
        world.ios.push.priority = 5
        var latenesses: [Millis] = []
        for device in 0..<40 {
            latenesses += DeviceRun(world, PushTests.push(.ios), device: device).cycles.compactMap(\.lateness)
        }
        let n = Double(latenesses.count)
        let mean = Double(latenesses.reduce(0, +)) / n
        XCTAssertGreaterThan(n, 2_000)
        // An exponential's standard deviation is its mean.
        XCTAssertEqual(mean, Double(20 * SimTime.minute), accuracy: 4 * Double(20 * SimTime.minute) / n.squareRoot())
    }
}
