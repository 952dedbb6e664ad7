/// What every strategy's plugin code shares on one device (SPEC §2, §3): the
/// device context and platform model, the fetcher with its cache and ack,
/// the cycles, and how a cycle is shown or resolved. Strategies receive it
/// `inout` in every handler.
public struct PluginRuntime<OS: PlatformModel> {
    public let arm: Arm
    public let strategy: StrategyConfiguration
    /// The device's cycles (`context.calendar`, kept here too for the hot path).
    public internal(set) var calendar: CycleCalendar
    public let plugin: PluginConfiguration
    let fetch: FetchConfiguration
    let world: WorldConfiguration
    public var context: DeviceContext
    public var os: OS
    /// The platform's push service, for the push strategies.
    public let push: OS.Push
    /// Whether the platform schedules fetches (false when pushes trigger them).
    let schedulesFetch: Bool
    /// The earliest cycle without an outcome.
    public internal(set) var firstUnresolved = 0
    /// `last_acked_jwt_id`: the fetcher asks for updates after it.
    var acked: Int64 = 0
    /// The plugin's cached content from the last successful non-empty fetch.
    var cache: NotificationContent?
    var attemptCycle = -1
    var attemptCount = 0
    var lastFetchEnd: Millis = .min
    var tokenExpiry: Millis = .max
    /// The latest cycle whose own prefetch succeeded (in its window), or -1.
    var prefetchedCycle = -1
    /// Set when a cycle is resolved, so the strategy opens the next one.
    var cycleWasResolved = false
    /// Counts the plugin's schedules: `cancelDualSchedule` starts a new one, and events of an
    /// earlier one (deadlines, armed requests, fetches) are ignored when they come due.
    public internal(set) var epoch: UInt32 = 0
    /// New Activity on or off, the time the user chose, the Daily Reminder, orphans.
    var lifecycle = FeatureLifecycle()
    /// Whether the user's lifecycle has events of its own: the device then runs to the run's end.
    let lifecycleRunsToEnd: Bool
    /// What this device produced, for the metrics layer.
    public internal(set) var log = DeviceLog()

    init(arm: Arm, world: DeviceWorld, schedulesFetch: Bool) {
        self.arm = arm
        self.schedulesFetch = schedulesFetch
        push = OS.Push(world: world.configuration)
        let user = world.configuration.user
        lifecycleRunsToEnd = user.disablePerDay > 0 || user.timeChangePerDay > 0 || world.configuration.reminder != nil
        strategy = arm.strategy
        calendar = world.configuration.calendar
        plugin = world.configuration.plugin
        fetch = world.configuration.fetch
        self.world = world.configuration
        context = DeviceContext(world: world)
        os = OS(world: world.configuration, schedulesFetch: schedulesFetch)
    }

    public var now: Millis { context.now }

    /// Back to the moment the user sets the schedule up, on `world`'s current device.
    mutating func begin(device world: DeviceWorld) {
        context.begin(device: world)
        calendar = context.calendar
        os = OS(world: self.world, schedulesFetch: schedulesFetch)
        epoch = 0
        lifecycle = FeatureLifecycle()
        lifecycle.reminderScheduled = world.configuration.reminder.map {
            $0.wanted || $0.defects.contains(.enableSchedulesReminder)
        } ?? false
        firstUnresolved = 0
        acked = 0
        cache = nil
        attemptCycle = -1
        attemptCount = 0
        lastFetchEnd = .min
        tokenExpiry = .max
        prefetchedCycle = -1
        cycleWasResolved = false
        log.removeAll()
    }

    /// The run ended: the counters and the trajectory join the log.
    mutating func finish(_ trajectory: RunTrajectory) {
        // The run stops at the last cycle's outcome: nothing later was observed.
        context.telemetry?.deviceEnded(at: context.now)
        log.activity = context.activity
        // The server sends one push per cycle.
        if arm.strategy.kind == .push { log.activity.pushes = log.cycles.count }
        log.activity.trajectory = trajectory.hash
        log.activity.events = trajectory.events
        log.activity.updates = context.server.updateCount(before: context.runEnd)
    }

    /// Schedules a plugin event, stamped with the current schedule's epoch.
    @discardableResult
    mutating func schedule(at time: Millis, _ event: DeviceEvent) -> EventHandle {
        guard epoch != 0 else { return context.schedule(at: time, event) }
        switch event {
        case .deadline(let cycle, _): return context.schedule(at: time, .deadline(cycle: cycle, epoch: epoch))
        case .notificationDue(let cycle, _): return context.schedule(at: time, .notificationDue(cycle: cycle, epoch: epoch))
        case .pushArrived(let cycle, _): return context.schedule(at: time, .pushArrived(cycle: cycle, epoch: epoch))
        default: return context.schedule(at: time, event)
        }
    }

    mutating func cancel(_ handle: EventHandle) {
        context.cancel(handle)
    }

    /// When a notification armed at `armedAt` (now, by default) for `time` fires on this platform.
    @inline(__always)
    func fireTime(_ time: Millis, purpose: AlarmPurpose, cycle: Int, armedAt: Millis? = nil) -> Millis {
        os.notificationFireTime(time, purpose: purpose, cycle: cycle, now: armedAt ?? context.now, device: context.device,
                                random: context.random)
    }

    /// Setup and app opens run plugin code: `configureNativeFetcher` hands over a fresh JWT pool.
    mutating func foregroundCodeRuns() {
        context.lastOpen = now
        if let lifetime = world.user.tokenLifetime { tokenExpiry = now + lifetime }
    }

    // MARK: The fetcher

    /// Starts a fetch from a BG task or alarm for the earliest unresolved cycle,
    /// within `budget` when the platform gives the code one.
    mutating func startFetch(budget: Millis?) {
        attempt(FetchAttempt(cycle: firstUnresolved, cpuUntil: budget.map { now + $0 } ?? .max))
    }

    /// Starts a foreground fetch at the app open keyed `openKey` (no budget).
    mutating func startForegroundFetch(openKey: Int) {
        guard firstUnresolved < calendar.count else { return }
        attempt(FetchAttempt(cycle: firstUnresolved, openKey: openKey))
    }

    /// An alert push's handler fetches to show `cycle`, within `budget`.
    mutating func startPushFetch(cycle: Int, budget: Millis) {
        attempt(FetchAttempt(cycle: cycle, cpuUntil: now + budget, pushed: true))
    }

    /// A fetch by a BG request or alarm that `cancelDualSchedule` left behind (a defect).
    mutating func startStaleFetch(budget: Millis?) {
        var attempt = FetchAttempt(cycle: min(calendar.firstCycle(notifyingAfter: now), calendar.count - 1),
                                   cpuUntil: budget.map { now + $0 } ?? .max)
        attempt.stale = true
        self.attempt(attempt)
    }

    /// One attempt: failure and latency keyed by the cycle it serves and the attempt.
    mutating func attempt(_ attempt: FetchAttempt) {
        var attempt = attempt
        if attempt.retry == 0 { attempt.epoch = epoch }
        let source: RandomSource, index: Int
        if attempt.openKey >= 0 {
            (source, index) = (.foregroundFetch, DrawIndex.foregroundFetch.make(attempt.openKey, saturating: attempt.retry))
        } else {
            if attemptCycle != attempt.cycle {
                attemptCycle = attempt.cycle
                attemptCount = 0
            }
            (source, index) = (.fetchAttempt, DrawIndex.fetchAttempt.make(attempt.cycle, saturating: attemptCount))
            attemptCount += 1
        }
        // Latency (never negative) and the network failure flag in one word, shared by the arms.
        let drawn = context.memoizedDraw(source, index: index) { [fetch] random in
            let failed = random.bernoulli(fetch.failure)
            return random.duration(fetch.latency) << 1 | (failed ? 1 : 0)
        }
        let failed = drawn & 1 == 1
        let latency = drawn >> 1
        context.activity.fetches += 1
        let offline = context.user.offline.contains(now)
        if !offline { context.activity.serverRequests += 1 }
        let timeout = plugin.fetchTimeout ?? .max
        let failure: FetchFailure?
        var end = now + min(latency, timeout)
        if end > attempt.cpuUntil {
            failure = .budgetExpired
            end = attempt.cpuUntil
        } else if latency > timeout {
            failure = .timeout
        } else if offline {
            failure = .offline
        } else if now >= tokenExpiry {
            failure = .unauthorized
        } else {
            failure = failed ? .network : nil
        }
        context.trace("fetch.start", (fetch.copy == nil ? "POST plansLastUpdatedBetween" : "the fetcher asks for updates") + " (afterId \(acked))"
            + (attempt.retry > 0 ? ", retry \(attempt.retry)" : "") + (attempt.openKey >= 0 ? " in the foreground" : "")
            + (attempt.pushed ? " from \(push.handlerName)" : ""), cycle: attempt.cycle)
        schedule(at: end, .fetchFinished(attempt, failure: failure))
        if let telemetry = context.telemetry {
            let outcome: TelemetryFetchOutcome
            switch failure {
            case .budgetExpired?, .timeout?: outcome = .timeout
            case .some: outcome = .error
            case nil:
                outcome = !context.user.starredEmpty.contains(end) && context.server.updates(after: acked, through: end).count > 0
                    ? .ok : .empty
            }
            telemetry.fetchAttempt(startedAt: now, finishedAt: end, outcome: outcome)
        }
    }

    /// The attempt ended: a failure is retried while retries are left and
    /// the code still has CPU; updates move the ack and replace the cache.
    mutating func finishFetch(_ attempt: FetchAttempt, failure: FetchFailure?) -> FetchResult {
        if let failure {
            let retry = now + plugin.retryDelay
            if failure != .budgetExpired, attempt.retry < plugin.retryAttempts, retry < attempt.cpuUntil {
                context.trace("fetch.fail", "attempt failed (\(failure.rawValue)); retry in \(SimTime.seconds(plugin.retryDelay)) s",
                              cycle: attempt.cycle)
                var next = attempt
                next.retry += 1
                schedule(at: retry, .fetchRetry(next))
                return .retrying
            }
            lastFetchEnd = now
            context.trace("fetch.fail", "fetch failed (\(failure.rawValue)); ack stays at \(acked)", cycle: attempt.cycle)
            return .failed
        }
        lastFetchEnd = now
        // updateStarredPlans with an empty list: the fetcher has no project to ask about.
        let answer = context.user.starredEmpty.contains(now) ? (count: 0, last: acked)
            : context.server.updates(after: acked, through: now)
        guard answer.count > 0 else {
            context.trace("fetch.empty", "fetch succeeded with no updates", cycle: attempt.cycle)
            return .empty
        }
        var content = NotificationContent(fetchedAt: now, updatesAfter: acked, updatesThrough: answer.last,
                                          updateCount: answer.count)
        context.activity.acked += answer.count
        acked = answer.last
        // carryUnshown: updates fetched earlier and never shown join this notification.
        if strategy.carryUnshown, let previous = cache, !previous.shown, previous.updatesThrough == content.updatesAfter {
            content.updatesAfter = previous.updatesAfter
            content.updateCount += previous.updateCount
        }
        if context.tracer != nil {
            let copy = self.copy(of: content)
            context.trace("fetch.done", "fetch returned \(answer.count) update(s); ack moves to \(acked); cached: \(copy.title) — \(copy.body)",
                          cycle: attempt.cycle)
        }
        cache = content
        return .updates
    }

    /// The cycle a fetch that completed now decides, or nil when it is early
    /// (SPEC §2, cycle windows): it completed before the earliest unresolved
    /// cycle's F. With `earlyFetch: arm` every fetch started for the earliest
    /// unresolved cycle decides it, as plugins without cycle windows behave.
    /// Inlined: called on `runtime` out of line, it was handed a copy of all of it (a 2.4 KB memcpy).
    @inline(__always)
    func decidedCycle(startedFor served: Int) -> Int? {
        let cycle = firstUnresolved
        guard cycle < calendar.count else { return nil }
        switch strategy.earlyFetch {
        case .cache: return now >= calendar.fetchTimes[cycle] ? cycle : nil
        case .arm: return served == cycle ? cycle : nil
        }
    }

    /// A fetch decided `cycle` with a success: its prefetch is done.
    mutating func prefetched(_ cycle: Int) {
        prefetchedCycle = cycle
    }

    /// The cycle foreground code keeps a fetch scheduled for (SPEC §2,
    /// resubmission): the earliest unresolved one without in-window content.
    var cycleNeedingPrefetch: Int {
        firstUnresolved == prefetchedCycle ? firstUnresolved + 1 : firstUnresolved
    }

    /// Whether the cache holds content fetched but never shown.
    var cacheHoldsUnshownUpdates: Bool { cache.map { !$0.shown } ?? false }

    // MARK: Pushes

    /// The server sends `cycle`'s push of `kind` (at T for an alert push, at F
    /// for a background one): what becomes of it, traced as it happens.
    mutating func sendPush(cycle: Int, kind: PushKind) -> PushFate {
        let sendTimes = kind == .alert ? calendar.notifyTimes : calendar.fetchTimes
        let fate = push.fate(of: cycle, kind: kind, sendTimes: sendTimes, context: context)
        if context.tracer != nil { tracePush(fate, cycle: cycle, kind: kind, sent: sendTimes[cycle]) }
        return fate
    }

    private func tracePush(_ fate: PushFate, cycle: Int, kind: PushKind, sent: Millis) {
        let service = push.serviceName
        context.trace("push.sent", kind == .alert
            ? "the server sends cycle \(cycle + 1)'s alert push (mutable-content, the fallback copy as payload)"
            : "the server sends cycle \(cycle + 1)'s background push (content-available)", cycle: cycle, at: sent)
        func held(_ arrival: Millis, _ hold: PushHold, until: String) {
            let why = hold == .offline ? "the device is offline" : "not delivered to the app (\(hold.rawValue))"
            context.trace("push.held", "\(why): \(service) stores the push \(until)", cycle: cycle, at: arrival)
        }
        switch fate {
        case .dropped:
            context.trace("push.dropped", "\(service) never delivers it", cycle: cycle, at: sent)
        case .expired(let arrival, let hold, let at):
            held(arrival, hold, until: "for \(SimTime.written(push.storeFor))")
            context.trace("push.expired", "stored past storeFor: \(service) discards it", cycle: cycle, at: at)
        case .replaced(let arrival, let hold, let at, let by):
            held(arrival, hold, until: "(only the newest per app)")
            context.trace("push.replaced", "cycle \(by + 1)'s push replaces it in the store", cycle: cycle, at: at)
        case .delivered(let arrival, let release, let hold):
            if let hold { held(arrival, hold, until: "until \(context.formatTime(release))") }
        }
    }

    // MARK: Cycles

    /// Displays the cache (or the fallback) for `cycle` now (after the
    /// platform's display delay) and resolves the cycle.
    mutating func show(cachedContent: Bool, cycle: Int) {
        let display = now + context.draw(os.notificationDelay, source: .notificationDelay, index: cycle)
        let notifyTime = calendar.notifyTimes[cycle]
        let beforeFetch = lastFetchEnd < calendar.fetchTimes[cycle] || lastFetchEnd > display
        var outcome = CycleOutcome.fallback
        var contentAge: Millis?
        var copy: NotificationCopy?
        if cachedContent, var content = cache {
            contentAge = display - content.fetchedAt
            let inWindow = content.fetchedAt >= calendar.fetchTimes[cycle]
            outcome = inWindow && display - content.fetchedAt <= world.freshWithin ? .fresh : .stale
            if !content.shown {
                content.shown = true
                context.activity.shownUpdates += content.updateCount
                log.recordShown(content, at: display, server: context.server)
                cache = content
            }
            if context.tracer != nil { copy = self.copy(of: content) }
        } else if context.tracer != nil {
            copy = NotificationCopy(title: plugin.fallbackTitle, body: plugin.fallbackBody)
        }
        if let copy {
            context.trace("notification.shown", "cycle \(cycle + 1) shown (\(outcome.name)), \(SimTime.seconds(display - notifyTime)) s after T",
                          cycle: cycle, at: display, title: copy.title, body: copy.body)
        }
        if let setupAt = lifecycle.setupAt {
            log.setupLatencies.append(display - setupAt)
            lifecycle.setupAt = nil
        }
        noteDisplay(at: display)
        resolve(CycleRecord(cycle: cycle, notifyTime: notifyTime, outcome: outcome, lateness: max(0, display - notifyTime),
                            notifiedBeforeFetch: beforeFetch, contentAge: contentAge))
    }

    /// Ends a cycle without a notification.
    mutating func resolveUnshown(cycle: Int, outcome: CycleOutcome, why: String) {
        // The kind is interpolated, so it is built only for a tracer (it cost 400 instructions a cycle).
        if context.tracer != nil {
            context.trace("cycle.\(outcome.name)", "cycle \(cycle + 1) \(outcome.name): \(why)", cycle: cycle)
        }
        resolve(CycleRecord(cycle: cycle, notifyTime: calendar.notifyTimes[cycle], outcome: outcome, lateness: nil,
                            notifiedBeforeFetch: false, contentAge: nil))
    }

    private mutating func resolve(_ record: CycleRecord) {
        log.cycles.append(record)
        firstUnresolved += 1
        cycleWasResolved = true
    }

    /// Passes over a cycle that is not due (New Activity was off at its T).
    mutating func skipCycle() {
        firstUnresolved += 1
        cycleWasResolved = true
    }

    // MARK: Helpers

    /// The exact title and body of a content, as the fetcher aggregates it.
    func copy(of content: NotificationContent) -> NotificationCopy {
        var latest: [Int: Int64] = [:]
        var order = 0
        context.server.forEachUpdate(after: content.updatesAfter, through: content.updatesThrough) { _, plan in
            order += 1
            latest[plan] = Int64(order)
        }
        let plans = latest.sorted { $0.value < $1.value }.map(\.key)
        return NotificationCopy.aggregated(itemIndices: plans, template: fetch.copy)
            ?? NotificationCopy(title: plugin.fallbackTitle, body: plugin.fallbackBody)
    }
}
