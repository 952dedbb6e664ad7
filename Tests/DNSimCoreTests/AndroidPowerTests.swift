import XCTest

@testable import DNSimCore

/// Android power management beyond Doze (docs/model.md §2, Android): the one-hour cap on inexact
/// alarms from API 31, App Standby Bucket quotas, background restriction and OEM battery managers.
final class AndroidPowerTests: XCTestCase {
    /// Inexact alarms only, and no bucket limit: the window alone decides when they fire.
    func inexactWorld(days: Int, apiLevel: Int, lead: Millis = 5 * SimTime.minute) -> WorldConfiguration {
        var world = TestWorlds.world(days: days, lead: lead)
        world.android.exactAlarmPermission = false
        world.android.power.apiLevel = apiLevel
        world.android.power.standbyBucket = .active
        return world
    }

    /// From API 31 (outside Doze) an independent notification alarm, armed about a day ahead,
    /// fires within an hour of T, and uniformly in [T, T + 1 h]: a Kolmogorov–Smirnov
    /// statistic against the uniform CDF below the 1% critical value 1.63/√n.
    func testFromAPI31NoInexactAlarmFiresMoreThanAnHourLateAndTheWindowIsUniform() {
        let world = inexactWorld(days: 200, apiLevel: 31)
        var late: [Double] = []
        for device in 0..<10 {
            let run = DeviceRun(world, TestWorlds.arm(.independent, .android), device: device)
            // The first cycle's alarm is armed at setup, less than a day ahead; the rest a day ahead.
            for record in run.cycles.dropFirst() {
                let lateness = record.lateness ?? -1
                XCTAssertTrue(
                    (0...SimTime.hour).contains(lateness), "device \(device) cycle \(record.cycle): \(lateness) ms")
                late.append(Double(lateness) / Double(SimTime.hour))
            }
        }
        late.sort()
        let n = Double(late.count)
        var d = 0.0
        for (index, u) in late.enumerated() {
            d = max(d, Double(index + 1) / n - u, u - Double(index) / n)
        }
        XCTAssertGreaterThan(late.count, 1900)
        XCTAssertLessThan(d, 1.63 / n.squareRoot(), "KS distance from the uniform CDF on [0, 1 h]")
    }

    /// At API 30 the window is still 75% of the time from arming to the trigger: armed 12 h
    /// before T, a notification fires up to 9 h late, and many fire more than an hour late.
    func testAtAPI30TheSeventyFivePercentRuleIsUnchanged() {
        var world = inexactWorld(days: 60, apiLevel: 30, lead: 12 * SimTime.hour)
        world.calendar = TestWorlds.dailyCalendar(days: 60, notifyMinute: 15 * 60 + 30, lead: 12 * SimTime.hour)
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android) { $0.guardPolicy = .none })
        var checked = 0, beyondAnHour = 0
        for record in run.cycles {
            let notify = world.calendar.notifyTimes[record.cycle]
            guard let armed = run.trace.kinds("notification.armed").last(where: { $0.cycle == record.cycle }),
                armed.time < notify
            else { continue }
            let window = Millis(0.75 * Double(notify - armed.time))
            XCTAssertTrue((0...window).contains(record.lateness ?? -1), "cycle \(record.cycle)")
            checked += 1
            if (record.lateness ?? 0) > SimTime.hour { beyondAnHour += 1 }
        }
        XCTAssertGreaterThan(checked, 10)
        XCTAssertGreaterThan(beyondAnHour, checked / 4, "no one-hour cap below API 31")
    }

    /// A chained device in the rare bucket (1 alarm per rolling hour), on battery, with `setExact`
    /// alarms (not exempt): the fetch alarm at F runs, so the notification alarm at T = F + 5 min
    /// waits until F + 1 h: every cycle shows 55 min late, with the content fetched at F.
    func rareWorld() -> WorldConfiguration {
        var world = TestWorlds.world(days: 30)
        world.android.alarmKind = .setExact
        world.android.power.standbyBucket = .rare
        world.freshWithin = 2 * SimTime.hour
        return world
    }

    func testARareBucketMovesTheNotificationAlarmToAnHourAfterTheFetchAlarm() {
        let run = DeviceRun(rareWorld(), TestWorlds.arm(.chained, .android))
        XCTAssertEqual(run.cycles.map(\.lateness), Array(repeating: 55 * SimTime.minute, count: 30))
        XCTAssertEqual(run.outcomes, Array(repeating: .fresh, count: 30))
        XCTAssertEqual(run.activity[.alarmWakeups], 60, "both alarms run, the second an hour after the first")
    }

    /// Plugged in all the time, App Standby is paroled: nothing is deferred.
    func testPluggedInNoAlarmIsDeferred() {
        var world = rareWorld()
        world.user.charging = TimeWindows([(TestWorlds.start - SimTime.day, TestWorlds.start + 40 * SimTime.day)])
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        XCTAssertEqual(run.cycles.map(\.lateness), Array(repeating: 0, count: 30))
    }

    /// `setAlarmClock` is exempt from the buckets (AOSP `isExemptFromAppStandby`); so, from API 31,
    /// is `setExactAndAllowWhileIdle` with the permission, but not at API 30.
    func testAlarmClocksAreExempt() {
        var world = rareWorld()
        world.android.alarmKind = .alarmClock
        XCTAssertEqual(
            DeviceRun(world, TestWorlds.arm(.chained, .android)).cycles.map(\.lateness), Array(repeating: 0, count: 30))
        world.android.alarmKind = .exactAllowWhileIdle
        XCTAssertEqual(
            DeviceRun(world, TestWorlds.arm(.chained, .android)).cycles.map(\.lateness), Array(repeating: 0, count: 30))
        world.android.power.apiLevel = 30
        XCTAssertEqual(
            DeviceRun(world, TestWorlds.arm(.chained, .android)).cycles.map(\.lateness),
            Array(repeating: 55 * SimTime.minute, count: 30))
    }

    /// The restricted bucket allows one alarm a day: each day's fetch alarm at F runs, and the
    /// notification alarm armed after it waits a day, until the next F, where the next fetch alarm
    /// (queued first) takes the day's one slot. That fetch completes in the next cycle's window, so
    /// it serves the next cycle, never the held one (docs/model.md §2, cycle windows): every cycle is
    /// missed, superseded, but the last, whose held alarm no later fetch alarm beats: it shows
    /// 1 d − 5 min late. (Before the attribution rule of 2026-12-03 the fetch served the held cycle,
    /// shown 1 d − 5 min late as `fresh`, and the cycle after it was missed.)
    func testTheRestrictedBucketAllowsOneAlarmADay() {
        var world = rareWorld()
        world.android.power.standbyBucket = .restricted
        world.plugin.fallbackBehavior = .skip
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        XCTAssertEqual(run.outcomes.dropLast(), Array(repeating: .missed, count: 29))
        XCTAssertEqual(run.cycles.last?.lateness, SimTime.day - 5 * SimTime.minute)
        let superseded = run.trace.kinds("cycle.missed").filter { $0.detail.contains("superseded") }
        XCTAssertEqual(
            superseded.map(\.cycle), (0..<29).map { Optional($0) }, "each superseded by the next cycle's fetch")
        XCTAssertEqual(run.activity[.alarmWakeups], 31, "30 fetch alarms, and the last cycle's notification alarm")
    }

    /// `fromUsage` follows AOSP AppStandbyController's elapsed-time thresholds.
    func testTheBucketFollowsTheTimeSinceTheLastOpen() {
        let hour = SimTime.hour
        XCTAssertEqual(AndroidStandbyBucket.fromAge(12 * hour - 1), .active)
        XCTAssertEqual(AndroidStandbyBucket.fromAge(12 * hour), .workingSet)
        XCTAssertEqual(AndroidStandbyBucket.fromAge(24 * hour), .frequent)
        XCTAssertEqual(AndroidStandbyBucket.fromAge(48 * hour - 1), .frequent)
        XCTAssertEqual(AndroidStandbyBucket.fromAge(48 * hour), .rare)
        XCTAssertEqual(AndroidStandbyBucket.fromAge(8 * SimTime.day), .restricted)
    }

    /// Never opened after setup, a `setExact` chained device follows usage: active, working set
    /// and frequent for its first two days (F and T both run: 2 per hour), rare from 48 h on
    /// (T waits until F + 1 h), restricted from 8 days (one alarm a day: T misses).
    func testFromUsageTheQuotaTightensAsTheAppGoesUnused() {
        var world = rareWorld()
        world.android.power.standbyBucket = .fromUsage
        world.plugin.fallbackBehavior = .skip
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        let setup = world.calendar.start
        for record in run.cycles {
            let age = record.notifyTime - setup
            switch AndroidStandbyBucket.fromAge(age) {
            case .active, .workingSet, .frequent: XCTAssertEqual(record.lateness, 0, "cycle \(record.cycle)")
            case .rare: XCTAssertEqual(record.lateness, 55 * SimTime.minute, "cycle \(record.cycle)")
            default: XCTAssertEqual(record.outcome, .missed, "cycle \(record.cycle)")
            }
        }
    }

    /// Background restriction: every alarm waits for the next open. A cycle with no open between
    /// its T and the next T is missed, for both local strategies. Independent timers show at the
    /// first open in that window; chained shows only at an open (its window closes at
    /// T + contentTimeout when no guard is armed, docs/model.md §2).
    func testBackgroundRestrictionMissesEveryCycleTheAppIsNotOpenedFor() {
        var world = TestWorlds.world(days: 120)
        world.user.appOpensPerDay = 0.7
        world.android.power.backgroundRestricted = true
        for kind in [StrategyKind.independent, .chained] {
            let run = DeviceRun(world, TestWorlds.arm(kind, .android))
            var shown = 0, missed = 0
            for record in run.cycles {
                let next = world.calendar.nextNotifyTime(after: record.cycle)
                if let lateness = record.lateness {
                    XCTAssertTrue(
                        run.user.opens.contains(record.notifyTime + lateness),
                        "\(kind) cycle \(record.cycle) shows at an open")
                    shown += 1
                }
                guard let open = run.user.opens.first(where: { $0 >= record.notifyTime && $0 < next }) else {
                    XCTAssertEqual(record.outcome, .missed, "\(kind) cycle \(record.cycle)")
                    missed += 1
                    continue
                }
                if kind == .independent {
                    XCTAssertEqual(record.lateness, open - record.notifyTime, "cycle \(record.cycle)")
                }
            }
            XCTAssertGreaterThan(shown, 20, "\(kind)")
            XCTAssertGreaterThan(missed, 20, "\(kind)")
        }
    }

    /// FCM still delivers to a background-restricted app: an alert push arm is unaffected.
    func testBackgroundRestrictionLeavesPushArmsUnaffected() {
        var world = TestWorlds.world(days: 60)
        world.user.appOpensPerDay = 0.7
        let arm = TestWorlds.arm(.push, .android) { $0.pushKind = .alert }
        let free = DeviceRun(world, arm)
        var restricted = world
        restricted.android.power.backgroundRestricted = true
        let held = DeviceRun(restricted, arm)
        XCTAssertEqual(held.cycles, free.cycles)
        XCTAssertGreaterThan(free.cycles.filter { $0.outcome == .fresh }.count, 50)
    }

    /// An OEM battery manager that stops the app after 3 days unused: never opened after setup
    /// (00:00), cycles 0–2 (T at 18:30 on days 0–2, under 72 h) show on time; from cycle 3 (90.5 h)
    /// every alarm is stopped and the cycle is missed.
    func testABatteryManagerStopsAlarmsAfterThreeDaysUnused() {
        var world = TestWorlds.world(days: 10)
        world.plugin.fallbackBehavior = .skip
        world.android.power.stopsAfterUnused = 3 * SimTime.day
        XCTAssertEqual(world.calendar.notifyTimes[2] - world.calendar.start, 66 * SimTime.hour + 30 * SimTime.minute)
        for kind in [StrategyKind.independent, .chained] {
            let run = DeviceRun(world, TestWorlds.arm(kind, .android))
            XCTAssertEqual(run.outcomes, [.fresh, .fresh, .fresh] + Array(repeating: .missed, count: 7), "\(kind)")
        }
    }

    /// An open lets the app run again: with one open on day 5, the battery manager's stop ends
    /// there, and cycles resume until 3 days after it.
    func testAnOpenRestartsTheAppStoppedByABatteryManager() {
        var world = TestWorlds.world(days: 12)
        world.user.appOpensPerDay = 0.25
        world.android.power.stopsAfterUnused = 3 * SimTime.day
        let run = DeviceRun(world, TestWorlds.arm(.independent, .android))
        var checked = 0
        for record in run.cycles {
            let last = run.user.opens.last(where: { $0 <= record.notifyTime }) ?? world.calendar.start
            if record.notifyTime - max(last, world.calendar.start) <= 3 * SimTime.day {
                XCTAssertEqual(record.lateness, 0, "cycle \(record.cycle)")
                checked += 1
            } else if let open = run.user.opens.first(where: { $0 > record.notifyTime }),
                open < world.calendar.nextNotifyTime(after: record.cycle)
            {
                XCTAssertEqual(record.lateness, open - record.notifyTime, "cycle \(record.cycle): shows at the open")
            } else {
                XCTAssertEqual(record.outcome, .missed, "cycle \(record.cycle)")
            }
        }
        XCTAssertGreaterThan(checked, 3)
    }
}
