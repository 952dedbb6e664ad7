/// The moments of a device's life the simulator handles (docs/model.md §2): the ones
/// at which the platform gives plugin code CPU, and the ones at which the
/// platform acts without it (a notification request firing, a deadline).
public enum DeviceEvent: FingerprintedEvent {
    case setup
    case appOpen(key: Int)
    /// iOS: the user swipes the app away; BG tasks stop until the next open.
    case forceQuit
    /// Android: the user force-stops the app; every alarm is cleared until the next open.
    case forceStop
    /// Android: the phone reboots; every alarm is cleared.
    case reboot
    /// Android: BOOT_COMPLETED reaches the plugin's receiver, if it registered one.
    case bootCompleted
    case backgroundLaunch
    case fetchAlarm
    /// A fetch attempt ends.
    case fetchFinished(FetchAttempt, failure: FetchFailure?)
    /// A failed attempt's retry starts, after `contentFetch.retryDelay`.
    case fetchRetry(FetchAttempt)
    /// An armed request (iOS) or notification alarm (Android) for the cycle's T. `epoch` counts the
    /// plugin's schedules on the device: an event of an earlier one was cancelled with it.
    case notificationDue(cycle: Int, epoch: UInt32 = 0)
    /// The cycle's display window closes: its guard fires, or it is missed.
    case deadline(cycle: Int, epoch: UInt32 = 0)
    /// The device takes the server's push for the cycle.
    case pushArrived(cycle: Int, epoch: UInt32 = 0)
    /// The user turns New Activity off (the app calls `cancelDualSchedule`), or on again.
    case featureOff
    case featureOn
    /// The user picks a new notification time: `choice` indexes the world's time choices.
    case timeChange(choice: Int)
    /// The app's Daily Reminder fires.
    case reminder
    /// A notification left on the platform by a defect fires (`PluginRuntime.orphans`).
    case orphan(Int)

    /// Kind and cycle folded into one word. The values are part of every
    /// committed fingerprint: never renumber them. Inlined into the event loop, once per event.
    @inline(__always)
    public var fingerprintCode: UInt64 {
        switch self {
        case .setup: 1 << 56
        case .appOpen: 2 << 56
        case .forceQuit: 3 << 56
        case .backgroundLaunch: 4 << 56
        case .fetchAlarm: 5 << 56
        case .fetchFinished(let attempt, let failure):
            6 << 56 | UInt64(failure == nil ? 0 : 1) << 48 | UInt64(attempt.cycle) << 8
        case .notificationDue(let cycle, _): 7 << 56 | UInt64(cycle) << 8
        case .deadline(let cycle, _): 8 << 56 | UInt64(cycle) << 8
        case .reboot: 9 << 56
        case .bootCompleted: 10 << 56
        case .fetchRetry(let attempt): 11 << 56 | UInt64(attempt.cycle) << 8
        case .pushArrived(let cycle, _): 12 << 56 | UInt64(cycle) << 8
        case .featureOff: 13 << 56
        case .featureOn: 14 << 56
        case .timeChange(let choice): 15 << 56 | UInt64(choice) << 8
        case .reminder: 16 << 56
        case .orphan(let index): 17 << 56 | UInt64(index) << 8
        case .forceStop: 18 << 56
        }
    }
}
