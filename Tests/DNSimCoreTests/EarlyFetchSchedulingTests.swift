import XCTest

@testable import DNSimCore

/// `earlyFetch: arm` schedules as a cron-only plugin (docs/model.md §2, resubmission): an app
/// open and the BG handler submit for the next `contentFetch` occurrence after now, whatever is
/// armed. (Before, an open skipped a cycle an early fetch had armed, as `cache` skips one whose
/// prefetch succeeded: `PluginRuntime.cycleNeedingPrefetch`.)
final class EarlyFetchSchedulingTests: XCTestCase {
    /// Launches 2 h after F (20:25, after T = 18:30 and its guard at 18:35): each fetch is early
    /// for the next day's cycle, which `arm` lets it decide. The next morning's open then finds
    /// that cycle armed, and submits for today's F all the same.
    static func world() -> WorldConfiguration {
        var world = TestWorlds.world(days: 30)
        world.ios.delay = .fixed(2 * SimTime.hour)
        world.user.appOpensPerDay = 2
        return world
    }

    static func arm(_ policy: EarlyFetchPolicy) -> Arm {
        TestWorlds.arm(.chained, .ios, label: policy.rawValue) { $0.earlyFetch = policy }
    }

    /// (time, cycle, earliestBeginDate, launch) of every submission at an instant where `kind` ran.
    static func submissions(_ run: DeviceRun, after kind: String) -> [(
        time: Millis, cycle: Int, earliest: Millis, launch: Millis
    )] {
        let times = Set(run.trace.kinds(kind).map(\.time))
        return run.trace.kinds("bg.submit").compactMap { entry in
            guard times.contains(entry.time), case .backgroundRequestSubmitted(let earliest, let launch) = entry.event
            else { return nil }
            return (entry.time, entry.cycle!, earliest, launch)
        }
    }

    func testArmSubmitsForTheNextContentFetchAfterNow() {
        let world = Self.world()
        let calendar = world.calendar
        var checked = 0, armedAtOpen = 0
        for device in 0..<4 {
            let arm = DeviceRun(world, Self.arm(.arm), device: device)
            for kind in ["app.open", "bg.run"] {
                for submit in Self.submissions(arm, after: kind) {
                    let next = calendar.firstCycle(withFetchAfter: submit.time)
                    XCTAssertEqual(submit.cycle, next, "device \(device) \(kind) at \(submit.time)")
                    XCTAssertEqual(submit.earliest, calendar.fetchTimes[next])
                    XCTAssertEqual(submit.launch, calendar.fetchTimes[next] + 2 * SimTime.hour)
                    checked += 1
                }
            }
            // Opens that found the cycle they submit for already armed by an early fetch.
            for submit in Self.submissions(arm, after: "app.open")
            where arm.trace.kinds("notification.armed").contains(where: {
                $0.cycle == submit.cycle && $0.time < submit.time
            }) {
                armedAtOpen += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
        XCTAssertGreaterThan(armedAtOpen, 20)
    }

    /// The hand-checked trace of one such morning. Day d − 1's request launches at 20:25 (F + 2 h)
    /// and its fetch, early for cycle d, decides it (`arm`): cycle d is armed with that content.
    /// The user opens the app on day d before 18:25: the open resubmits for F(d), launching at
    /// 20:25; the old rule submitted for F(d + 1), skipping the armed cycle.
    func testTheTraceOfAMorningOpen() throws {
        let world = Self.world()
        let calendar = world.calendar
        for device in 0..<10 {
            let arm = DeviceRun(world, Self.arm(.arm), device: device)
            for open in arm.trace.kinds("app.open") {
                let today = calendar.firstCycle(withFetchAfter: open.time)
                let evening = today > 0 ? calendar.fetchTimes[today - 1] + 2 * SimTime.hour : .max
                guard today < calendar.count, open.time > evening,
                    let armed = arm.trace.kinds("notification.armed").last(where: { $0.time < open.time }),
                    armed.cycle == today
                else { continue }
                // The evening before: the BG launch at F(d − 1) + 2 h fetched and armed cycle d.
                XCTAssertEqual(armed.time, evening)
                XCTAssertEqual(armed.event, .notificationArmed(fetchedContent: true))
                XCTAssertNotNil(arm.trace.kinds("bg.run").first { $0.time == evening })
                XCTAssertNotNil(arm.trace.kinds("fetch.done").first { $0.time == evening })
                // The open: a submission for F(d), not F(d + 1).
                let submit = try XCTUnwrap(Self.submissions(arm, after: "app.open").first { $0.time == open.time })
                XCTAssertEqual(submit.cycle, today)
                XCTAssertEqual(submit.earliest, calendar.fetchTimes[today])
                XCTAssertEqual(submit.launch, calendar.fetchTimes[today] + 2 * SimTime.hour)
                return
            }
        }
        XCTFail("no morning open after an early-armed cycle")
    }
}
