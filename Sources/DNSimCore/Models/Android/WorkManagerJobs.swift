/// When a WorkManager plugin's fetch job runs (docs/model.md §2, Android WorkManager): androidx
/// WorkManager hands work to JobScheduler, whose job runs from its earliest time once its
/// constraints hold (charging, network), outside Doze (a regular job waits for a maintenance
/// window or the end of idle), within App Standby's `QuotaController` sessions, then after the
/// request's `delay`. Expedited work runs in Doze and outside the sessions while its own quota
/// lasts (API 31+), else as regular work (`OutOfQuotaPolicy.RUN_AS_NON_EXPEDITED_WORK_REQUEST`).
struct WorkManagerJobs {
    let request: WorkManagerConfiguration
    private let doze: DozeSchedule?
    private let idle: TimeWindows
    private let charging: TimeWindows
    /// Expedited jobs have a quota from API 31 (Android 12), where JobScheduler's expedited jobs begin;
    /// false also when no bucket's quota can bind (more runs a day than the ring holds), so the hot
    /// path neither reads the bucket nor keeps the ring.
    let expeditedQuota: Bool
    /// What each expedited run is charged against its quota: the fetch's mean latency (the
    /// scheduler decides before the runtime draws the fetch's own).
    private let expeditedCharge: Millis
    /// Background restriction, a battery manager and the standby sessions, for jobs.
    var gate: AndroidPowerGate
    /// The latest expedited runs, a ring of `Self.ring`: a quota of more runs a day never binds here.
    private var expeditedRuns: [Millis] = []
    private var expeditedCount = 0
    static let ring = 128
    /// Runs of periodic work so far (androidx `periodCount`).
    private(set) var periodCount = 0
    /// Whether any of this app's work is expedited (the request, or an alarm receiver's hand-off).
    private let expedites: Bool

    /// - Parameter handOff: an alarm's receiver hands each fetch to expedited work (`fetchIn: worker`).
    init(world: WorldConfiguration, handOff: Bool = false) {
        let android = world.android
        request = android.workManager
        expedites = handOff || android.workManager.expedited
        doze = android.doze
        idle = world.user.idle
        charging = world.user.charging
        let mean = world.fetch.latency.mean
        let charge = mean.isFinite ? Millis(min(max(mean, 1), Double(SimTime.day)).rounded(.up)) : SimTime.day
        expeditedCharge = charge
        expeditedQuota =
            android.power.apiLevel >= 31
            && AndroidStandbyBucket.allCases.contains { Int($0.expeditedLimit / charge) < Self.ring }
        gate = AndroidPowerGate(jobsOf: android, charging: world.user.charging)
    }

    mutating func begin(opens: [Millis], setup: Millis) {
        gate.begin(opens: opens, setup: setup)
        expeditedCount = 0
        periodCount = 0
        if expedites && expeditedRuns.isEmpty { expeditedRuns = Array(repeating: .min, count: Self.ring) }
    }

    /// The first instant at or after `time` when the job's constraints hold and Doze lets a
    /// `regular` job run (an expedited one within its quota is not held by Doze).
    func eligible(_ time: Millis, regular: Bool, offline: TimeWindows, runEnd: Millis) -> Millis {
        var time = time
        for _ in 0..<64 {
            var moved = time
            if request.requiresCharging { moved = charging.nextInside(moved) ?? max(runEnd, moved) }
            if request.requiresNetwork { moved = offline.nextOutside(moved) }
            if regular, let doze { moved = doze.release(moved, idle: idle, charging: charging) }
            if moved == time { return time }
            time = moved
        }
        return time
    }

    /// Whether an expedited run at `now` is within the app's expedited quota; counts it when it is.
    mutating func spendExpedited(now: Millis) -> Bool {
        guard expeditedQuota else { return true }
        let limit = gate.bucket(at: now).expeditedLimit
        let allowed = Int(limit / expeditedCharge)
        if allowed < Self.ring && allowed <= min(expeditedCount, Self.ring) {
            // The allowed-th last run is still within the 24 h window: the quota is spent.
            if expeditedRuns[(expeditedCount - allowed) % Self.ring] + SimTime.day > now { return false }
        }
        expeditedRuns[expeditedCount % Self.ring] = now
        expeditedCount += 1
        return true
    }

    /// The next periodic run after a run that started at `now` (androidx `calculateNextRunTime`:
    /// the last enqueue, which WorkManager resets as a run ends, plus the interval; the model
    /// takes the run's start, a fetch lasting seconds).
    mutating func nextPeriod(after now: Millis) -> Millis {
        periodCount += 1
        return now + request.repeatInterval
    }

    /// The first periodic run of work enqueued at `now` with an initial delay to `first`:
    /// with a flex shorter than the interval it waits `interval − flex` more (`calculateNextRunTime`).
    func firstPeriod(enqueuedAt now: Millis, initialDelayTo first: Millis) -> Millis {
        max(first, now) + (request.repeatInterval - request.flex)
    }
}
