/// A platform's rules for when plugin code gets CPU and when armed
/// notifications fire (docs/model.md §2), as one component per platform: iOS's
/// `BGTaskScheduler` (`IOSTaskScheduler`) and Android's `AlarmManager`
/// (`AndroidAlarms`). Each owns its pending handles and state. A platform
/// knows nothing of strategies: when one of its events runs plugin code, it
/// says so with a `PlatformReaction`.
public protocol PlatformModel {
    /// The platform's push service, for the push strategies.
    associatedtype Push: PushChannel
    static var platform: Platform { get }
    /// Whether a notification due at T runs app code (and costs an alarm wake-up).
    static var notificationsAreAlarms: Bool { get }
    /// How many pending notification requests (iOS) or alarms (Android) the platform keeps for an app.
    static var pendingRequestLimit: Int { get }
    /// `schedulesFetch` is false when the strategy leaves fetching to the
    /// server's pushes: the platform then schedules no fetch of its own.
    init(world: WorldConfiguration, schedulesFetch: Bool)
    /// Android: a reboot cleared the alarms and nothing has re-armed them yet.
    var alarmsLost: Bool { get }
    /// Whether a BG request (iOS) or fetch alarm or job (Android) is pending.
    var fetchPending: Bool { get }
    /// Delay between a notification's trigger and its display.
    var notificationDelay: Distribution { get }
    /// When a notification request or alarm set at `now` for `time` really fires.
    func notificationFireTime(
        _ time: Millis, purpose: AlarmPurpose, cycle: Int, now: Millis, device: Int,
        random: KeyedRandom
    ) -> Millis
    /// The cycle before which chained guards can be armed now, counting from `start`.
    func guardsReach(
        from start: Int, firstUnresolved: Int, armedRequests: Int, until horizonEnd: Millis,
        calendar: CycleCalendar
    ) -> Int
    /// The device starts: schedule the platform's own interruptions.
    mutating func start(_ context: inout DeviceContext)
    /// Handles an event only this platform raises.
    mutating func handle(_ event: DeviceEvent, firstUnresolved: Int, _ context: inout DeviceContext) -> PlatformReaction
    /// The app runs in the foreground (setup or an open).
    mutating func appOpened(firstUnresolved: Int, _ context: inout DeviceContext) -> PlatformReaction
    /// A push runs plugin code in the background (an FCM message after a reboot can re-arm alarms).
    mutating func wokenByPush(firstUnresolved: Int, _ context: inout DeviceContext) -> PlatformReaction
    /// Foreground plugin code keeps a fetch scheduled for `cycle`; `source`
    /// and `index` key the draws of what it submits.
    mutating func keepFetchScheduled(cycle: Int, source: RandomSource, index: Int, _ context: inout DeviceContext)
    /// The fetch task runs: schedule the next one, for `cycle`.
    mutating func scheduleFetch(cycle: Int, _ context: inout DeviceContext)
    /// A handler `cancelDualSchedule` left schedules its next run for a schedule the plugin no
    /// longer has: at `earliest`, the old schedule's F, with `cycle` (its index there) keying draws.
    mutating func scheduleFetch(earliest: Millis, cycle: Int, _ context: inout DeviceContext)
    /// `cancelDualSchedule`: the pending BG request (iOS) or fetch alarm (Android) is removed.
    mutating func cancelFetch(_ context: inout DeviceContext)
    /// The app runs in the foreground while New Activity is off: no plugin code runs.
    mutating func appForegrounded(_ context: inout DeviceContext)
    /// Android: an alarm comes due now. nil when it runs; else when power management lets it
    /// (`.max`: not within the run).
    mutating func heldAlarm(now: Millis) -> Millis?
}

extension PlatformModel {
    /// No power rule holds what fires (iOS).
    @inline(__always)
    public mutating func heldAlarm(now: Millis) -> Millis? { nil }
}

/// What plugin code a platform event runs.
public enum PlatformReaction: Equatable, Sendable {
    /// None.
    case nothing
    /// The fetch task runs (BG task or fetch alarm), within `budget` if any.
    case fetchTaskRuns(budget: Millis?)
    /// Android WorkManager: the fetch job runs plugin code after a reboot cleared the alarms; that
    /// code re-arms them (the strategy re-arms its own), then fetches within `budget`.
    case rearmedAndFetchTaskRuns(budget: Millis?)
    /// A reboot cleared the alarms (the strategy's too).
    case alarmsCleared
    /// Plugin code re-armed the fetch alarm after a reboot; the strategy re-arms its own.
    case alarmsRearmed
    /// Foreground code runs as usual.
    case foreground
}

/// Which of a cycle's Android alarms a draw is for: part of its random key.
public enum AlarmPurpose: Int, Sendable {
    case fetch = 0
    case notification = 1
    case guardRequest = 2
}
