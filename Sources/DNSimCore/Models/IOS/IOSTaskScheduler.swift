/// iOS as the plugin sees it (docs/model.md §2): `BGTaskScheduler` keeps one pending
/// app-refresh (or processing) request per identifier, each submission
/// replacing the last with its own draw (never run, or run `delay` after
/// max(earliestBeginDate, now)), deferred out of Low Power Mode, offline
/// periods and, for a processing task, into idle (and charging) windows.
/// A force-quit stops BG launches until the next open; an app not opened for
/// `inactiveAfter` gets none, nor a processing request one unused for a week; with
/// Background App Refresh off no request is accepted. `UNUserNotificationCenter` requests fire exactly.
public struct IOSTaskScheduler: PlatformModel {
    public typealias Push = APNsDelivery
    public static let platform = Platform.ios
    public static let notificationsAreAlarms = false
    /// iOS keeps at most this many pending notification requests.
    public static let pendingRequestLimit = 64
    /// `launch: beforeUse`: how long before the next usage hour a held launch runs (a judgement).
    public static let beforeUseLead: Millis = 15 * SimTime.minute

    let configuration: IOSConfiguration
    let idle: TimeWindows
    let charging: TimeWindows
    let contentTimeout: Millis
    /// Every open the plugin's code runs at resubmits, replacing the pending request.
    let opensResubmit: Bool
    /// The launch of the pending request; nil when none is pending, or the OS dropped it (`never`).
    var pendingRequest: EventHandle?
    var forceQuitted = false
    private var nextForceQuit = 0
    /// The task handler's submissions for one cycle, numbered: each gets a draw
    /// of its own (docs/model.md §2), the same in every arm.
    private var handlerCycle = -1
    private var handlerSubmissions = 0
    /// The pending request's budget key (`budgetKey`), when the budget is a distribution.
    private var launchKey = 0
    /// `launch: beforeUse`: the usage hours (bit h: hour h from the start's local midnight).
    let usageHours: UInt32
    /// Flags read per submission, kept apart so that testing them copies no part of the configuration.
    let drawsBudget: Bool
    let launchesBeforeUse: Bool
    let calendarStart: Millis

    public init(world: WorldConfiguration, schedulesFetch: Bool) {
        opensResubmit = world.ios.resubmitOnOpen == .always && schedulesFetch && world.plugin.fetchEnabled
        configuration = world.ios
        idle = world.user.idle
        charging = world.user.charging
        contentTimeout = world.plugin.contentTimeout
        calendarStart = world.calendar.start
        usageHours = world.ios.launch == .beforeUse ? Self.usageHours(world.user.appOpenHours) : Self.everyHour
        drawsBudget = world.ios.budgetDistribution != nil
        launchesBeforeUse = world.ios.launch == .beforeUse
    }

    static let everyHour: UInt32 = (1 << 24) - 1

    /// The hours at least as likely for an open as the average hour (weight ≥ total / 24);
    /// every hour without a profile.
    public static func usageHours(_ weights: [Double]?) -> UInt32 {
        guard let weights, weights.count == 24 else { return everyHour }
        let total = weights.reduce(0, +)
        var mask: UInt32 = 0
        for (hour, weight) in weights.enumerated() where weight * 24 >= total { mask |= 1 << UInt32(hour) }
        return mask == 0 ? everyHour : mask
    }

    public var alarmsLost: Bool { false }
    public var fetchPending: Bool { pendingRequest != nil }
    public var notificationDelay: Distribution { configuration.notificationDelay }

    public func notificationFireTime(
        _ time: Millis, purpose: AlarmPurpose, cycle: Int, now: Millis, device: Int,
        random: KeyedRandom
    ) -> Millis {
        time
    }

    /// Guards are pending notification requests: those within the horizon, at
    /// most 64 with the armed one, the soonest kept.
    public func guardsReach(
        from start: Int, firstUnresolved: Int, armedRequests: Int, until horizonEnd: Millis,
        calendar: CycleCalendar
    ) -> Int {
        let limit = min(calendar.count, firstUnresolved + Self.pendingRequestLimit - armedRequests)
        var through = start
        while through < limit, calendar.notifyTimes[through] + contentTimeout <= horizonEnd { through += 1 }
        return through
    }

    public mutating func start(_ context: inout DeviceContext) {
        context.scheduleNext(context.user.forceQuits, cursor: &nextForceQuit, .forceQuit)
        context.telemetry?.backgroundConditions(backgroundConditions(context))
    }

    /// What holds this device's requests over the run, for telemetry (`eligibleLaunch` reads the same).
    func backgroundConditions(_ context: DeviceContext) -> BackgroundConditions {
        let user = context.user, start = context.calendar.start, end = context.runEnd
        let quits = user.forceQuits.filter { $0 < end }.map { quit in
            (quit, min(user.forceQuitEnd(at: quit) ?? quit, end))
        }
        return BackgroundConditions(
            taskKind: configuration.taskKind, requiresExternalPower: configuration.requiresExternalPower,
            requiresNetworkConnectivity: configuration.requiresNetworkConnectivity, start: start, end: end,
            lowPower: user.lowPower, forceQuit: TimeWindows(quits), offline: user.offline, idle: idle,
            charging: charging)
    }

    public mutating func handle(_ event: DeviceEvent, firstUnresolved: Int, _ context: inout DeviceContext)
        -> PlatformReaction
    {
        switch event {
        case .forceQuit:
            // BG tasks stop until the next open.
            forceQuitted = true
            cancelPendingRequest(context)
            context.telemetry?.backgroundRequestCancelled(at: context.now)
            context.trace(.forceQuit)
            context.scheduleNext(context.user.forceQuits, cursor: &nextForceQuit, .forceQuit)
            return .nothing
        case .backgroundLaunch:
            pendingRequest = nil
            if let limit = configuration.inactiveAfter, context.now - context.lastOpen > limit {
                context.telemetry?.backgroundRequestCancelled(at: context.now)
                context.trace(.backgroundTasksDropped(inactiveAfter: limit))
                return .nothing
            }
            if configuration.taskKind == .processing,
                context.now - context.lastOpen > IOSConfiguration.processingUsageWindow
            {
                context.telemetry?.backgroundRequestCancelled(at: context.now)
                context.trace(.processingRequestUnfulfilled)
                return .nothing
            }
            context.activity[.backgroundRuns] += 1
            context.telemetry?.backgroundRequestLaunched(at: context.now)
            context.trace(.backgroundTaskRuns(configuration.taskKind))
            guard drawsBudget, let budget = configuration.budgetDistribution else {
                return .fetchTaskRuns(budget: configuration.budget)
            }
            return .fetchTaskRuns(budget: context.draw(budget, source: .launchBudget, index: launchKey))
        default:
            preconditionFailure("iOS raises no \(event) event")
        }
    }

    public mutating func cancelFetch(_ context: inout DeviceContext) {
        if pendingRequest != nil { context.telemetry?.backgroundRequestCancelled(at: context.now) }
        cancelPendingRequest(context)
    }

    /// An open ends a force-quit whether or not the plugin's code runs.
    public mutating func appForegrounded(_ context: inout DeviceContext) {
        forceQuitted = false
    }

    /// iOS keeps notification requests across a reboot: a push has nothing to re-arm.
    public mutating func wokenByPush(firstUnresolved: Int, _ context: inout DeviceContext) -> PlatformReaction {
        .nothing
    }

    public mutating func appOpened(firstUnresolved: Int, _ context: inout DeviceContext) -> PlatformReaction {
        forceQuitted = false
        return .foreground
    }

    /// An app open resubmits for the earliest cycle without in-window content,
    /// whose F may be past; with `resubmitOnOpen: ifNone` only when no request
    /// is pending: none was submitted, or the OS dropped it (docs/model.md §2: an open
    /// rescues a request the OS dropped), so a pending one keeps its draw.
    public mutating func keepFetchScheduled(
        cycle: Int, source: RandomSource, index: Int, _ context: inout DeviceContext
    ) {
        if configuration.resubmitOnOpen == .ifNone && pendingRequest != nil { return }
        submit(cycle: cycle, source: source, index: index, &context)
    }

    public mutating func scheduleFetch(cycle: Int, _ context: inout DeviceContext) {
        if cycle == handlerCycle {
            handlerSubmissions += 1
        } else {
            handlerCycle = cycle
            handlerSubmissions = 0
        }
        submit(
            cycle: cycle, source: .backgroundRequestForCycle,
            index: DrawIndex.handlerRequest.make(cycle, saturating: handlerSubmissions),
            &context)
    }

    public mutating func scheduleFetch(earliest: Millis, cycle: Int, _ context: inout DeviceContext) {
        handlerCycle = -1
        submit(cycle: cycle, earliest: earliest, source: .backgroundRequestLeft, index: cycle, &context)
    }

    /// Submits the request for `cycle`, replacing the pending one.
    mutating func submit(cycle: Int, source: RandomSource, index: Int, _ context: inout DeviceContext) {
        submit(
            cycle: cycle, earliest: cycle < context.calendar.count ? context.calendar.fetchTimes[cycle] : nil,
            source: source, index: index, &context)
    }

    /// A request's drawn delay when the OS drops it (delays are never negative).
    private static let neverRuns: Millis = -1

    /// Submits a request with `earliestBeginDate` `earliest` (none past the horizon).
    private mutating func submit(
        cycle: Int, earliest: Millis?, source: RandomSource, index: Int, _ context: inout DeviceContext
    ) {
        cancelPendingRequest(context)
        guard let earliest, earliest <= context.runEnd, !forceQuitted else {
            context.telemetry?.backgroundRequestCancelled(at: context.now)
            return
        }
        guard configuration.backgroundAppRefresh else {
            // BGTaskScheduler.submit throws `unavailable`: the user switched background refresh off.
            context.telemetry?.backgroundRequestCancelled(at: context.now)
            context.trace(.backgroundRequestRefused, cycle: cycle)
            return
        }
        context.telemetry?.backgroundRequestSubmitted(at: context.now, earliestBegin: earliest)
        if replacedBeforeLaunch(earliest: earliest, context) { return }
        // Reads the configuration in place: capturing the whole configuration copied it per submission,
        // and capturing its delay retained that distribution, one object shared by every worker.
        let delay = context.memoizedDraw(source, index: index) { random in
            random.bernoulli(configuration.never) ? Self.neverRuns : random.duration(configuration.delay)
        }
        if delay == Self.neverRuns {
            context.trace(.backgroundRequestNeverRuns, cycle: cycle)
            return
        }
        var launch = eligibleLaunch(from: max(earliest, context.now), after: delay, &context)
        if launchesBeforeUse {
            launch = deferredLaunch(
                Self.heldUntilUse(launch, usageHours: usageHours, calendarStart: calendarStart), &context)
        }
        if drawsBudget { launchKey = Self.budgetKey(source, index: index) }
        pendingRequest = context.schedule(at: launch, .backgroundLaunch)
        context.trace(.backgroundRequestSubmitted(earliestBegin: earliest, launch: launch), cycle: cycle)
    }

    /// Whether the user's next open, at which the plugin resubmits, comes before this request's
    /// earliest launch (launches are never earlier than max(earliestBeginDate, now)): the request
    /// is then replaced without running, and its launch need not be drawn or scheduled. Nothing
    /// observes the difference: a cancelled launch is never handled, so no event, fingerprint or
    /// draw moves. Not when anything else could keep the request past that open (New Activity off
    /// for a while, a time change) or would report it (a trace, telemetry). This relies on
    /// `appOpened` always letting the plugin's code run on iOS, and on New Activity being turned
    /// off only by the user's off periods: a new reason for an open to skip the plugin's code must
    /// turn this off too.
    @inline(__always)
    private func replacedBeforeLaunch(earliest: Millis, _ context: DeviceContext) -> Bool {
        guard opensResubmit, context.tracer == nil, context.telemetry == nil,
            context.user.disabled.isEmpty, context.user.timeChanges.isEmpty
        else { return false }
        return context.nextOpenTime() < max(earliest, context.now)
    }

    /// The key of a launch's budget draw: the request's, so each request's launch draws its own
    /// budget, the same in every arm.
    static func budgetKey(_ source: RandomSource, index: Int) -> Int {
        let tag =
            switch source {
            case .backgroundRequestForCycle: 0
            case .backgroundRequestAtOpen: 1
            case .backgroundRequestAtEnable: 2
            case .backgroundRequestAtTimeChange: 3
            case .backgroundRequestLeft: 4
            default: 7
            }
        return DrawIndex.launchBudget.make(index + 1, tag)
    }

    /// `launch: beforeUse` (docs/model.md §2): a launch outside the usage hours waits until
    /// `beforeUseLead` before the next usage hour starts; never earlier than it was. Static, so
    /// that calling it from `submit` copies nothing of the scheduler.
    static func heldUntilUse(_ time: Millis, usageHours: UInt32, calendarStart: Millis) -> Millis {
        let since = time - calendarStart
        let day = since >= 0 ? since / SimTime.day : (since - SimTime.day + 1) / SimTime.day
        let hour = Int((since - day * SimTime.day) / SimTime.hour)
        guard usageHours & (1 << UInt32(hour)) == 0 else { return time }
        for ahead in 1...24 where usageHours & (1 << UInt32((hour + ahead) % 24)) != 0 {
            let start = calendarStart + day * SimTime.day + Millis(hour + ahead) * SimTime.hour
            return max(time, start - beforeUseLead)
        }
        return time
    }

    private mutating func cancelPendingRequest(_ context: DeviceContext) {
        if let pendingRequest { context.cancel(pendingRequest) }
        pendingRequest = nil
    }

    /// The launch of a request whose `delay` runs only while the request may run (docs/model.md §2,
    /// "iOS BG requests"): from the first eligible instant at or after `start` (outside Low Power
    /// Mode and offline periods, inside idle and charging windows as the task needs), through
    /// eligible time only. So a processing task launches a continuous delay after the phone is
    /// plugged in and idle, never piled on that instant, and the delay `fit` measures is this one.
    @inline(__always)
    mutating func eligibleLaunch(from start: Millis, after delay: Millis, _ context: inout DeviceContext) -> Millis {
        // Nothing that holds a request on this device (no Low Power Mode, no offline period the
        // task minds, an app-refresh task): the loop below would return start + delay.
        if context.user.lowPower.isEmpty && configuration.taskKind != .processing
            && (!configuration.requiresNetworkConnectivity || context.user.offline.isEmpty)
        {
            return start < context.runEnd ? start + delay : start
        }
        var time = deferredLaunch(start, &context)
        var remaining = delay
        for _ in 0..<256 {
            guard time < context.runEnd else { return time }
            let end = eligibleUntil(time, context)
            if remaining <= end - time { return time + remaining }
            remaining -= end - time
            time = deferredLaunch(end, &context)
        }
        return time + remaining
    }

    /// The end of the eligible period that `time` (eligible) lies in: the next Low Power Mode or
    /// offline start, or the end of the idle (and charging) window a processing task needs.
    @inline(__always)
    private func eligibleUntil(_ time: Millis, _ context: DeviceContext) -> Millis {
        var end = context.user.lowPower.nextInside(time) ?? .max
        if configuration.requiresNetworkConnectivity { end = min(end, context.user.offline.nextInside(time) ?? .max) }
        if configuration.taskKind == .processing {
            end = min(end, idle.interval(containing: time)?.end ?? time)
            if configuration.requiresExternalPower { end = min(end, charging.interval(containing: time)?.end ?? time) }
        }
        // Never before `time`: an eligible instant always has some of its period ahead.
        return max(end, time + 1)
    }

    /// iOS defers a BG launch out of Low Power Mode, into the idle windows for
    /// a processing task (and charging windows when it needs power), and out
    /// of offline periods for one that needs the network. Inlined: called out of line
    /// from `submit`, it was handed a copy of the scheduler (a memcpy per submission), and it still
    /// was, 256 bytes a call, until it was made `mutating` (it changes nothing).
    @inline(__always)
    mutating func deferredLaunch(_ launch: Millis, _ context: inout DeviceContext) -> Millis {
        var time = launch
        for _ in 0..<64 {
            var moved = context.user.lowPower.nextOutside(time)
            if configuration.requiresNetworkConnectivity { moved = context.user.offline.nextOutside(moved) }
            if configuration.taskKind == .processing {
                // A processing task runs only while the phone is idle, and charging if it asks for power.
                moved = idle.nextInside(moved) ?? context.runEnd
                if configuration.requiresExternalPower { moved = charging.nextInside(moved) ?? context.runEnd }
            }
            if moved == time { return time }
            time = moved
        }
        return time
    }
}
