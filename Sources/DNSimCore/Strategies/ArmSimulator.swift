/// Simulates one arm (a strategy on a platform) for one device at a time.
///
/// It drives the event kernel with the platform's rules (SPEC §2): plugin
/// code runs only at setup, at app opens, when a background task or alarm
/// launches, and when its own fetch finishes. Notifications armed on iOS
/// display with the content they were armed with; no code runs at T there.
/// The strategy-specific handlers live in `IndependentTimers.swift` and
/// `ChainedFetch.swift`.
///
/// One instance per worker and arm, reused across devices.
public final class ArmSimulator {
    enum Event {
        case setup
        case appOpen(key: Int)
        /// iOS: the user swipes the app away; BG tasks stop until the next open.
        case forceQuit
        /// Android: the phone reboots; every alarm is cleared.
        case reboot
        /// Android: BOOT_COMPLETED reaches the plugin's receiver, if it registered one.
        case bootCompleted
        case backgroundLaunch
        case fetchAlarm
        case fetchFinished(cycle: Int, failure: FetchFailure?)
        /// An armed request (iOS) or notification alarm (Android) for the cycle's T.
        case notificationDue(cycle: Int)
        /// The cycle's display window closes: its guard fires, or it is missed.
        case deadline(cycle: Int)

        /// Kind and cycle folded into one word, for the trajectory fingerprint.
        var code: UInt64 {
            switch self {
            case .setup: 1 << 56
            case .appOpen: 2 << 56
            case .forceQuit: 3 << 56
            case .reboot: 9 << 56
            case .bootCompleted: 10 << 56
            case .backgroundLaunch: 4 << 56
            case .fetchAlarm: 5 << 56
            case .fetchFinished(let cycle, let failure): 6 << 56 | UInt64(failure == nil ? 0 : 1) << 48 | UInt64(cycle) << 8
            case .notificationDue(let cycle): 7 << 56 | UInt64(cycle) << 8
            case .deadline(let cycle): 8 << 56 | UInt64(cycle) << 8
            }
        }
    }

    enum FetchFailure: String {
        case network = "network error"
        case budgetExpired = "run budget expired"
        case unauthorized = "401: every JWT in the pool has expired"
        case offline = "the phone is offline"
    }

    /// What the chained strategy has armed for the earliest unresolved cycle.
    enum ArmedRequest {
        case cachedContent
        case fallback
    }

    public let arm: Arm
    public let world: WorldConfiguration
    let calendar: CycleCalendar
    let strategy: StrategyConfiguration
    let random: KeyedRandom
    let server: ServerModel
    let user: UserActivity
    let queue = EventQueue<Event>()
    // Strong references: nothing here points back, and a weak load costs on every cycle.
    public var observer: SimulationObserver?
    public var tracer: TraceSink?
    /// How trace details print instants (the trace command sets local time).
    public var formatTime: (Millis) -> String = { "t=\($0)ms" }

    // Plugin and platform state of the current device.
    var device = 0
    var firstUnresolved = 0
    var acked: Int64 = 0
    var cache: NotificationContent?
    var armed: ArmedRequest?
    var armedHandle: EventHandle?
    var emptyFetchCycle = -1
    var pendingBackgroundRequest: EventHandle?
    var pendingFetchAlarm: EventHandle?
    var pendingFetchAlarmCycle = -1
    var guardsThrough = 0
    var cancelledGuardCycle = -1
    var attemptCycle = -1
    var attemptCount = 0
    var lastFetchEnd: Millis = .min
    var tokenExpiry: Millis = .max
    var forceQuitted = false
    var nextOpen = 0
    var nextForceQuit = 0
    var nextReboot = 0
    var lastOpen: Millis = .min
    /// Android: a reboot cleared the alarms and nothing has re-armed them yet.
    var alarmsLost = false
    var dueHandle: EventHandle?
    /// What chained had armed when a reboot cleared it, to re-arm from the cache.
    var lostArmed: ArmedRequest?
    var activity = DeviceActivity()
    let runEnd: Millis
    /// Events handled since this simulator was made, for the benchmark.
    public private(set) var eventsHandled = 0

    /// `server` and `user` hold the device's world, shared by every arm; the caller resets them per device.
    public init(arm: Arm, world: WorldConfiguration, random: KeyedRandom, server: ServerModel, user: UserActivity) {
        self.arm = arm
        self.world = world
        self.calendar = world.calendar
        self.strategy = arm.strategy
        self.random = random
        self.server = server
        self.user = user
        self.runEnd = world.calendar.followingNotifyTime
    }

    /// Runs one device from setup until every cycle is resolved.
    /// The caller resets the shared `ServerModel` and `UserActivity` to the device first.
    public func run(device: Int) -> DeviceActivity {
        self.device = device
        firstUnresolved = 0
        acked = 0
        cache = nil
        armed = nil
        armedHandle = nil
        emptyFetchCycle = -1
        pendingBackgroundRequest = nil
        pendingFetchAlarm = nil
        pendingFetchAlarmCycle = -1
        guardsThrough = 0
        cancelledGuardCycle = -1
        attemptCycle = -1
        attemptCount = 0
        lastFetchEnd = .min
        tokenExpiry = .max
        forceQuitted = false
        activity = DeviceActivity()
        nextOpen = 0
        nextForceQuit = 0
        nextReboot = 0
        lastOpen = calendar.start
        alarmsLost = false
        dueHandle = nil
        lostArmed = nil
        queue.reset(now: calendar.start)

        queue.schedule(at: calendar.start, .setup)
        scheduleNextAppOpen()
        if arm.platform == .ios { scheduleNextForceQuit() } else { scheduleNextReboot() }
        openCycle()
        var trajectory: UInt64 = 0xCBF2_9CE4_8422_2325
        while firstUnresolved < calendar.count, let (time, event) = queue.next() {
            trajectory = (trajectory ^ UInt64(bitPattern: time) ^ event.code) &* 0x0000_0100_0000_01B3
            handle(event)
            eventsHandled += 1
        }
        activity.trajectory = trajectory
        activity.updates = server.updateCount(before: runEnd)
        return activity
    }

    var now: Millis { queue.now }

    private func handle(_ event: Event) {
        switch event {
        case .setup:
            trace("setup", "scheduleDualNotification: \(arm.name)")
            pluginCodeRuns(resubmitKey: .backgroundRequestAtOpen, keyIndex: -1)
        case .appOpen(let key):
            activity.appOpens += 1
            trace("app.open", "user opens the app")
            pluginCodeRuns(resubmitKey: .backgroundRequestAtOpen, keyIndex: key)
            scheduleNextAppOpen()
        case .forceQuit:
            forceQuitted = true
            if let pending = pendingBackgroundRequest { queue.cancel(pending) }
            pendingBackgroundRequest = nil
            trace("app.forceQuit", "user force-quits the app: no BG task runs until the next open")
            scheduleNextForceQuit()
        case .reboot:
            rebootClearsAlarms()
            scheduleNextReboot()
        case .bootCompleted:
            trace("boot.completed", "BOOT_COMPLETED: the plugin re-arms its alarms")
            rearmAndroidAlarms()
        case .backgroundLaunch:
            pendingBackgroundRequest = nil
            if let limit = world.ios.inactiveAfter, now - lastOpen > limit {
                trace("bg.dropped", "the app was not opened for \(SimTime.seconds(limit) / 86_400) days: iOS stops launching its BG tasks")
                return
            }
            activity.backgroundRuns += 1
            trace("bg.run", "BGTaskScheduler launches the \(world.ios.taskKind.rawValue) task")
            fetchTaskRuns(budget: world.ios.budget)
        case .fetchAlarm:
            pendingFetchAlarm = nil
            pendingFetchAlarmCycle = -1
            activity.alarmWakeups += 1
            trace("alarm.fetch", "exact fetch alarm fires")
            fetchTaskRuns(budget: nil)
        case .fetchFinished(let cycle, let failure):
            fetchFinished(cycle: cycle, failure: failure)
        case .notificationDue(let cycle):
            if arm.platform == .android { activity.alarmWakeups += 1 }
            switch strategy.kind {
            case .independent: independentNotificationDue(cycle: cycle)
            case .chained: chainedNotificationDue(cycle: cycle)
            }
        case .deadline(let cycle):
            switch strategy.kind {
            case .independent:
                if cycle == firstUnresolved { resolveUnshown(cycle: cycle, outcome: .missed, why: "no notification alarm was armed (a reboot cleared it)") }
            case .chained: chainedDeadline(cycle: cycle)
            }
        }
    }

    // MARK: Moments plugin code runs

    /// Setup and app opens: re-arm, resubmit (SPEC §2).
    private func pluginCodeRuns(resubmitKey: RandomSource, keyIndex: Int) {
        forceQuitted = false
        lastOpen = now
        if let lifetime = world.user.tokenLifetime {
            // configureNativeFetcher hands over a fresh JWT pool.
            tokenExpiry = now + lifetime
        }
        if arm.platform == .android && alarmsLost {
            rearmAndroidAlarms()
            return
        }
        if strategy.kind == .chained { armGuards() }
        guard world.plugin.fetchEnabled else { return }
        let cycle = firstUnresolved
        switch arm.platform {
        case .ios:
            // An app open resubmits for the earliest unresolved cycle, whose F may be past.
            submitBackgroundRequest(cycle: cycle, source: resubmitKey, index: keyIndex)
        case .android:
            // Alarms survive until a reboot; re-arm only what is missing.
            if pendingFetchAlarm == nil { armFetchAlarm(cycle: cycle) }
        }
    }

    /// A BG task (iOS) or fetch alarm (Android) runs: resubmit, re-arm, fetch.
    private func fetchTaskRuns(budget: Millis?) {
        let served = firstUnresolved
        guard served < calendar.count else { return }
        let next = calendar.firstCycle(from: served, withFetchAfter: now)
        switch arm.platform {
        case .ios: submitBackgroundRequest(cycle: next, source: .backgroundRequestForCycle, index: next)
        case .android: armFetchAlarm(cycle: next)
        }
        if strategy.kind == .chained { armGuards() }
        startFetch(serving: served, budget: budget)
    }

    // MARK: Platform models

    /// iOS: one pending app-refresh request per identifier; each submission
    /// replaces the last and gets its own draw: never run, or run `delay`
    /// after max(earliestBeginDate, now).
    private func submitBackgroundRequest(cycle: Int, source: RandomSource, index: Int) {
        if let pending = pendingBackgroundRequest {
            queue.cancel(pending)
            pendingBackgroundRequest = nil
        }
        guard cycle < calendar.count, !forceQuitted else { return }
        let earliest = calendar.fetchTimes[cycle]
        random.begin(device: device, source: source, index: index)
        if random.bernoulli(world.ios.never) {
            trace("bg.submit", "BG request for cycle \(cycle + 1) submitted; the OS will never run it", cycle: cycle)
            return
        }
        let launch = deferredLaunch(max(earliest, now) + random.duration(world.ios.delay))
        pendingBackgroundRequest = queue.schedule(at: launch, .backgroundLaunch)
        if tracer != nil {
            trace("bg.submit", "BG request for cycle \(cycle + 1), earliestBeginDate \(formatTime(earliest)); "
                + "the OS will launch it at \(formatTime(launch))", cycle: cycle)
        }
    }

    /// Android: an exact alarm at the cycle's F plus the alarm delay.
    private func armFetchAlarm(cycle: Int) {
        if let pending = pendingFetchAlarm { queue.cancel(pending) }
        pendingFetchAlarm = nil
        pendingFetchAlarmCycle = -1
        guard cycle < calendar.count else { return }
        let fire = alarmFireTime(max(calendar.fetchTimes[cycle], now)
            + draw(world.android.fetchAlarmDelay, source: .fetchAlarmDelay, index: cycle), purpose: 0, cycle: cycle)
        pendingFetchAlarm = queue.schedule(at: fire, .fetchAlarm)
        pendingFetchAlarmCycle = cycle
        if tracer != nil {
            trace("alarm.set", "fetch alarm for cycle \(cycle + 1) at \(formatTime(fire))", cycle: cycle)
        }
    }

    /// The fetcher: latency and failure keyed by the cycle served and the attempt.
    private func startFetch(serving cycle: Int, budget: Millis?) {
        if attemptCycle != cycle {
            attemptCycle = cycle
            attemptCount = 0
        }
        random.begin(device: device, source: .fetchAttempt, index: cycle << 16 | min(attemptCount, 0xFFFF))
        attemptCount += 1
        activity.fetches += 1
        let failed = random.bernoulli(world.fetch.failure)
        let latency = random.duration(world.fetch.latency)
        let failure: FetchFailure?
        let end: Millis
        if let budget, latency > budget {
            failure = .budgetExpired
            end = now + budget
        } else if user.offline.contains(now) {
            failure = .offline
            end = now + latency
        } else if now >= tokenExpiry {
            failure = .unauthorized
            end = now + latency
        } else {
            failure = failed ? .network : nil
            end = now + latency
        }
        trace("fetch.start", "POST plansLastUpdatedBetween (afterId \(acked)) serving cycle \(cycle + 1)", cycle: cycle)
        queue.schedule(at: end, .fetchFinished(cycle: cycle, failure: failure))
    }

    private func fetchFinished(cycle: Int, failure: FetchFailure?) {
        lastFetchEnd = now
        if let failure {
            trace("fetch.fail", "fetch failed (\(failure.rawValue)); ack stays at \(acked)", cycle: cycle)
            switch strategy.kind {
            case .independent: break
            case .chained: chainedFetchFailed(cycle: cycle)
            }
            return
        }
        let answer = server.updates(after: acked, through: now)
        guard answer.count > 0 else {
            trace("fetch.empty", "fetch succeeded with no updates", cycle: cycle)
            switch strategy.kind {
            case .independent: independentFetchEmpty(cycle: cycle)
            case .chained: chainedFetchEmpty(cycle: cycle)
            }
            return
        }
        var content = NotificationContent(
            isFallback: false, fetchedAt: now, updatesAfter: acked, updatesThrough: answer.last,
            updateCount: answer.count)
        activity.acked += answer.count
        acked = answer.last
        // carryUnshown: updates fetched earlier and never shown join this notification.
        if strategy.carryUnshown, let previous = cache, !previous.shown, previous.updatesThrough == content.updatesAfter {
            content.updatesAfter = previous.updatesAfter
            content.updateCount += previous.updateCount
        }
        if tracer != nil {
            let copy = self.copy(of: content)
            trace("fetch.done", "fetch returned \(answer.count) update(s); ack moves to \(acked); cached: \(copy.title) — \(copy.body)",
                  cycle: cycle)
        }
        cache = content
        switch strategy.kind {
        case .independent: independentFetchSucceeded(cycle: cycle)
        case .chained: chainedFetchSucceeded(cycle: cycle)
        }
    }

    // MARK: OS rules

    /// iOS defers a BG launch out of Low Power Mode, into the idle windows for
    /// a processing task (and charging windows when it needs power), and out
    /// of offline periods for one that needs the network.
    private func deferredLaunch(_ launch: Millis) -> Millis {
        var time = launch
        for _ in 0..<64 {
            var moved = time
            moved = user.lowPower.nextOutside(moved)
            if world.ios.requiresNetworkConnectivity { moved = user.offline.nextOutside(moved) }
            if world.ios.taskKind == .processing {
                // A processing task runs only while the phone is idle, and charging if it asks for power.
                moved = world.user.idle.nextInside(moved) ?? runEnd
                if world.ios.requiresExternalPower { moved = world.user.charging.nextInside(moved) ?? runEnd }
            }
            if moved == time { return time }
            time = moved
        }
        return time
    }

    /// When an Android alarm set for `scheduled` really fires. Without the
    /// exact-alarm permission it is inexact: AOSP delivers it within 75% of the
    /// time until the trigger (AlarmManagerService.maxTriggerTime). In Doze an
    /// inexact or `setExact` alarm waits for the next maintenance window; the
    /// idle periods between windows grow 1 h, 2 h, 4 h, then 6 h
    /// (DeviceIdleController: idle_to 60 min, idle_factor 2, max_idle_to 6 h).
    func alarmFireTime(_ scheduled: Millis, purpose: Int, cycle: Int) -> Millis {
        let android = world.android
        var time = scheduled
        if !android.exactAlarmPermission {
            let window = Double(max(0, time - now)) * 0.75
            random.begin(device: device, source: .inexactAlarm, index: cycle << 2 | purpose)
            time += Millis(random.uniform() * window)
        }
        let deferrable = android.alarmKind == .setExact || !android.exactAlarmPermission
        if android.doze, deferrable, let idle = world.user.idle.interval(containing: time) {
            var window = idle.start
            var step = SimTime.hour
            while window < time {
                window += step
                step = min(step * 2, 6 * SimTime.hour)
            }
            time = min(window, idle.end)
        }
        return time
    }

    /// Android notification alarms (independent's T, chained's armed T, the
    /// guard) follow the alarm rules; iOS requests fire exactly.
    func notificationAlarmTime(_ cycle: Int, at time: Millis, purpose: Int = 1) -> Millis {
        arm.platform == .android ? alarmFireTime(time, purpose: purpose, cycle: cycle) : time
    }

    /// Android: a reboot clears every alarm the plugin set.
    private func rebootClearsAlarms() {
        activity.reboots += 1
        if let pendingFetchAlarm { queue.cancel(pendingFetchAlarm) }
        pendingFetchAlarm = nil
        pendingFetchAlarmCycle = -1
        if let dueHandle { queue.cancel(dueHandle) }
        dueHandle = nil
        if let armedHandle { queue.cancel(armedHandle) }
        armedHandle = nil
        if let armed { lostArmed = armed }
        armed = nil
        guardsThrough = firstUnresolved
        alarmsLost = true
        let rearm = world.android.rescheduleOnBoot
        trace("reboot", "the phone reboots: every alarm is cleared" + (rearm ? "" : "; no BOOT_COMPLETED receiver re-arms them"))
        if strategy.kind == .independent, firstUnresolved < calendar.count {
            queue.schedule(at: max(calendar.nextNotifyTime(after: firstUnresolved), now), .deadline(cycle: firstUnresolved))
        }
        if rearm { queue.schedule(at: now + SimTime.minute, .bootCompleted) }
    }

    /// Android plugin code re-arms what a reboot cleared (at BOOT_COMPLETED or an app open).
    func rearmAndroidAlarms() {
        guard alarmsLost else { return }
        alarmsLost = false
        let cycle = firstUnresolved
        guard cycle < calendar.count else { return }
        if world.plugin.fetchEnabled && pendingFetchAlarm == nil { armFetchAlarm(cycle: cycle) }
        let notifyTime = calendar.notifyTimes[cycle]
        switch strategy.kind {
        case .independent:
            if dueHandle == nil && notifyTime > now {
                dueHandle = queue.schedule(at: notificationAlarmTime(cycle, at: notifyTime), .notificationDue(cycle: cycle))
            }
        case .chained:
            if let lost = lostArmed, notifyTime > now {
                armed = lost
                armedHandle = queue.schedule(at: notificationAlarmTime(cycle, at: notifyTime), .notificationDue(cycle: cycle))
            }
            lostArmed = nil
            armGuards()
        }
        trace("alarm.rearm", "the plugin re-arms its alarms")
    }

    // MARK: Cycles

    /// Schedules what decides the earliest unresolved cycle's outcome.
    func openCycle() {
        let cycle = firstUnresolved
        guard cycle < calendar.count else { return }
        switch strategy.kind {
        case .independent:
            // iOS: the repeating calendar request fires at T. Android: the notify alarm,
            // unless a reboot cleared it; then nothing shows unless something re-arms it.
            if arm.platform == .android && alarmsLost {
                queue.schedule(at: max(calendar.nextNotifyTime(after: cycle), now), .deadline(cycle: cycle))
            } else {
                dueHandle = queue.schedule(at: max(notificationAlarmTime(cycle, at: calendar.notifyTimes[cycle]), now),
                                           .notificationDue(cycle: cycle))
            }
        case .chained:
            queue.schedule(at: max(chainedDeadlineTime(cycle), now), .deadline(cycle: cycle))
        }
    }

    /// Displays `content` (the cache, or fallback) for the earliest unresolved cycle now,
    /// or at `displayAt` when an alarm is deferred.
    func show(cachedContent: Bool, cycle: Int, displayAt: Millis? = nil) {
        let notificationDelay = arm.platform == .ios ? world.ios.notificationDelay : world.android.notificationDelay
        let display = displayAt ?? (now + draw(notificationDelay, source: .notificationDelay, index: cycle))
        let notifyTime = calendar.notifyTimes[cycle]
        let beforeFetch = lastFetchEnd < calendar.fetchTimes[cycle] || lastFetchEnd > display
        var outcome = CycleOutcome.fallback
        var contentAge: Millis?
        var copy: NotificationCopy?
        if cachedContent, var content = cache {
            contentAge = display - content.fetchedAt
            outcome = content.fetchedAt >= calendar.fetchTimes[cycle] ? .fresh : .stale
            if !content.shown {
                content.shown = true
                activity.shownUpdates += content.updateCount
                if let observer {
                    server.forEachUpdate(after: content.updatesAfter, through: content.updatesThrough) { time, _ in
                        observer.updateShown(delay: display - time)
                    }
                }
                cache = content
            }
            if tracer != nil { copy = self.copy(of: content) }
        } else if tracer != nil {
            copy = NotificationCopy(title: world.plugin.fallbackTitle, body: world.plugin.fallbackBody)
        }
        if let copy {
            trace("notification.shown", "cycle \(cycle + 1) shown (\(outcome.name)), \(SimTime.seconds(display - notifyTime)) s after T",
                  cycle: cycle, at: display, title: copy.title, body: copy.body)
        }
        resolve(CycleRecord(cycle: cycle, outcome: outcome, lateness: max(0, display - notifyTime),
                            notifiedBeforeFetch: beforeFetch, contentAge: contentAge))
    }

    /// Ends a cycle without a notification.
    func resolveUnshown(cycle: Int, outcome: CycleOutcome, why: String) {
        trace("cycle.\(outcome.name)", "cycle \(cycle + 1) \(outcome.name): \(why)", cycle: cycle)
        resolve(CycleRecord(cycle: cycle, outcome: outcome, lateness: nil, notifiedBeforeFetch: false, contentAge: nil))
    }

    private func resolve(_ record: CycleRecord) {
        observer?.record(record)
        if let armedHandle { queue.cancel(armedHandle) }
        armed = nil
        armedHandle = nil
        dueHandle = nil
        lostArmed = nil
        emptyFetchCycle = -1
        cancelledGuardCycle = -1
        firstUnresolved += 1
        openCycle()
    }

    // MARK: Helpers

    @inline(__always)
    func draw(_ distribution: Distribution, source: RandomSource, index: Int) -> Millis {
        if case .fixed(let value) = distribution { return value }
        random.begin(device: device, source: source, index: index)
        return random.duration(distribution)
    }

    /// Schedules the next of the user's actions `times` (from the shared world)
    /// that is still ahead, advancing `cursor` past it. One is pending at a time.
    private func scheduleNext(_ times: [Millis], cursor: inout Int, _ event: (Int) -> Event) {
        while cursor < times.count, times[cursor] < now { cursor += 1 }
        guard cursor < times.count, times[cursor] <= runEnd else { return }
        queue.schedule(at: times[cursor], event(cursor))
        cursor += 1
    }

    private func scheduleNextReboot() { scheduleNext(user.reboots, cursor: &nextReboot) { _ in .reboot } }
    private func scheduleNextForceQuit() { scheduleNext(user.forceQuits, cursor: &nextForceQuit) { _ in .forceQuit } }
    private func scheduleNextAppOpen() {
        scheduleNext(user.opens, cursor: &nextOpen) { .appOpen(key: user.openKeys[$0]) }
    }

    /// The exact title and body of a content, as the fetcher aggregates it.
    func copy(of content: NotificationContent) -> NotificationCopy {
        var latest: [Int: Int64] = [:]
        var order = 0
        server.forEachUpdate(after: content.updatesAfter, through: content.updatesThrough) { _, plan in
            order += 1
            latest[plan] = Int64(order)
        }
        let plans = latest.sorted { $0.value < $1.value }.map { NotificationCopy.projectName($0.key) }
        return NotificationCopy.aggregated(projectNames: plans)
            ?? NotificationCopy(title: world.plugin.fallbackTitle, body: world.plugin.fallbackBody)
    }

    @inline(__always)
    func trace(_ kind: String, _ detail: @autoclosure () -> String, cycle: Int? = nil, at time: Millis? = nil,
               title: String? = nil, body: String? = nil) {
        guard let tracer else { return }
        tracer.trace(TraceEntry(time: time ?? now, cycle: cycle, kind: kind, detail: detail(), title: title, body: body))
    }
}
