/// Decides, when one of the app's alarms comes due, whether Android's power management lets it
/// run now or holds it, and until when (docs/model.md §2, Android): the user's background
/// restriction and an OEM battery manager hold it until the app's next open; an App Standby
/// Bucket's quota (on battery, API 28+) holds it until the quota allows it, or the next open
/// when the bucket follows usage. Inactive when no rule applies, so the hot path pays one test.
struct AndroidPowerGate {
    /// Whether any rule can hold an alarm.
    let active: Bool
    private let bucketsApply: Bool
    private let bucket: AndroidStandbyBucket
    private let backgroundRestricted: Bool
    private let stopsAfterUnused: Millis?
    private let charging: TimeWindows
    /// Jobs (JobScheduler sessions under `QuotaController`) rather than alarms (AlarmManager's quotas).
    private let forJobs: Bool
    /// The user's opens (sorted) and the setup instant, which counts as one.
    private var opens: [Millis] = []
    private var setup: Millis = .min
    /// The index of the first open after the time `hold` last asked about: its times mostly
    /// increase, so a cursor walks the opens once a device instead of a search a hold.
    private var openCursor = 0
    /// The latest deliveries counted against the bucket's quota, a ring of `Self.ring`.
    private var deliveries: [Millis] = []
    private var deliveryCount = 0
    /// Quotas that bind at a few alarms a day are at most 10 (working set); 720 (active) never does.
    static let ring = 10

    init(_ android: AndroidConfiguration, charging: TimeWindows) {
        let power = android.power
        // AOSP `isExemptFromAppStandby`: alarm clocks, and FLAG_ALLOW_WHILE_IDLE, which from API 31
        // only exact allow-while-idle alarms keep (inexact ones get FLAG_ALLOW_WHILE_IDLE_COMPAT).
        let exempt =
            android.exactAlarmPermission
            && (android.alarmKind == .alarmClock || (android.alarmKind == .exactAllowWhileIdle && power.apiLevel >= 31))
        bucketsApply = power.bucketsApply(exempt: exempt)
        bucket = power.standbyBucket
        backgroundRestricted = power.backgroundRestricted
        stopsAfterUnused = power.stopsAfterUnused
        self.charging = charging
        forJobs = false
        active = bucketsApply || backgroundRestricted || stopsAfterUnused != nil
    }

    /// The gate of the app's jobs: no job is exempt from App Standby (an expedited one has its own
    /// quota, `WorkManagerJobs`); background restriction and a battery manager hold jobs as alarms.
    init(jobsOf android: AndroidConfiguration, charging: TimeWindows) {
        let power = android.power
        bucketsApply = power.bucketsApply(exempt: false)
        bucket = power.standbyBucket
        backgroundRestricted = power.backgroundRestricted
        stopsAfterUnused = power.stopsAfterUnused
        self.charging = charging
        forJobs = true
        active = bucketsApply || backgroundRestricted || stopsAfterUnused != nil
    }

    /// The app's standby bucket at `now` (its set bucket, or the one its last open gives).
    func bucket(at now: Millis) -> AndroidStandbyBucket {
        bucket == .fromUsage ? AndroidStandbyBucket.fromAge(now - lastOpen(atOrBefore: now)) : bucket
    }

    /// A new device: its user's opens.
    mutating func begin(opens: [Millis], setup: Millis) {
        // A job gate keeps the opens also for `bucket(at:)` (the expedited quota's bucket).
        guard active || forJobs else { return }
        self.opens = opens
        self.setup = setup
        openCursor = 0
        deliveryCount = 0
        if bucketsApply && deliveries.isEmpty { deliveries = Array(repeating: .min, count: Self.ring) }
    }

    /// nil when an alarm due at `now` runs now (it is then counted against the quota); else the
    /// instant it is held until, `.max` when that is not within the run.
    /// `quotas: false` (an expedited job, which has its own quota) applies only the restrictions.
    mutating func hold(now: Millis, quotas: Bool = true) -> Millis? {
        let following = firstOpenIndex(after: now)
        let last = following > 0 ? max(opens[following - 1], setup) : setup
        let next = following < opens.count ? opens[following] : .max
        if last != now {
            if backgroundRestricted { return next }
            if let limit = stopsAfterUnused, now - last > limit { return next }
        }
        guard bucketsApply, quotas else { return nil }
        // Plugged in, App Standby is paroled: no quota (AOSP `mAppStandbyParole`).
        if !charging.contains(now) {
            let current = bucket == .fromUsage ? AndroidStandbyBucket.fromAge(now - last) : bucket
            let quota = forJobs ? current.jobSessions : current.quota
            if quota <= min(deliveryCount, Self.ring) {
                // The quota-th last delivery plus the window (AOSP `adjustDeliveryTimeBasedOnBucketLocked`;
                // for jobs `QuotaController`'s time until the oldest session in the window leaves it).
                let allowed =
                    deliveries[(deliveryCount - quota) % Self.ring]
                    + (forJobs ? current.jobWindow : current.quotaWindow)
                if allowed > now { return bucket == .fromUsage ? min(allowed, next) : allowed }
            }
        }
        deliveries[deliveryCount % Self.ring] = now
        deliveryCount += 1
        return nil
    }

    /// `opens.firstIndex(after: time)`, from the cursor (a search only when time went back).
    private mutating func firstOpenIndex(after time: Millis) -> Int {
        if openCursor > 0 && opens[openCursor - 1] > time {
            openCursor = opens.firstIndex(after: time)
            return openCursor
        }
        while openCursor < opens.count && opens[openCursor] <= time { openCursor += 1 }
        return openCursor
    }

    /// The last open at or before `time` (setup counts as one).
    private func lastOpen(atOrBefore time: Millis) -> Millis {
        let index = opens.firstIndex(after: time) - 1
        return index >= 0 ? max(opens[index], setup) : setup
    }
}
