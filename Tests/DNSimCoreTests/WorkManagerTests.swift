import XCTest

@testable import DNSimCore

/// A WorkManager fetch (docs/model.md §2, Android WorkManager): one-time and periodic work on
/// JobScheduler, held by Doze, constraints and App Standby sessions, each rule against its closed form.
final class WorkManagerTests: XCTestCase {
    private func workWorld(
        days: Int, lead: Millis = 5 * SimTime.minute,
        configure: (inout WorkManagerConfiguration) -> Void = { _ in }
    ) -> WorldConfiguration {
        var world = TestWorlds.world(days: days, lead: lead)
        world.android.fetchWith = .workManager
        world.android.power.standbyBucket = .active
        configure(&world.android.workManager)
        return world
    }

    private func dailyWindows(days: Int, from: Int, to: Int) -> TimeWindows {
        TimeWindows(
            (-1...days).map { day in
                let base = TestWorlds.start + Millis(day) * SimTime.day
                return (base + Millis(from) * SimTime.hour, base + Millis(to) * SimTime.hour)
            })
    }

    /// One-time work with no delay, nothing holding it, runs at F as the exact alarm fires: every
    /// cycle's outcome, lateness and content age equal the alarm arm's on the same seed.
    func testOneTimeWorkWithNoDelayEqualsTheExactAlarm() {
        var alarm = TestWorlds.world(days: 40)
        alarm.fetch.latency = .exponential(mean: 2_000)
        alarm.fetch.failure = 0.1
        alarm.server.updatesPerDay = 1.5
        alarm.android.power.standbyBucket = .active
        var work = alarm
        work.android.fetchWith = .workManager
        for kind in [StrategyKind.independent, .chained] {
            let arm = TestWorlds.arm(kind, .android)
            let a = TestWorlds.run(alarm, arms: [arm], devices: 40).arms[0]
            let w = TestWorlds.run(work, arms: [arm], devices: 40).arms[0]
            for metric in RateMetric.allCases { XCTAssertEqual(w.rate(metric), a.rate(metric), "\(kind) \(metric)") }
            XCTAssertEqual(w.lateness.quantile(0.9), a.lateness.quantile(0.9), "\(kind)")
            XCTAssertEqual(w.contentAge.quantile(0.5), a.contentAge.quantile(0.5), "\(kind)")
        }
    }

    /// A job's start an exponential delay (mean m) after F: its fetch is in before T, and the
    /// independent timer fresh, with probability 1 − e^(−lead/m) (fetch latency 0, no failures).
    func testAnExponentialDelayGivesTheClosedFormFreshRate() {
        let lead = 5 * SimTime.minute
        var world = workWorld(days: 60, lead: lead) { $0.delay = .exponential(mean: Double(10 * SimTime.minute)) }
        world.fetch.failure = 0
        let result = TestWorlds.run(world, arms: [TestWorlds.arm(.independent, .android)], devices: 60).arms[0]
        let p = 1 - exp(-Double(lead) / Double(10 * SimTime.minute))
        XCTAssertEqual(result.rate(.fresh), p, accuracy: TestWorlds.tolerance(p: p, n: result.cycles))
    }

    /// Idle and unplugged 00:00–12:00 UTC with Doze's first maintenance window 12 h in: F at 07:55,
    /// T at 08:00. A regular job waits for the end of idle at 12:00, so the independent timer at T
    /// is never fresh; an allow-while-idle alarm (the default) fires at F and always is; expedited
    /// work within its quota runs in Doze too.
    func testARegularJobWaitsOutDozeWhileTheAllowWhileIdleAlarmDoesNot() {
        func world(_ fetchWith: AndroidFetchScheduler, expedited: Bool = false) -> WorldConfiguration {
            var world = WorldConfiguration(calendar: TestWorlds.dailyCalendar(days: 20, notifyMinute: 8 * 60))
            world.server.updatesPerDay = 50
            world.freshWithin = 5 * SimTime.minute
            world.user.idle = dailyWindows(days: 20, from: 0, to: 12)
            var doze = DozeSchedule()
            doze.firstIdle = 12 * SimTime.hour
            doze.maxIdle = 12 * SimTime.hour
            world.android.doze = doze
            world.android.power.standbyBucket = .active
            world.android.fetchWith = fetchWith
            world.android.workManager.expedited = expedited
            return world
        }
        let arm = TestWorlds.arm(.independent, .android)
        let job = DeviceRun(world(.workManager), arm)
        XCTAssertEqual(job.outcomes.filter { $0 == .fresh }.count, 0)
        for run in job.trace.kinds("work.run") {
            let hour = (run.time - TestWorlds.start) % SimTime.day
            XCTAssertEqual(hour, 12 * SimTime.hour, "a regular job runs as idle ends")
        }
        XCTAssertEqual(DeviceRun(world(.alarm), arm).outcomes, Array(repeating: .fresh, count: 20))
        XCTAssertEqual(
            DeviceRun(world(.workManager, expedited: true), arm).outcomes, Array(repeating: .fresh, count: 20))
    }

    /// `requiresCharging` with a charger 22:00–06:00: a job due at 18:25 runs at 22:00.
    func testRequiresChargingWaitsForTheCharger() {
        var world = workWorld(days: 10) { $0.requiresCharging = true }
        world.user.charging = dailyWindows(days: 10, from: 22, to: 30)
        let run = DeviceRun(world, TestWorlds.arm(.independent, .android))
        let runs = run.trace.kinds("work.run")
        XCTAssertGreaterThanOrEqual(runs.count, 9)
        for entry in runs { XCTAssertEqual((entry.time - TestWorlds.start) % SimTime.day, 22 * SimTime.hour) }
        XCTAssertEqual(run.outcomes.filter { $0 == .fresh }.count, 0)
    }

    /// Periodic work drifts: with a 24 h interval and each run 30 min late (its delay), the n-th run
    /// starts n × 30 min after its F: androidx counts each period from the last run, not from F.
    func testPeriodicWorkDriftsFromTheCronByEachRunsDelay() {
        let world = workWorld(days: 8) {
            $0.request = .periodic
            $0.repeatInterval = SimTime.day
            $0.delay = .fixed(30 * SimTime.minute)
        }
        let run = DeviceRun(world, TestWorlds.arm(.independent, .android))
        let starts = run.trace.kinds("work.run").map(\.time)
        XCTAssertGreaterThanOrEqual(starts.count, 6)
        for (n, start) in starts.enumerated() {
            let fetch = world.calendar.fetchTimes[0] + Millis(n) * SimTime.day
            XCTAssertEqual(start - fetch, Millis(n + 1) * 30 * SimTime.minute, "run \(n + 1)")
        }
    }

    /// Periodic work with flex: the first run waits `interval − flex` past its initial delay (androidx).
    func testPeriodicFlexDelaysOnlyTheFirstRun() {
        let world = workWorld(days: 4) {
            $0.request = .periodic
            $0.repeatInterval = 6 * SimTime.hour
            $0.flexInterval = 2 * SimTime.hour
        }
        let starts = DeviceRun(world, TestWorlds.arm(.independent, .android)).trace.kinds("work.run").map(\.time)
        XCTAssertEqual(starts.first, world.calendar.fetchTimes[0] + 4 * SimTime.hour)
        XCTAssertEqual(starts.dropFirst().first, world.calendar.fetchTimes[0] + 10 * SimTime.hour)
    }

    /// The rare bucket allows 3 job sessions a day (QuotaController): periodic work every 15 min runs
    /// 3 times in the first 24 h of a never-opened app once it has sunk to rare, not 96.
    func testStandbySessionsBoundJobsInTheRareBucket() {
        var world = workWorld(days: 6) {
            $0.request = .periodic
            $0.repeatInterval = 15 * SimTime.minute
        }
        world.android.power.standbyBucket = .rare
        let starts = DeviceRun(world, TestWorlds.arm(.independent, .android)).trace.kinds("work.run").map(\.time)
        let day = TestWorlds.start + 2 * SimTime.day
        let inDay = starts.filter { $0 >= day && $0 < day + SimTime.day }
        XCTAssertLessThanOrEqual(inDay.count, 3)
        XCTAssertGreaterThanOrEqual(inDay.count, 2)
    }

    /// A reboot does not lose WorkManager's job (its RescheduleReceiver re-enqueues it at
    /// BOOT_COMPLETED), where it loses the plugin's alarm unless the plugin re-arms on boot.
    func testWorkSurvivesARebootThatLosesAnAlarm() {
        var world = workWorld(days: 60)
        world.user.rebootsPerDay = 1
        var alarm = world
        alarm.android.fetchWith = .alarm
        let arm = TestWorlds.arm(.chained, .android)
        let work = TestWorlds.run(world, arms: [arm], devices: 20).arms[0]
        let lost = TestWorlds.run(alarm, arms: [arm], devices: 20).arms[0]
        XCTAssertGreaterThan(work.rate(.fresh), lost.rate(.fresh) + 0.2)
    }
}

/// The expedited quota (AOSP `QuotaController` `DEFAULT_EJ_LIMIT_*_MS` per 24 h), which expedited
/// work and an alarm receiver's hand-off (`fetchIn: worker`) spend.
final class ExpeditedQuotaTests: XCTestCase {
    /// Restricted: 5 min a day; each run charged the fetch's mean latency, 150 s: two runs fit in
    /// any 24 h, a third waits until the first leaves the window.
    func testTheRestrictedBucketAllowsTwoRunsOfTwoAndAHalfMinutesADay() {
        var world = TestWorlds.world(days: 3)
        world.android.power.standbyBucket = .restricted
        world.fetch.latency = .fixed(150_000)
        var jobs = WorkManagerJobs(world: world, handOff: true)
        jobs.begin(opens: [], setup: TestWorlds.start)
        let t0 = TestWorlds.start + SimTime.hour
        XCTAssertTrue(jobs.spendExpedited(now: t0))
        XCTAssertTrue(jobs.spendExpedited(now: t0 + SimTime.hour))
        XCTAssertFalse(jobs.spendExpedited(now: t0 + 2 * SimTime.hour))
        XCTAssertFalse(jobs.spendExpedited(now: t0 + SimTime.day - 1))
        XCTAssertTrue(jobs.spendExpedited(now: t0 + SimTime.day))
    }

    /// Before API 31 there are no expedited jobs (WorkManager uses a foreground service): no quota.
    func testNoQuotaBeforeAPI31() {
        var world = TestWorlds.world(days: 3)
        world.android.power.standbyBucket = .restricted
        world.android.power.apiLevel = 30
        world.fetch.latency = .fixed(300_000)
        var jobs = WorkManagerJobs(world: world, handOff: true)
        jobs.begin(opens: [], setup: TestWorlds.start)
        for hour in 0..<10 { XCTAssertTrue(jobs.spendExpedited(now: TestWorlds.start + Millis(hour) * SimTime.hour)) }
    }

    /// An alarm receiver's hand-off past the quota runs as regular work: in Doze it waits for the
    /// idle period's end. Restricted bucket, fetch latency 5 min (one run a day), two cycles a day
    /// in an idle period: the second fetch of each day is held to the end of idle.
    func testAHandOffPastItsQuotaWaitsOutDoze() {
        let days = 10
        var notify: [Millis] = []
        for day in 0..<days {
            let base = TestWorlds.start + Millis(day) * SimTime.day
            notify += [base + 2 * SimTime.hour, base + 4 * SimTime.hour]
        }
        let calendar = CycleCalendar(
            start: TestWorlds.start, notifyTimes: notify, fetchTimes: notify.map { $0 - 5 * SimTime.minute },
            followingNotifyTime: TestWorlds.start + Millis(days) * SimTime.day + 2 * SimTime.hour)
        var world = WorldConfiguration(calendar: calendar)
        world.server.updatesPerDay = 50
        world.fetch.latency = .fixed(300_000)
        world.user.idle = TimeWindows(
            (-1...days).map { day in
                let base = TestWorlds.start + Millis(day) * SimTime.day
                return (base, base + 8 * SimTime.hour)
            })
        var doze = DozeSchedule()
        doze.firstIdle = 12 * SimTime.hour
        world.android.doze = doze
        world.android.power.standbyBucket = .restricted
        let run = DeviceRun(world, TestWorlds.arm(.independent, .android))
        let regular = run.trace.kinds("work.run").map { ($0.time - TestWorlds.start) % SimTime.day }
        XCTAssertFalse(regular.isEmpty)
        XCTAssertTrue(regular.allSatisfy { $0 == 8 * SimTime.hour }, "\(regular)")
    }
}
