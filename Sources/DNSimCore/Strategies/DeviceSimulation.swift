/// One arm on one device, as the kernel drives it: the platform's events and
/// the plugin's, dispatched to the platform model and the strategy. Generic
/// over both, so each pair is compiled into its own event loop.
public struct DeviceSimulation<Strategy: PluginStrategy, OS: PlatformModel>: DiscreteEventModel {
    public var runtime: PluginRuntime<OS>
    var strategy: Strategy

    public init(arm: Arm, world: DeviceWorld) {
        runtime = PluginRuntime(arm: arm, world: world, schedulesFetch: Strategy.schedulesPlatformFetch)
        strategy = Strategy(configuration: arm.strategy)
    }

    /// Once every cycle has its outcome; with a lifecycle, not before the run's end, since a
    /// time change can still add cycles and orphans and reminders still show.
    public var isFinished: Bool {
        runtime.firstUnresolved >= runtime.calendar.count
            && (!runtime.lifecycleRunsToEnd || runtime.now >= runtime.context.runEnd)
    }

    public mutating func nextEvent() -> (time: Millis, event: DeviceEvent)? {
        runtime.context.nextEvent()
    }

    /// Runs `world`'s current device from setup until every cycle is resolved.
    public mutating func run(_ world: DeviceWorld) -> DeviceLog {
        runtime.begin(device: world)
        strategy = Strategy(configuration: runtime.strategy)
        runtime.schedule(at: runtime.calendar.start, .setup)
        runtime.context.scheduleNextAppOpen()
        runtime.os.start(&runtime.context)
        startLifecycle()
        strategy.openCycle(&runtime)
        runtime.finish(EventLoop.run(&self))
        return runtime.log
    }

    public mutating func handle(_ event: DeviceEvent) {
        switch event {
        case .setup:
            runtime.traceSetup()
            foregroundCodeRuns(source: .backgroundRequestAtOpen, index: -1)
        case .appOpen(let key):
            runtime.context.activity[.appOpens] += 1
            runtime.context.telemetry?.appOpened(at: runtime.now)
            runtime.trace(.appOpen)
            if runtime.state.lifecycle.enabled {
                foregroundCodeRuns(source: .backgroundRequestAtOpen, index: key)
                if runtime.strategy.fetchOnOpen && runtime.plugin.fetchEnabled {
                    runtime.startForegroundFetch(openKey: key)
                }
            } else {
                // The app ran, so iOS sees it used, but New Activity's code does not run.
                runtime.context.lastOpen = runtime.now
                runtime.os.appForegrounded(&runtime.context)
            }
            runtime.context.scheduleNextAppOpen()
        case .fetchFinished(let attempt, let failure):
            // A fetch of a cancelled schedule: cancelDualSchedule ended its task.
            guard attempt.epoch == runtime.epoch else { break }
            fetchFinished(attempt, failure: failure)
        case .fetchRetry(let attempt):
            guard attempt.epoch == runtime.epoch else { break }
            runtime.attempt(attempt)
        case .notificationDue(let cycle, let epoch):
            guard epoch == runtime.epoch else { break }
            if OS.notificationsAreAlarms {
                if let later = runtime.os.heldAlarm(now: runtime.now) {
                    strategy.notificationHeld(cycle: cycle, until: later, &runtime)
                    break
                }
                runtime.context.activity[.alarmWakeups] += 1
            }
            strategy.notificationDue(cycle: cycle, &runtime)
        case .deadline(let cycle, let epoch):
            guard epoch == runtime.epoch else { break }
            strategy.deadline(cycle: cycle, &runtime)
        case .pushArrived(let cycle, let epoch):
            guard epoch == runtime.epoch else { break }
            react(runtime.os.wokenByPush(firstUnresolved: runtime.firstUnresolved, &runtime.context))
            strategy.pushArrived(cycle: cycle, &runtime)
        case .forceQuit, .forceStop, .reboot, .bootCompleted, .backgroundLaunch, .fetchAlarm:
            if OS.notificationsAreAlarms, !runtime.state.lifecycle.orphans.isEmpty {
                switch event {
                case .reboot, .forceStop: clearOrphanAlarms()
                default: break
                }
            }
            react(runtime.os.handle(event, firstUnresolved: runtime.firstUnresolved, &runtime.context))
        case .featureOff:
            featureOff()
        case .featureOn:
            featureOn()
        case .timeChange(let choice):
            timeChange(to: choice)
        case .reminder:
            reminderFires()
        case .orphan(let index):
            orphanFires(index)
        }
        if runtime.takeResolvedCycle() {
            strategy.cycleResolved(&runtime)
            if runtime.state.lifecycle.enabled { strategy.openCycle(&runtime) }
        }
    }

    /// A fetch attempt ended: its result goes to the cycle it decides, if any.
    private mutating func fetchFinished(_ attempt: FetchAttempt, failure: FetchFailure?) {
        let result = runtime.finishFetch(attempt, failure: failure)
        guard result != .retrying else { return }
        if attempt.stale { return staleFetchFinished(result) }
        if attempt.pushed { return strategy.pushFetchEnded(result, attempt: attempt, &runtime) }
        let decided = runtime.decidedCycle(startedFor: attempt.cycle)
        if let decided, decided > runtime.firstUnresolved, strategy.fetchReplacesPendingNotification(result, runtime) {
            supersedeCycles(before: decided)
        }
        if decided == nil {
            runtime.trace(.fetchEarly(failed: result == .failed), cycle: runtime.firstUnresolved)
        }
        switch result {
        case .failed: strategy.fetchFailed(decides: decided, &runtime)
        case .empty:
            if let decided { runtime.prefetched(decided) }
            strategy.fetchEmpty(decides: decided, &runtime)
        case .updates:
            if let decided { runtime.prefetched(decided) }
            strategy.fetchSucceeded(decides: decided, &runtime)
        case .retrying: break
        }
    }

    /// A fetch completed in `cycle`'s window while earlier cycles were unresolved (their alarms
    /// held): their windows have closed, so it serves none of them, and the notification its code
    /// arms for `cycle` replaces what they kept armed (docs/model.md §2, cycle windows). Each is
    /// missed, in order, and the next cycle opened, before the fetch decides `cycle`.
    private mutating func supersedeCycles(before cycle: Int) {
        while runtime.firstUnresolved < cycle {
            runtime.resolveUnshown(cycle: runtime.firstUnresolved, because: .superseded(byCycle: cycle))
            _ = runtime.takeResolvedCycle()
            strategy.cycleResolved(&runtime)
            strategy.openCycle(&runtime)
        }
    }

    /// Runs the plugin code a platform event calls for. While New Activity is off only what a
    /// defective cancel left behind runs (a stale fetch task).
    private mutating func react(_ reaction: PlatformReaction) {
        guard runtime.state.lifecycle.enabled else {
            switch reaction {
            case .fetchTaskRuns(let budget), .rearmedAndFetchTaskRuns(let budget): staleTaskRuns(budget: budget)
            // BOOT_COMPLETED re-armed the left fetch alarm by the plugin's idea of its schedule:
            // the old one, whose next F is not the first cycle after the off period.
            case .alarmsRearmed where runtime.state.lifecycle.staleCalendar != nil: scheduleLeftRequest()
            default: break
            }
            return
        }
        switch reaction {
        case .nothing, .foreground: break
        case .fetchTaskRuns(let budget): fetchTaskRuns(budget: budget)
        case .rearmedAndFetchTaskRuns(let budget):
            strategy.alarmsRearmed(&runtime)
            runtime.trace(.alarmsRearmed)
            fetchTaskRuns(budget: budget)
        case .alarmsCleared: strategy.alarmsCleared(&runtime)
        case .alarmsRearmed:
            strategy.alarmsRearmed(&runtime)
            runtime.trace(.alarmsRearmed)
        }
    }

    /// Setup and app opens (docs/model.md §2): re-configure the fetcher, re-arm, resubmit.
    mutating func foregroundCodeRuns(source: RandomSource, index: Int) {
        runtime.foregroundCodeRuns()
        let reaction = runtime.os.appOpened(firstUnresolved: runtime.firstUnresolved, &runtime.context)
        guard reaction == .foreground else { return react(reaction) }
        strategy.pluginCodeRuns(&runtime)
        guard runtime.plugin.fetchEnabled, Strategy.schedulesPlatformFetch else { return }
        // `earlyFetch: arm` knows no cycle windows: it schedules as a cron-only plugin would,
        // for the next `contentFetch` occurrence after now, whatever is armed.
        let cycle =
            runtime.strategy.earlyFetch == .arm
            ? runtime.calendar.firstCycle(withFetchAfter: runtime.now)
            : runtime.cycleNeedingPrefetch
        runtime.os.keepFetchScheduled(cycle: cycle, source: source, index: index, &runtime.context)
    }

    /// A BG task (iOS) or fetch alarm (Android) runs: resubmit or re-arm for
    /// the next cycle whose F is ahead, then fetch for the earliest unresolved one.
    private mutating func fetchTaskRuns(budget: Millis?) {
        let served = runtime.firstUnresolved
        guard served < runtime.calendar.count else { return }
        // `earlyFetch: arm`: the next occurrence after now, also one of a cycle already decided.
        let next =
            runtime.strategy.earlyFetch == .arm
            ? runtime.calendar.firstCycle(withFetchAfter: runtime.now)
            : runtime.calendar.firstCycle(from: served, withFetchAfter: runtime.now)
        runtime.os.scheduleFetch(cycle: next, &runtime.context)
        strategy.pluginCodeRuns(&runtime)
        runtime.startFetch(budget: budget)
    }
}
