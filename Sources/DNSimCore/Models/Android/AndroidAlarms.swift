/// Android as the plugin sees it (docs/model.md §2): `AlarmManager` alarms run plugin
/// code at the fetch time and at T. With the exact-alarm permission they are
/// exact; without it AOSP delivers them within 75% of the time until the
/// trigger, at most an hour from API 31 (AlarmManagerService.maxTriggerTime;
/// `inexactWindow`). Standby buckets, background restriction and an OEM battery
/// manager hold an alarm when it comes due (`AndroidPowerGate`). In Doze a
/// `setExact` or inexact alarm waits for the next maintenance window
/// (`DozeSchedule`). A reboot clears every alarm; a `BOOT_COMPLETED`
/// receiver, if registered, re-arms them (a minute later by default).
public struct AndroidAlarms: PlatformModel {
    public typealias Push = FCMDelivery
    public static let platform = Platform.android
    public static let notificationsAreAlarms = true
    /// AlarmManager refuses an app's 501st concurrent alarm (AlarmManagerService's MAX_ALARMS_PER_UID).
    public static let pendingRequestLimit = 500

    let configuration: AndroidConfiguration
    let idle: TimeWindows
    let charging: TimeWindows
    let fetchEnabled: Bool
    /// The server's pushes wake the plugin instead of fetch alarms.
    let pushTriggered: Bool
    /// Exact alarms that Doze cannot defer fire exactly when set.
    let alwaysExact: Bool
    var pendingFetchAlarm: EventHandle?
    /// The cycle the pending fetch alarm is for, or -1.
    var pendingFetchCycle = -1
    /// The plugin armed the fetch alarm of a cycle past the simulated horizon:
    /// an alarm is pending, as on every other day, though it never fires here.
    var pendingPastHorizon = false
    public private(set) var alarmsLost = false
    /// `cancelDualSchedule` removed the schedule: nothing re-arms a fetch alarm until it is set up again.
    var fetchCancelled = false
    private var nextReboot = 0
    private var nextForceStop = 0
    /// Holds alarms that power management does not let run yet; inactive (one test) when no rule applies.
    var gate: AndroidPowerGate
    /// The app's jobs: the fetch's (`fetchWith: workManager`), or the expedited work an alarm's
    /// receiver hands its fetch to (`fetchIn: worker`); nil when there are none.
    var jobs: WorkManagerJobs?
    /// Whether an expedited hand-off can run past its quota here (`WorkManagerJobs.expeditedQuota`),
    /// decided at set-up: when it cannot, a fetch alarm leaves `jobs` untouched (mutating it through
    /// the optional copied the whole value at every alarm).
    let handOffQuotaBinds: Bool
    /// `fetchWith: workManager`: the pending fetch event is a job, not an alarm.
    let fetchIsJob: Bool
    /// The pending fetch event is the regular work a receiver's hand-off fell back to (expedited quota spent).
    var handOffIsPending = false
    /// Periodic work: androidx's next run time (`calculateNextRunTime`); nil until first enqueued.
    var periodicNext: Millis?
    /// A job a reboot cancelled, re-enqueued at BOOT_COMPLETED by WorkManager's `RescheduleReceiver`.
    var jobBeforeReboot: (cycle: Int, run: Millis, handOff: Bool)?
    /// When the pending fetch job runs.
    var pendingJobRun: Millis = .max

    public init(world: WorldConfiguration, schedulesFetch: Bool) {
        configuration = world.android
        idle = world.user.idle
        charging = world.user.charging
        fetchEnabled = world.plugin.fetchEnabled && schedulesFetch
        pushTriggered = !schedulesFetch
        alwaysExact =
            world.android.exactAlarmPermission && !(world.android.doze != nil && world.android.alarmKind == .setExact)
        gate = AndroidPowerGate(world.android, charging: world.user.charging)
        fetchIsJob = world.android.fetchWith == .workManager
        let handOff = !fetchIsJob && world.android.fetchIn == .worker && fetchEnabled
        jobs = fetchIsJob || handOff ? WorkManagerJobs(world: world, handOff: handOff) : nil
        handOffQuotaBinds = jobs?.expeditedQuota ?? false
    }

    public var notificationDelay: Distribution { configuration.notificationDelay }
    public var fetchPending: Bool { pendingFetchAlarm != nil }

    /// When an alarm set now for `time` really fires.
    @inline(__always)
    public func notificationFireTime(
        _ time: Millis, purpose: AlarmPurpose, cycle: Int, now: Millis, device: Int,
        random: KeyedRandom
    ) -> Millis {
        guard alwaysExact else {
            return deferredFireTime(time, purpose: purpose, cycle: cycle, now: now, device: device, random: random)
        }
        return time
    }

    /// Inexact delivery and Doze deferral, for alarms that are not always exact.
    private func deferredFireTime(
        _ time: Millis, purpose: AlarmPurpose, cycle: Int, now: Millis, device: Int,
        random: KeyedRandom
    ) -> Millis {
        var fire = time
        if !configuration.exactAlarmPermission {
            var window = Double(max(0, fire - now)) * configuration.inexactWindow
            if let cap = configuration.power.inexactCap { window = min(window, Double(cap)) }
            random.begin(
                device: device, source: .inexactAlarm, index: DrawIndex.inexactAlarm.make(cycle, purpose.rawValue))
            fire += Millis(random.uniform() * window)
        }
        let deferrable = configuration.alarmKind == .setExact || !configuration.exactAlarmPermission
        // Doze holds only an unplugged, idle phone; plugging it in ends Doze.
        if let doze = configuration.doze, deferrable { fire = doze.release(fire, idle: idle, charging: charging) }
        return fire
    }

    /// A guard alarm is armed with each cycle's fetch alarm. Woken by a push
    /// instead, the plugin arms the next cycle's guard, as it would with the
    /// next fetch alarm.
    public func guardsReach(
        from start: Int, firstUnresolved: Int, armedRequests: Int, until horizonEnd: Millis,
        calendar: CycleCalendar
    ) -> Int {
        let scheduled = pushTriggered ? firstUnresolved + 1 : max(pendingFetchCycle, firstUnresolved)
        return min(calendar.count, max(start, scheduled + 1))
    }

    public mutating func start(_ context: inout DeviceContext) {
        gate.begin(opens: context.user.opens, setup: context.calendar.start)
        jobs?.begin(opens: context.user.opens, setup: context.calendar.start)
        periodicNext = nil
        jobBeforeReboot = nil
        handOffIsPending = false
        if fetchIsJob, let telemetry = context.telemetry { telemetry.workConditions(workConditions(context)) }
        context.scheduleNext(context.user.reboots, cursor: &nextReboot, .reboot)
        context.scheduleNext(context.user.forceStops, cursor: &nextForceStop, .forceStop)
    }

    /// What holds this device's fetch job over the run, for telemetry (`WorkManagerJobs.eligible` reads the same).
    func workConditions(_ context: DeviceContext) -> WorkConditions {
        let start = context.calendar.start, end = context.runEnd, request = configuration.workManager
        let doze =
            request.expedited
            ? [] : configuration.doze?.heldPeriods(idle: idle, charging: charging, from: start, to: end) ?? []
        return WorkConditions(
            start: start, end: end, requiresCharging: request.requiresCharging,
            requiresNetwork: request.requiresNetwork,
            doze: doze, offline: context.user.offline, charging: charging)
    }

    public mutating func handle(_ event: DeviceEvent, firstUnresolved: Int, _ context: inout DeviceContext)
        -> PlatformReaction
    {
        switch event {
        case .forceStop:
            // Android's stopped state: AlarmManager removes the app's alarms; only an open re-arms.
            context.trace(.forceStop)
            // WorkManager's jobs go too; its ForceStopRunnable enqueues them again at the next open.
            jobBeforeReboot = nil
            if fetchIsJob { context.telemetry?.workCancelled(at: context.now) }
            clearAlarms(reboot: false, &context)
            context.scheduleNext(context.user.forceStops, cursor: &nextForceStop, .forceStop)
            return .alarmsCleared
        case .reboot:
            if fetchIsJob || handOffIsPending, pendingFetchAlarm != nil {
                jobBeforeReboot = (pendingFetchCycle, pendingJobRun, handOffIsPending)
            }
            handOffIsPending = false
            clearAlarms(reboot: true, &context)
            // WorkManager's own RescheduleReceiver takes BOOT_COMPLETED whatever the plugin registers.
            if configuration.rescheduleOnBoot || jobBeforeReboot != nil || fetchIsJob {
                context.schedule(at: context.now + configuration.bootCompletedDelay, .bootCompleted)
            }
            context.scheduleNext(context.user.reboots, cursor: &nextReboot, .reboot)
            return .alarmsCleared
        case .bootCompleted:
            // A stopped app's receivers get no broadcast: its alarms wait for the next open.
            if context.user.forceStopEnd(at: context.now) != nil {
                context.trace(.bootCompletedWhileStopped)
                return .nothing
            }
            if let job = jobBeforeReboot {
                jobBeforeReboot = nil
                if pendingFetchAlarm == nil {
                    handOffIsPending = job.handOff
                    scheduleJob(cycle: job.cycle, at: max(job.run, context.now), &context)
                }
            }
            guard configuration.rescheduleOnBoot else {
                context.trace(.workRescheduledAtBoot)
                return .nothing
            }
            context.trace(.bootCompleted)
            // After cancelDualSchedule the plugin has no schedule to re-arm.
            return rearm(firstUnresolved: firstUnresolved, armingFetch: !fetchCancelled, &context)
        case .fetchAlarm:
            pendingFetchAlarm = nil
            if fetchIsJob || handOffIsPending { return runJob(&context) }
            if gate.active, let later = gate.hold(now: context.now) {
                // Still pending: it runs when power management lets it, or at the next open's re-arm.
                if later < .max { pendingFetchAlarm = context.schedule(at: later, .fetchAlarm) }
                return .nothing
            }
            let cycle = pendingFetchCycle
            pendingFetchCycle = -1
            context.activity[.alarmWakeups] += 1
            context.trace(.fetchAlarmFires(alarm: configuration.firingAlarm))
            if handOffQuotaBinds, configuration.fetchIn == .worker, !jobs!.spendExpedited(now: context.now) {
                // Past the expedited quota the hand-off runs as regular work (OutOfQuotaPolicy's default).
                handOffIsPending = true
                scheduleJob(cycle: cycle, at: context.now, &context)
                return .nothing
            }
            return .fetchTaskRuns(budget: configuration.fetchBudget)
        default:
            preconditionFailure("Android raises no \(event) event")
        }
    }

    /// After a reboot, re-arming is all plugin code does when the app opens.
    public mutating func appOpened(firstUnresolved: Int, _ context: inout DeviceContext) -> PlatformReaction {
        alarmsLost ? rearm(firstUnresolved: firstUnresolved, armingFetch: true, &context) : .foreground
    }

    /// The messaging service's code re-arms what a reboot cleared, as an app open does.
    public mutating func wokenByPush(firstUnresolved: Int, _ context: inout DeviceContext) -> PlatformReaction {
        alarmsLost ? rearm(firstUnresolved: firstUnresolved, armingFetch: true, &context) : .nothing
    }

    /// Alarms survive until a reboot; re-arm only what is missing.
    public mutating func keepFetchScheduled(
        cycle: Int, source: RandomSource, index: Int, _ context: inout DeviceContext
    ) {
        guard pendingFetchAlarm == nil, !pendingPastHorizon else { return }
        armFetchAlarm(cycle: cycle, &context)
    }

    public mutating func scheduleFetch(cycle: Int, _ context: inout DeviceContext) {
        armFetchAlarm(cycle: cycle, &context)
    }

    public mutating func cancelFetch(_ context: inout DeviceContext) {
        if fetchIsJob { context.telemetry?.workCancelled(at: context.now) }
        if let pendingFetchAlarm { context.cancel(pendingFetchAlarm) }
        pendingFetchAlarm = nil
        pendingFetchCycle = -1
        pendingPastHorizon = false
        handOffIsPending = false
        fetchCancelled = true
        // Cancelling unique work deletes its WorkSpec: periodic work starts afresh when enqueued again.
        periodicNext = nil
        jobBeforeReboot = nil
    }

    public mutating func appForegrounded(_ context: inout DeviceContext) {}

    @inline(__always)
    public mutating func heldAlarm(now: Millis) -> Millis? {
        gate.active ? gate.hold(now: now) : nil
    }

    public mutating func scheduleFetch(earliest: Millis, cycle: Int, _ context: inout DeviceContext) {
        armFetchAlarm(cycle: cycle, earliest: earliest, &context)
        // The alarm serves no cycle of the schedule in force.
        pendingFetchCycle = -1
    }

    /// An alarm at the cycle's F plus the fetch alarm delay.
    mutating func armFetchAlarm(cycle: Int, _ context: inout DeviceContext) {
        armFetchAlarm(
            cycle: cycle, earliest: cycle < context.calendar.count ? context.calendar.fetchTimes[cycle] : nil, &context)
    }

    /// An alarm at `earliest` (none past the horizon) plus the fetch alarm delay.
    private mutating func armFetchAlarm(cycle: Int, earliest: Millis?, _ context: inout DeviceContext) {
        fetchCancelled = false
        if fetchIsJob { context.telemetry?.workCancelled(at: context.now) }
        if let pendingFetchAlarm { context.cancel(pendingFetchAlarm) }
        pendingFetchAlarm = nil
        pendingFetchCycle = -1
        handOffIsPending = false
        pendingPastHorizon = earliest.map { $0 > context.runEnd } ?? true
        guard let earliest, !pendingPastHorizon else { return }
        if fetchIsJob { return enqueueWork(cycle: cycle, earliest: earliest, &context) }
        let scheduled =
            max(earliest, context.now)
            + context.draw(configuration.fetchAlarmDelay, source: .fetchAlarmDelay, index: cycle)
        let fire = notificationFireTime(
            scheduled, purpose: .fetch, cycle: cycle, now: context.now, device: context.device,
            random: context.random)
        pendingFetchAlarm = context.schedule(at: fire, .fetchAlarm)
        pendingFetchCycle = cycle
        context.trace(.fetchAlarmSet(fire: fire), cycle: cycle)
    }

    /// WorkManager: the fetch work for `cycle`, from F (one-time work with its initial delay to F)
    /// or from androidx's next periodic run; its job runs once its constraints hold and Doze lets
    /// it (a regular job), then after the request's `delay`.
    private mutating func enqueueWork(cycle: Int, earliest: Millis, _ context: inout DeviceContext) {
        let request = configuration.workManager
        var start = max(earliest, context.now)
        var drawIndex = cycle
        if request.request == .periodic {
            let next = periodicNext ?? jobs!.firstPeriod(enqueuedAt: context.now, initialDelayTo: earliest)
            periodicNext = next
            start = max(next, context.now)
            drawIndex = jobs!.periodCount
        }
        let eligible = jobs!.eligible(
            start, regular: !request.expedited, offline: context.user.offline, runEnd: context.runEnd)
        let run = eligible + context.draw(request.delay, source: .workDelay, index: drawIndex)
        scheduleJob(cycle: cycle, at: run, &context)
        context.telemetry?.workEnqueued(at: context.now, earliestRun: start)
        context.trace(.workScheduled(run: run, periodic: request.request == .periodic), cycle: cycle)
    }

    private mutating func scheduleJob(cycle: Int, at run: Millis, _ context: inout DeviceContext) {
        pendingFetchAlarm = context.schedule(at: run, .fetchAlarm)
        pendingFetchCycle = cycle
        pendingJobRun = run
    }

    /// The fetch job comes due: a battery manager or background restriction holds it as an alarm;
    /// expedited work within its quota runs now; regular work (or expedited past its quota) waits
    /// out Doze and the standby sessions. Periodic work's next run is set as this one starts.
    private mutating func runJob(_ context: inout DeviceContext) -> PlatformReaction {
        let now = context.now
        let cycle = pendingFetchCycle
        let handOff = handOffIsPending
        handOffIsPending = false
        var expedited = false
        if !handOff && configuration.workManager.expedited {
            // Restrictions hold expedited work too; its own quota replaces the standby sessions.
            if jobs!.gate.active, let later = jobs!.gate.hold(now: now, quotas: false) {
                if later < .max { scheduleJob(cycle: cycle, at: later, &context) }
                return .nothing
            }
            expedited = jobs!.spendExpedited(now: now)
        }
        if !expedited {
            let eligible = jobs!.eligible(now, regular: true, offline: context.user.offline, runEnd: context.runEnd)
            if eligible > now {
                handOffIsPending = handOff
                scheduleJob(cycle: cycle, at: eligible, &context)
                return .nothing
            }
            if jobs!.gate.active, let later = jobs!.gate.hold(now: now) {
                handOffIsPending = handOff
                if later < .max { scheduleJob(cycle: cycle, at: later, &context) }
                return .nothing
            }
        }
        pendingFetchCycle = -1
        if fetchIsJob && configuration.workManager.request == .periodic { periodicNext = jobs!.nextPeriod(after: now) }
        context.trace(.workRuns(expedited: expedited))
        if fetchIsJob && !handOff { context.telemetry?.workRan(at: now) }
        guard alarmsLost else { return .fetchTaskRuns(budget: configuration.fetchBudget) }
        // The worker's code re-arms what a reboot cleared, as an app open's would.
        alarmsLost = false
        return .rearmedAndFetchTaskRuns(budget: configuration.fetchBudget)
    }

    /// A reboot (or a force stop) clears every alarm the plugin set.
    private mutating func clearAlarms(reboot: Bool, _ context: inout DeviceContext) {
        if reboot { context.activity[.reboots] += 1 }
        if let pendingFetchAlarm { context.cancel(pendingFetchAlarm) }
        pendingFetchAlarm = nil
        pendingFetchCycle = -1
        pendingPastHorizon = false
        handOffIsPending = false
        alarmsLost = true
        if reboot { context.trace(.reboot(rescheduleOnBoot: configuration.rescheduleOnBoot)) }
    }

    /// Plugin code (at BOOT_COMPLETED or an app open) re-arms the fetch alarm a reboot cleared.
    private mutating func rearm(firstUnresolved cycle: Int, armingFetch: Bool, _ context: inout DeviceContext)
        -> PlatformReaction
    {
        guard alarmsLost else { return .nothing }
        alarmsLost = false
        guard cycle < context.calendar.count else { return .nothing }
        if fetchEnabled && armingFetch && pendingFetchAlarm == nil { armFetchAlarm(cycle: cycle, &context) }
        return .alarmsRearmed
    }
}
