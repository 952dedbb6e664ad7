import XCTest

@testable import DNSimCore

/// FCM's downgrade of high priority (docs/model.md §2, Android; docs/push.md).
final class FCMDeprioritisationTests: XCTestCase {
    /// A hand-checked history with a 0.5 threshold: shown flags false (day 0), true (1), true (2):
    /// 2 of 3 at day 3, kept. Then false (3), false (4): 2 of 5 at day 5, downgraded. At day 7.5
    /// day 0 has left the 7-day window: 2 of 4 is not below half, kept.
    func testTheShareOfTheLastSevenDaysDecides() {
        var history = FCMPriorityHistory(active: true, threshold: 0.5)
        let day = SimTime.day
        XCTAssertFalse(history.downgrades(at: 0), "no messages yet")
        history.record(at: 0, shown: false)
        history.record(at: day, shown: true)
        history.record(at: 2 * day, shown: true)
        XCTAssertFalse(history.downgrades(at: 3 * day))
        history.record(at: 3 * day, shown: false)
        history.record(at: 4 * day, shown: false)
        XCTAssertTrue(history.downgrades(at: 5 * day))
        XCTAssertFalse(history.downgrades(at: 7 * day + day / 2))
    }

    /// Idle 18:00–23:00 UTC in Doze (maintenance window at 19:00); alert pushes at T = 18:30 whose
    /// handler finds nothing and shows nothing. The first arrives at T; every later one is
    /// delivered as normal priority and waits for 19:00. With `deprioritizeBelow: 0` none waits.
    func testUnseenHighPriorityPushesAreDeliveredAsNormal() {
        var world = TestWorlds.world(days: 10)
        world.server.updatesPerDay = 0
        world.user.idle = TimeWindows(
            (-1...10).map { day in
                let base = TestWorlds.start + Millis(day) * SimTime.day
                return (base + 18 * SimTime.hour, base + 23 * SimTime.hour)
            })
        world.android.doze = DozeSchedule()
        world.android.push.delivery = PushDelivery(delay: .fixed(0), drop: 0)
        let arm = TestWorlds.arm(.push, .android) { $0.pushKind = .alert }
        let run = DeviceRun(world, arm)
        XCTAssertEqual(run.outcomes, Array(repeating: .suppressed, count: 10))
        let arrivals = run.trace.kinds("push.arrived").map { $0.time - world.calendar.notifyTimes[$0.cycle ?? 0] }
        XCTAssertEqual(arrivals, [0] + Array(repeating: 30 * SimTime.minute, count: 9))
        world.android.push.deprioritizeBelow = 0
        XCTAssertEqual(
            DeviceRun(world, arm).trace.kinds("push.arrived").map {
                $0.time - world.calendar.notifyTimes[$0.cycle ?? 0]
            },
            Array(repeating: 0, count: 10))
    }

    /// Pushes whose handler shows a notification keep high priority: none waits for Doze.
    func testSeenPushesKeepHighPriority() {
        var world = TestWorlds.world(days: 10)
        world.user.idle = TimeWindows(
            (-1...10).map { day in
                let base = TestWorlds.start + Millis(day) * SimTime.day
                return (base + 18 * SimTime.hour, base + 23 * SimTime.hour)
            })
        world.android.doze = DozeSchedule()
        world.android.push.delivery = PushDelivery(delay: .fixed(0), drop: 0)
        let run = DeviceRun(world, TestWorlds.arm(.push, .android) { $0.pushKind = .alert })
        XCTAssertEqual(run.outcomes, Array(repeating: .fresh, count: 10))
        XCTAssertTrue(run.trace.kinds("push.held").isEmpty)
    }
}
