/// What every strategy's plugin code shares on one device (docs/model.md §2, §3): the device context
/// and platform model, the fetcher with its cache and ack (`+Fetcher`), how a cycle is shown
/// or resolved (`+Cycles`) and the user's lifecycle (`+Lifecycle`). Strategies receive it
/// `inout` in every handler and use its methods, not the context or platform inside.
///
/// The configuration is fixed for the run; what one device changes lives in `state`, the
/// platform model and the context, each replaced or reset by `begin`.
public struct PluginRuntime<OS: PlatformModel> {
    public let arm: Arm
    public let strategy: StrategyConfiguration
    public let plugin: PluginConfiguration
    let fetch: FetchConfiguration
    let world: WorldConfiguration
    /// The world the platform model is built from: `world`, but for a strategy that makes its own request (`onNews`).
    let platformWorld: WorldConfiguration
    public var context: DeviceContext
    public var os: OS
    /// The platform's push service, for the push strategies.
    public let push: OS.Push
    /// Whether the platform schedules fetches (false when pushes trigger them).
    let schedulesFetch: Bool
    /// Whether the user's lifecycle has events of its own: the device then runs to the run's end.
    let lifecycleRunsToEnd: Bool
    /// The user denied the app notifications: what would show is `blocked`.
    public let notificationsBlocked: Bool
    /// iOS: Scheduled Summary and Focus hold what iOS delivers until the user can see it; nil when neither applies.
    let presentation: NotificationPresentation?
    /// The interruption level of this arm's notifications: an alert push's payload, else the plugin's.
    let interruptionLevel: InterruptionLevel
    /// The current device's plugin state: one assignment in `begin` resets all of it.
    var state: PluginState
    /// Android: FCM's 7-day record of the device's high-priority messages (push arms only).
    var fcmHistory: FCMPriorityHistory
    /// What this device produced, for the metrics layer (emptied, not replaced, by `begin`:
    /// its buffers are reused from device to device).
    public internal(set) var log = DeviceLog()

    init(arm: Arm, world: DeviceWorld, schedulesFetch: Bool, platformWorld: WorldConfiguration? = nil) {
        self.arm = arm
        self.schedulesFetch = schedulesFetch
        push = OS.Push(world: world.configuration)
        let user = world.configuration.user
        notificationsBlocked =
            OS.platform == .android
            ? !world.configuration.android.notificationPermission
            : !world.configuration.ios.notificationAuthorization
        let presentation = NotificationPresentation(world.configuration)
        self.presentation = OS.platform == .ios && presentation.active ? presentation : nil
        interruptionLevel =
            arm.strategy.kind == .push && arm.strategy.pushKind == .alert
            ? world.configuration.ios.push.interruptionLevel ?? world.configuration.plugin.interruptionLevel
            : world.configuration.plugin.interruptionLevel
        lifecycleRunsToEnd = user.disablePerDay > 0 || user.timeChangePerDay > 0 || world.configuration.reminder != nil
        strategy = arm.strategy
        plugin = world.configuration.plugin
        fetch = world.configuration.fetch
        self.world = world.configuration
        self.platformWorld = platformWorld ?? world.configuration
        context = DeviceContext(world: world)
        os = OS(world: self.platformWorld, schedulesFetch: schedulesFetch)
        state = PluginState(calendar: world.configuration.calendar, reminderScheduled: false)
        let fcm = world.configuration.android.push
        fcmHistory = FCMPriorityHistory(
            active: OS.platform == .android && arm.strategy.kind == .push && fcm.priority == .high
                && fcm.deprioritizeBelow > 0 && world.configuration.android.doze != nil,
            threshold: fcm.deprioritizeBelow)
    }

    public var now: Millis { context.now }
    /// The device's cycles.
    public var calendar: CycleCalendar { _read { yield state.calendar } }
    /// The earliest cycle without an outcome.
    public var firstUnresolved: Int { state.firstUnresolved }
    /// The current schedule's epoch (`PluginState.epoch`).
    public var epoch: UInt32 { state.epoch }
    /// The plugin's cached content.
    public var cache: NotificationContent? { _read { yield state.fetcher.cache } }
    /// The instant after the last cycle's window: nothing is observed past it.
    public var runEnd: Millis { context.runEnd }
    /// Android: a reboot cleared the alarms and nothing has re-armed them yet.
    public var alarmsLost: Bool { os.alarmsLost }

    /// Back to the moment the user sets the schedule up, on `world`'s current device.
    mutating func begin(device world: DeviceWorld) {
        context.begin(device: world)
        os = OS(world: platformWorld, schedulesFetch: schedulesFetch)
        state = PluginState(
            calendar: context.calendar,
            reminderScheduled: world.configuration.reminder.map {
                $0.wanted || $0.defects.contains(.enableSchedulesReminder)
            } ?? false)
        log.removeAll()
        fcmHistory.reset()
    }

    /// The run ended: the counters and the trajectory join the log.
    mutating func finish(_ trajectory: RunTrajectory) {
        // The run stops at the last cycle's outcome: nothing later was observed.
        context.telemetry?.deviceEnded(at: context.now)
        log.activity = context.activity
        log.calendar = state.calendar
        log.activity.trajectory = trajectory.hash
        log.activity.events = trajectory.events
        log.activity[.updates] = context.server.updateCount(before: context.runEnd)
        // Every strategy's per-update measure, so cycle arms and `onNews` compare on it.
        let freshWithin = world.freshWithin
        log.activity[.updatesFresh] = log.updateDelays.count { $0 <= freshWithin }
    }

    /// Adds `event` to the device's trace, when one is recorded (built only then).
    /// `mutating` (it changes nothing) so that callers hand over the runtime by reference: as a
    /// non-mutating method it was given a copy of all of it (a 2.4 KB memcpy per call).
    @inline(__always)
    public mutating func trace(_ event: @autoclosure () -> TraceEvent, cycle: Int? = nil, at time: Millis? = nil) {
        context.trace(event(), cycle: cycle, at: time)
    }

    /// The user sets the schedule up (`scheduleDualNotification`) for this arm.
    mutating func traceSetup() {
        context.trace(.setup(arm: arm.name))
    }

    /// Schedules a plugin event, stamped with the current schedule's epoch.
    @discardableResult
    mutating func schedule(at time: Millis, _ event: DeviceEvent) -> EventHandle {
        let epoch = state.epoch
        guard epoch != 0 else { return context.schedule(at: time, event) }
        switch event {
        case .deadline(let cycle, _): return context.schedule(at: time, .deadline(cycle: cycle, epoch: epoch))
        case .notificationDue(let cycle, _):
            return context.schedule(at: time, .notificationDue(cycle: cycle, epoch: epoch))
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
        os.notificationFireTime(
            time, purpose: purpose, cycle: cycle, now: armedAt ?? context.now, device: context.device,
            random: context.random)
    }

    /// How far plugin code may pre-arm guards now (`PlatformModel.guardsReach`); `mutating` for
    /// the reason `trace` is.
    @inline(__always)
    mutating func guardsReach(from start: Int, armedRequests: Int, until horizonEnd: Millis) -> Int {
        os.guardsReach(
            from: start, firstUnresolved: state.firstUnresolved, armedRequests: armedRequests, until: horizonEnd,
            calendar: state.calendar)
    }

    /// A notification alarm woke the device (Android: a guard alarm fired).
    mutating func countAlarmWakeup() {
        context.activity[.alarmWakeups] += 1
    }

    /// Setup and app opens run plugin code: `configureNativeFetcher` hands over a fresh JWT pool.
    mutating func foregroundCodeRuns() {
        context.lastOpen = now
        if let lifetime = world.user.tokenLifetime { state.fetcher.tokenExpiry = now + lifetime }
    }
}
