/// The two platforms the plugin ships on.
public enum Platform: String, Sendable, CaseIterable, Comparable {
    case ios
    case android

    public static func < (a: Platform, b: Platform) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// iOS `BGTaskScheduler` request kind; it sets the run budget's default.
public enum BackgroundTaskKind: String, Sendable, CaseIterable {
    case appRefresh
    case processing

    /// The run budget iOS gives the kind: minutes for a processing task, about 30 s for an
    /// app refresh (proton-stream's NewEpisodes.swift; Apple's `BGProcessingTaskRequest` docs, WWDC 2019 session 707).
    public var defaultBudget: Millis {
        switch self {
        case .appRefresh: 30 * SimTime.second
        case .processing: 5 * SimTime.minute
        }
    }
}

/// How iOS runs the plugin's background fetch and shows its notifications.
public struct IOSConfiguration: Sendable, Equatable {
    public var taskKind: BackgroundTaskKind = .appRefresh
    /// `UNUserNotificationCenter` authorization: false, denied; every notification is blocked and an
    /// alert push is not presented (its service extension does not run).
    public var notificationAuthorization = true
    /// Delay after max(earliestBeginDate, submission) before the task launches.
    public var delay: Distribution = .fixed(0)
    /// Probability that a submitted request is never run.
    public var never: Double = 0
    /// Run budget as the scenario writes it; nil: the kind's `defaultBudget`.
    public var budgetSetting: Millis?
    /// A run budget drawn per launch (`fetchTask.budget` as a distribution); nil: `budget`, fixed.
    public var budgetDistribution: Distribution?
    /// When a pending request launches: `delay` after max(earliestBeginDate, now), or that
    /// held until shortly before the user's next likely open (docs/model.md §2).
    public var launch: IOSLaunchModel = .afterEarliest
    /// The user's Background App Refresh switch for the app: off, no BG task or background push runs.
    public var backgroundAppRefresh = true
    /// Run budget; past it the expiration handler cancels the fetch.
    @inlinable public var budget: Millis {
        get { budgetSetting ?? taskKind.defaultBudget }
        set { budgetSetting = newValue }
    }
    /// Delay between a notification's trigger and its display.
    public var notificationDelay: Distribution = .fixed(0)
    /// BGProcessingTask: run only while the phone charges (the user's charging windows).
    public var requiresExternalPower = false
    /// Run only while online (the task waits out offline periods).
    public var requiresNetworkConnectivity = false
    /// BG tasks stop when the app was not opened for this long (nil: never, the default).
    public var inactiveAfter: Millis?
    /// A processing request is fulfilled only while the app was used within the past week
    /// (Apple's `BGTaskRequest.h`).
    public static let processingUsageWindow: Millis = 7 * SimTime.day
    /// Whether an app open resubmits the BG request always, or only when none is pending.
    public var resubmitOnOpen: ResubmitPolicy = .always
    /// APNs and the Notification Service Extension, for the push strategies.
    public var push = IOSPushConfiguration()
    /// The user lets the app's time-sensitive notifications break through Focus and Scheduled Summary.
    public var timeSensitiveAllowed = true
    public init() {}
}

/// When foreground plugin code resubmits the BG request.
public enum ResubmitPolicy: String, Sendable, CaseIterable {
    /// At every open: the new request replaces the pending one, with a new draw and delay.
    case always
    /// Only when no request is pending (`BGTaskScheduler.getPendingTaskRequests`
    /// is empty: none was submitted, or the OS dropped it).
    case ifNone
}

/// How Android's alarms run the plugin.
public struct AndroidConfiguration: Sendable, Equatable {
    /// Delay of the fetch alarm after its scheduled time.
    public var fetchAlarmDelay: Distribution = .fixed(0)
    /// Delay of the notification (and guard) alarm after its scheduled time.
    public var notificationDelay: Distribution = .fixed(0)
    /// The AlarmManager call the plugin's alarms use.
    public var alarmKind: AndroidAlarmKind = .exactAllowWhileIdle
    /// Without SCHEDULE_EXACT_ALARM the alarms become inexact, delivered
    /// within `inexactWindow` of the time until the trigger.
    public var exactAlarmPermission = true
    /// The inexact delivery window as a share of the time from setting an
    /// alarm to its trigger: 0.75 in AOSP (AlarmManagerService.maxTriggerTime),
    /// capped at an hour from API 31 (`AndroidPowerManagement.inexactCap`).
    public var inexactWindow = 0.75
    /// Deep Doze while the phone lies idle (the user's idle windows); nil: none.
    public var doze: DozeSchedule?
    /// A BOOT_COMPLETED receiver re-arms the alarms after a reboot.
    public var rescheduleOnBoot = false
    /// How long after a reboot BOOT_COMPLETED reaches the receiver.
    public var bootCompletedDelay: Millis = SimTime.minute
    /// API level, standby buckets, background restriction and OEM battery manager.
    public var power = AndroidPowerManagement()
    /// FCM and the messaging service, for the push strategies.
    public var push = AndroidPushConfiguration()
    /// Where the fetch alarm's code fetches: in its receiver (under `receiverBudget`) or in work
    /// the receiver hands it to.
    public var fetchIn: AndroidFetchHandler = .worker
    /// Android 13+ `POST_NOTIFICATIONS`: false, the user denied it; every notification is blocked.
    public var notificationPermission = true
    /// How long a receiver may run its fetch: 10 s, the developer docs' guidance for `goAsync`
    /// ("BroadcastReceiver": finish within 10 seconds); AOSP's background broadcast timeout is 60 s.
    public var receiverBudget: Millis = 10 * SimTime.second
    /// What wakes the plugin to fetch: an alarm at F, or WorkManager work (`workManager`).
    public var fetchWith: AndroidFetchScheduler = .alarm
    /// The work request, when `fetchWith` is `workManager`.
    public var workManager = WorkManagerConfiguration()
    public init() {}

    /// The budget a fetch runs under: the receiver's; JobScheduler's execution limit for a job;
    /// none when the receiver hands the fetch to expedited work.
    public var fetchBudget: Millis? {
        if fetchWith == .workManager { return WorkManagerConfiguration.executionLimit }
        return fetchIn == .receiver ? receiverBudget : nil
    }

    /// What the plugin's alarms really are, for reports and traces: exact only with the
    /// exact-alarm permission; without it AlarmManager sets them inexact, and the model then
    /// lets Doze defer them (`AndroidAlarms.deferredFireTime`).
    public var firingAlarm: String {
        guard exactAlarmPermission else { return "inexact (no exact-alarm permission; deferred in Doze)" }
        switch alarmKind {
        case .exactAllowWhileIdle: return "exact (setExactAndAllowWhileIdle)"
        case .setExact: return doze == nil ? "exact (setExact)" : "exact (setExact; deferred in Doze)"
        case .alarmClock: return "exact (setAlarmClock)"
        }
    }
}

/// Deep Doze's maintenance windows: the idle periods between them start at
/// `firstIdle` and grow by `factor` up to `maxIdle` (AOSP DeviceIdleController:
/// idle_to 60 min, idle_factor 2, max_idle_to 6 h).
public struct DozeSchedule: Sendable, Equatable {
    public var firstIdle: Millis = SimTime.hour
    public var factor: Double = 2
    public var maxIdle: Millis = 6 * SimTime.hour
    public init() {}

    /// The first maintenance window at or after `time` in an idle period that started at `start`.
    public func nextWindow(after time: Millis, idleSince start: Millis) -> Millis {
        var window = start
        var step = firstIdle
        while window < time {
            window += step
            step = min(Millis((Double(step) * factor).rounded()), maxIdle)
        }
        return window
    }

    /// When Doze lets an alarm or message due at `time` through: at once
    /// unless the phone lies idle and unplugged, else at the idle period's
    /// next maintenance window, its end, or when the phone is plugged in.
    public func release(_ time: Millis, idle: TimeWindows, charging: TimeWindows) -> Millis {
        guard let period = idle.interval(containing: time), !charging.contains(time) else { return time }
        return min(nextWindow(after: time, idleSince: period.start), period.end, charging.nextInside(time) ?? .max)
    }

    /// The periods within [start, end) during which `release` holds a job: idle and unplugged, and
    /// not at a maintenance window (a window is an instant here: the held time resumes 1 ms after it).
    public func heldPeriods(idle: TimeWindows, charging: TimeWindows, from start: Millis, to end: Millis) -> [(
        Millis, Millis
    )] {
        var out: [(Millis, Millis)] = []
        for (idleStart, idleEnd) in zip(idle.starts, idle.ends) where idleEnd > start && idleStart < end {
            var window = idleStart, step = firstIdle
            while window < idleEnd && window < end {
                let next = window + step
                step = min(Millis((Double(step) * factor).rounded()), maxIdle)
                var from = window + 1
                let to = min(next, idleEnd)
                for (plugged, unplugged) in zip(charging.starts, charging.ends) where unplugged > from && plugged < to {
                    if plugged > from { out.append((from, plugged)) }
                    from = max(from, unplugged)
                }
                if to > from { out.append((from, to)) }
                window = next
            }
        }
        return out.compactMap { from, to in
            let clipped = (max(from, start), min(to, end))
            return clipped.1 > clipped.0 ? clipped : nil
        }
    }
}

/// The content fetcher's network behaviour (TimeSafariNativeFetcher).
public struct FetchConfiguration: Sendable, Equatable {
    public var latency: Distribution = .fixed(0)
    /// Network failure probability per attempt.
    public var failure: Double = 0
    /// The notification copy of fetched content (`fetch.copy`); nil: TimeSafari's.
    public var copy: CopyTemplate?
    public init() {}
}

/// The Endorser server's update process for the starred projects.
public struct ServerConfiguration: Sendable, Equatable {
    public var updatesPerDay: Double = 1
    public var starredPlans: Int = 1
    /// When the server sends a push strategy's pushes.
    public var pushWhen: PushPolicy = .always
    public init() {}
}

/// The user's behaviour; zero rates mean the behaviour is absent.
public struct UserConfiguration: Sendable, Equatable {
    public var appOpensPerDay: Double = 0
    /// iOS: after a force-quit no BG task runs until the next app open.
    public var forceQuitPerDay: Double = 0
    /// Android: a force stop (Settings, or a vendor's cleaner) cancels every alarm and job and makes
    /// FCM drop the app's messages until the next app open.
    public var forceStopPerDay: Double = 0
    /// How long the JWT pool handed over at each app open lasts; nil: forever.
    public var tokenLifetime: Millis?
    /// Relative weights of the 24 hours of the day for app opens; nil: uniform.
    public var appOpenHours: [Double]?
    /// Low Power Mode periods (iOS: no BG tasks while on).
    public var lowPowerPerDay: Double = 0
    public var lowPowerDuration: Distribution = .fixed(0)
    /// Relative weights of the 24 hours of the day for Low Power Mode starts; nil: uniform.
    public var lowPowerHours: [Double]?
    /// Offline periods: fetches fail.
    public var offlinePerDay: Double = 0
    public var offlineDuration: Distribution = .fixed(0)
    /// Relative weights of the 24 hours of the day for offline starts; nil: uniform.
    public var offlineHours: [Double]?
    /// Reboots: Android clears alarms.
    public var rebootsPerDay: Double = 0
    /// Daily charging windows (UTC intervals over the run, built by the scenario).
    public var charging = TimeWindows()
    /// Daily windows when the phone lies still and unused (Android Doze).
    public var idle = TimeWindows()
    /// iOS Scheduled Summary: the summary times over the run (UTC, sorted); empty when the user has none.
    public var summaryTimes: [Millis] = []
    /// iOS Focus periods (UTC intervals over the run): notifications that are not time-sensitive wait.
    public var focus = TimeWindows()
    /// New Activity turned off (then on again `disabledFor` later), per day.
    public var disablePerDay: Double = 0
    public var disabledFor: Distribution = .fixed(0)
    /// The user picks a new notification time, per day, among `WorldConfiguration.timeChoices`
    /// with these weights.
    public var timeChangePerDay: Double = 0
    public var timeChoiceWeights: [Double] = []
    /// Edits of the starred projects per day; after each the list is empty with this probability
    /// (so it is empty this share of the time). A fetch with no starred projects finds nothing.
    public var starredChangePerDay: Double = 0
    public var emptyStarredShare: Double = 0
    public init() {}
}
