/// `onNews` on one device (docs/model.md §2, notify on news): the podcast app's NewEpisodes pattern. A BG run,
/// resubmitted at each run for `interval` later (iOS: a processing request that needs the network; Android: periodic
/// work), fetches and posts one notification per item with news, keyed by the item, so a later post replaces an
/// earlier one not yet seen; nothing shows without news. It has no cycles: its unit is the server's update, and each
/// update of the run becomes one `CycleRecord` (fresh, stale, missed or blocked), so every column reads per update.
public struct OnNewsSimulation<OS: PlatformModel>: DiscreteEventModel {
    public var runtime: PluginRuntime<OS>
    let interval: Millis
    /// Runs so far: the next run's number keys its fetch's draws.
    var runs = 0
    /// Requests submitted so far: each submission draws its own delay, keyed by its number.
    var submissions = 0
    /// Per update, numbered in time order (an ack covers a prefix of them, so these grow with the acks): when the
    /// user sees it (`.max`: never), and when the fetch that posted it completed.
    var seenAt: [Millis] = []
    var postedAt: [Millis] = []
    /// Per item: when its latest notification is seen, and the updates it shows (a later post replaces it until then).
    var latest: [Int: (seen: Millis, updates: [Int])] = [:]

    public init(arm: Arm, world: DeviceWorld) {
        runtime = PluginRuntime(
            arm: arm, world: world, schedulesFetch: true,
            platformWorld: Self.platformWorld(world.configuration, interval: arm.strategy.newsInterval))
        interval = arm.strategy.newsInterval
    }

    /// The request the pattern makes, whatever the scenario sets for the cron arms' fetch: iOS, a `BGProcessingTaskRequest`
    /// with `requiresNetworkConnectivity` (no external power); Android, `PeriodicWorkRequest` every `interval` needing a
    /// network. Delays, budgets and power rules stay the scenario's.
    static func platformWorld(_ world: WorldConfiguration, interval: Millis) -> WorldConfiguration {
        var world = world
        world.plugin.fetchEnabled = true
        world.ios.taskKind = .processing
        world.ios.requiresNetworkConnectivity = true
        world.ios.requiresExternalPower = false
        world.android.fetchWith = .workManager
        world.android.workManager.request = .periodic
        world.android.workManager.repeatInterval = interval
        world.android.workManager.flexInterval = nil
        world.android.workManager.requiresNetwork = true
        return world
    }

    /// Past the run's end nothing is observed.
    public var isFinished: Bool { runtime.now > runtime.runEnd }

    public mutating func nextEvent() -> (time: Millis, event: DeviceEvent)? {
        runtime.context.nextEvent()
    }

    /// Runs `world`'s current device from setup to the run's end.
    public mutating func run(_ world: DeviceWorld) -> DeviceLog {
        runtime.begin(device: world)
        runs = 0
        submissions = 0
        seenAt.removeAll(keepingCapacity: true)
        postedAt.removeAll(keepingCapacity: true)
        latest.removeAll(keepingCapacity: true)
        runtime.schedule(at: runtime.calendar.start, .setup)
        runtime.context.scheduleNextAppOpen()
        runtime.os.start(&runtime.context)
        let trajectory = EventLoop.run(&self)
        recordUpdates()
        runtime.finish(trajectory)
        return runtime.log
    }

    public mutating func handle(_ event: DeviceEvent) {
        switch event {
        case .setup:
            runtime.traceSetup()
            foregroundCodeRuns()
        case .appOpen:
            runtime.context.activity[.appOpens] += 1
            runtime.trace(.appOpen)
            foregroundCodeRuns()
            runtime.context.scheduleNextAppOpen()
        case .fetchFinished(let attempt, let failure):
            if runtime.finishFetch(attempt, failure: failure) == .updates { post() }
        case .fetchRetry(let attempt):
            runtime.attempt(attempt)
        case .forceQuit, .forceStop, .reboot, .bootCompleted, .backgroundLaunch, .fetchAlarm:
            react(runtime.os.handle(event, firstUnresolved: 0, &runtime.context))
        case .notificationDue, .deadline, .pushArrived, .featureOff, .featureOn, .timeChange, .reminder, .orphan:
            // The pattern arms no cycle's notification and receives no push; the lifecycle's events are not scheduled.
            break
        }
    }

    /// Setup and app opens: the app (re)submits its request as `resubmitOnOpen` says (iOS); WorkManager keeps
    /// the periodic work enqueued once (`KEEP`), so an Android open enqueues only what a force stop removed.
    private mutating func foregroundCodeRuns() {
        runtime.foregroundCodeRuns()
        let reaction = runtime.os.appOpened(firstUnresolved: 0, &runtime.context)
        guard reaction == .foreground else { return react(reaction) }
        let always = OS.platform == .ios && runtime.platformWorld.ios.resubmitOnOpen == .always
        if always || !runtime.os.fetchPending { submit() }
    }

    private mutating func react(_ reaction: PlatformReaction) {
        switch reaction {
        case .fetchTaskRuns(let budget), .rearmedAndFetchTaskRuns(let budget): taskRuns(budget: budget)
        case .nothing, .foreground, .alarmsCleared, .alarmsRearmed: break
        }
    }

    /// The next run, `interval` from now (Android's periodic work keeps its own period).
    private mutating func submit() {
        runtime.os.scheduleFetch(earliest: runtime.now + interval, cycle: submissions, &runtime.context)
        submissions += 1
    }

    /// A run: resubmit first (as the pattern's handler does), then crawl.
    private mutating func taskRuns(budget: Millis?) {
        let run = runs
        runs += 1
        submit()
        runtime.attempt(FetchAttempt(cycle: run, cpuUntil: budget.map { runtime.now + $0 } ?? .max))
    }

    /// The crawl found news: one immediate notification per item, keyed by it.
    private mutating func post() {
        guard let content = runtime.cache else { return }
        let now = runtime.now
        let delivered =
            now + runtime.context.draw(runtime.os.notificationDelay, source: .notificationDelay, index: runs)
        let seen = runtime.presentation.map { $0.seen(delivered, level: runtime.interruptionLevel) } ?? delivered
        var items: [Int: [Int]] = [:]
        var oldest: [Int: Millis] = [:]
        runtime.context.server.forEachUpdate(after: content.updatesAfter, through: content.updatesThrough) {
            published, item in
            if oldest[item] == nil { oldest[item] = published }
            items[item, default: []].append(seenAt.count)
            seenAt.append(seen)
            postedAt.append(now)
        }
        // In item order: a dictionary's own order changes from process to process, and the trace must not.
        for item in items.keys.sorted() {
            let updates = items[item]!
            // Replaced before anyone saw it: what the earlier notification showed is never seen.
            if let previous = latest[item], previous.seen > delivered {
                for update in previous.updates { seenAt[update] = .max }
            }
            latest[item] = (seen, updates)
            if runtime.context.tracer != nil { traceShown(item: item, published: oldest[item]!, seen: seen) }
        }
    }

    /// Traces the item's notification as the user sees it, timed from its oldest update (a later post may still replace it).
    private mutating func traceShown(item: Int, published: Millis, seen: Millis) {
        let wait = seen - published
        let copy =
            NotificationCopy.aggregated(itemIndices: [item], template: runtime.fetch.copy)
            ?? NotificationCopy(title: runtime.plugin.fallbackTitle, body: runtime.plugin.fallbackBody)
        let outcome: CycleOutcome =
            runtime.notificationsBlocked ? .blocked : wait <= runtime.world.freshWithin ? .fresh : .stale
        runtime.trace(.newsShown(outcome, afterPublication: wait, copy: copy), at: seen)
    }

    /// Every update published in the run becomes a record, in publication order.
    private mutating func recordUpdates() {
        let runEnd = runtime.runEnd
        let server = runtime.context.server
        let blocked = runtime.notificationsBlocked
        let freshWithin = runtime.world.freshWithin
        let last = server.updates(after: 0, through: runEnd - 1)
        var number = 0
        var shown = 0
        server.forEachUpdate(after: 0, through: last.last) { published, _ in
            defer { number += 1 }
            let seen = number < seenAt.count && seenAt[number] <= runEnd ? seenAt[number] : nil
            guard let seen else {
                return runtime.log.cycles.append(
                    CycleRecord(
                        cycle: number, notifyTime: published, outcome: .missed, shownAt: nil,
                        lateness: nil, notifiedBeforeFetch: false, contentAge: nil))
            }
            if blocked {
                return runtime.log.cycles.append(
                    CycleRecord(
                        cycle: number, notifyTime: published, outcome: .blocked, shownAt: nil,
                        lateness: nil, notifiedBeforeFetch: false, contentAge: nil))
            }
            shown += 1
            runtime.log.updateDelays.append(seen - published)
            runtime.log.cycles.append(
                CycleRecord(
                    cycle: number, notifyTime: published,
                    outcome: seen - published <= freshWithin ? .fresh : .stale, shownAt: seen,
                    lateness: seen - published, notifiedBeforeFetch: false, contentAge: seen - postedAt[number]))
        }
        // finishFetch counted every acked update as lost until shown.
        runtime.context.activity[.lostUpdates] -= shown
    }
}
