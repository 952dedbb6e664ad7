import XCTest

@testable import DNSimCore

/// `onNews` (docs/model.md §2, notify on news): the podcast app's NewEpisodes pattern, measured per server update.
final class OnNewsTests: XCTestCase {
    static let interval = 6 * SimTime.hour

    /// A world where the pattern's request always runs exactly `interval` after the previous run: no delay, never
    /// dropped, idle all run long (a processing task's condition), online, an instant fetch and display, an Android app
    /// in the `active` bucket (unopened, it would sink to buckets whose job quotas skip runs). 6 days keep iOS's rule
    /// that a processing request of an app unused for a week is not run out of the closed form.
    static func world(freshWithin: Millis) -> WorldConfiguration {
        var world = TestWorlds.world(days: 6)
        world.freshWithin = freshWithin
        world.ios.delay = .fixed(0)
        world.ios.never = 0
        world.android.power.standbyBucket = .active
        world.user.idle = TimeWindows([(TestWorlds.start, TestWorlds.start + 30 * SimTime.day)])
        return world
    }

    /// Runs at setup + k·interval; a Poisson update lands at a uniform phase within its interval and waits U·interval
    /// for the next run, so P(shown within f) = f / interval for f ≤ interval, on both platforms. Updates after the
    /// last run are left out (they are `missed`: the run ends first). Updates are independent given the schedule,
    /// which is the same on every device: the binomial tolerance holds (z = 4).
    func testShareWithinFreshWithinIsTheUniformPhaseClosedForm() {
        for platform in [Platform.ios, .android] {
            for fresh in [2 * SimTime.hour, 9 * SimTime.hour / 2] {
                let world = Self.world(freshWithin: fresh)
                let lastRun =
                    TestWorlds.start + (world.calendar.followingNotifyTime - TestWorlds.start) / Self.interval
                    * Self.interval
                var within = 0, updates = 0, missedAfterLastRun = 0
                for device in 0..<150 {
                    let run = DeviceRun(world, TestWorlds.arm(.onNews, platform), device: device)
                    for record in run.cycles {
                        guard record.notifyTime <= lastRun else {
                            if record.outcome == .missed { missedAfterLastRun += 1 }
                            continue
                        }
                        updates += 1
                        XCTAssertNotEqual(
                            record.outcome, .missed, "\(platform): an update before the last run is shown")
                        if record.outcome == .fresh { within += 1 }
                        XCTAssertEqual(record.outcome == .fresh, record.lateness! <= fresh)
                    }
                    XCTAssertEqual(run.cycles.count, run.activity[.updates], "one record per update")
                    XCTAssertEqual(run.log.updateDelays.count, run.cycles.filter { $0.shownAt != nil }.count)
                    XCTAssertEqual(run.activity[.lostUpdates], 0)
                }
                let p = Double(fresh) / Double(Self.interval)
                let share = Double(within) / Double(updates)
                print(
                    "onNews \(platform) freshWithin \(SimTime.seconds(fresh)) s: within", share, "closed form", p, "of",
                    updates)
                XCTAssertEqual(share, p, accuracy: TestWorlds.tolerance(p: p, n: Int64(updates)))
                XCTAssertGreaterThan(missedAfterLastRun, 0)
            }
        }
    }

    /// A later post replaces the item's earlier notification before the user saw it (Scheduled Summary holds
    /// both): the earlier one's updates are missed, the later one's shown at the summary.
    func testAReplacedNotificationsUpdatesAreMissed() {
        var world = Self.world(freshWithin: SimTime.day)
        world.server.starredPlans = 1
        world.server.updatesPerDay = 20
        // One summary a day at 20:00: every run's post waits for it, and the day's later posts replace earlier ones.
        world.user.summaryTimes = (0..<7).map { TestWorlds.start + Millis($0) * SimTime.day + 20 * SimTime.hour }
        let run = DeviceRun(world, TestWorlds.arm(.onNews, .ios))
        let shown = run.cycles.filter { $0.shownAt != nil }
        XCTAssertFalse(shown.isEmpty)
        XCTAssertTrue(shown.allSatisfy { world.user.summaryTimes.contains($0.shownAt!) })
        XCTAssertGreaterThan(run.cycles.filter { $0.outcome == .missed }.count, run.cycles.count / 3)
        XCTAssertEqual(run.activity[.lostUpdates], run.activity[.acked] - shown.count)
        // Each post is traced at the moment it is seen, with its item's copy.
        let posts = run.trace.kinds("news.shown")
        XCTAssertFalse(posts.isEmpty)
        XCTAssertTrue(posts.allSatisfy { world.user.summaryTimes.contains($0.time) && $0.title != nil })
    }

    /// `updates_fresh` is every strategy's: an onNews arm's equals its `fresh` count (its records are its updates);
    /// a cycle arm's counts the update delays within `freshWithin`, over the same updates.
    func testUpdatesFreshIsEveryStrategysPerUpdateMeasure() throws {
        let world = Self.world(freshWithin: 2 * SimTime.hour)
        for platform in [Platform.ios, .android] {
            let onNews = DeviceRun(world, TestWorlds.arm(.onNews, platform))
            XCTAssertEqual(onNews.activity[.updatesFresh], onNews.cycles.filter { $0.outcome == .fresh }.count)
            let chained = DeviceRun(world, TestWorlds.arm(.chained, platform))
            XCTAssertEqual(
                chained.activity[.updatesFresh], chained.log.updateDelays.filter { $0 <= 2 * SimTime.hour }.count)
            XCTAssertEqual(chained.activity[.updates], onNews.activity[.updates])
        }
        let result = TestWorlds.run(
            world, arms: [TestWorlds.arm(.onNews, .ios), TestWorlds.arm(.chained, .ios)], devices: 30)
        let rate = try XCTUnwrap(SummaryColumns.named("updates_fresh_rate"))
        XCTAssertEqual(try XCTUnwrap(rate.value(result.arms[0], days: 6)), result.arms[0].rate(.fresh), accuracy: 1e-12)
        XCTAssertEqual(rate.direction, .higherIsBetter)
        // The last columns every report writes (`within_age`'s follow only with `metrics.maxContentAge`).
        XCTAssertEqual(
            SummaryColumns.names.prefix(SummaryColumns.withinAgeStart).suffix(5),
            [
                "updates_fresh", "updates_fresh_rate", "updates_fresh_ci_low", "updates_fresh_ci_high",
                "updates_fresh_half_width",
            ])
    }

    /// The pattern's requests and jobs serve no cycle: the trace tags none of its entries with one, and its sentences
    /// name the request or the work alone (a submission number printed as "cycle N" read as a notification time it has not).
    func testTheTraceNamesNoCycle() {
        let world = Self.world(freshWithin: SimTime.hour)
        for platform in [Platform.ios, .android] {
            let run = DeviceRun(world, TestWorlds.arm(.onNews, platform))
            let requests = run.trace.kinds(platform == .ios ? "bg.submit" : "work.set")
            XCTAssertGreaterThan(requests.count, 3, "\(platform)")
            XCTAssertTrue(run.trace.entries.allSatisfy { $0.cycle == nil }, "\(platform)")
            XCTAssertTrue(
                run.trace.entries.allSatisfy { !$0.detail.contains("cycle") },
                "\(platform): \(run.trace.entries.map(\.detail).filter { $0.contains("cycle") }.prefix(3))")
            let first = requests[0].detail
            XCTAssertTrue(
                first.hasPrefix(
                    platform == .ios ? "BG request, earliestBeginDate" : "periodic fetch work: its job runs at"), first)
        }
        // A cron arm's requests still name the cycle they serve.
        let chained = DeviceRun(world, TestWorlds.arm(.chained, .ios))
        XCTAssertTrue(
            chained.trace.kinds("bg.submit").allSatisfy { $0.cycle != nil && $0.detail.contains("for cycle ") })
    }

    /// Arms measured per update are not paired with cycle arms; two onNews arms on one platform are.
    func testPairsKeepTheirUnit() {
        let world = Self.world(freshWithin: SimTime.hour)
        let arms = [
            TestWorlds.arm(.chained, .ios), TestWorlds.arm(.independent, .ios), TestWorlds.arm(.onNews, .ios),
            TestWorlds.arm(.onNews, .ios, label: "onNews-12h") { $0.newsInterval = 12 * SimTime.hour },
        ]
        let plan = SimulationPlan(world: world, arms: arms, seed: 3, devices: 20)
        XCTAssertEqual(plan.pairs.map { [$0.0, $0.1] }, [[0, 1], [2, 3]])
        let result = TestWorlds.run(world, arms: arms, devices: 20, seed: 3)
        XCTAssertEqual(result.pairs.count, 2)
        XCTAssertEqual(result.arms[2].cycles, result.arms[3].cycles, "both onNews arms count the same updates")
        XCTAssertNotEqual(result.arms[0].cycles, result.arms[2].cycles)
    }
}
