/// What happened at one moment of a device's timeline, with its facts as fields: the trace's
/// machine-readable record. `kind` names it; `TraceEntry.detail` writes the sentence a person
/// reads only when it is printed. Built only when a trace is asked for.
public enum TraceEvent: Sendable, Equatable {
    // The platform (iOS, Android).
    case forceQuit
    /// Android: the user force-stops the app.
    case forceStop
    /// BOOT_COMPLETED reaches no receiver of a force-stopped app.
    case bootCompletedWhileStopped
    /// iOS stops launching BG tasks of an app not opened for `inactiveAfter`.
    case backgroundTasksDropped(inactiveAfter: Millis)
    case backgroundTaskRuns(BackgroundTaskKind)
    /// A BG request submitted that the OS will never run.
    case backgroundRequestNeverRuns
    case backgroundRequestSubmitted(earliestBegin: Millis, launch: Millis)
    /// Background App Refresh is off: `BGTaskScheduler.submit` refuses the request.
    case backgroundRequestRefused
    /// A processing request's launch comes more than a week after the last open: not fulfilled.
    case processingRequestUnfulfilled
    case bootCompleted
    /// The fetch alarm fires; `alarm` names what it really is (`AndroidConfiguration.firingAlarm`).
    case fetchAlarmFires(alarm: String)
    case fetchAlarmSet(fire: Millis)
    /// WorkManager: the fetch work is enqueued and its job will run at `run` (constraints, Doze and `delay` applied).
    case workScheduled(run: Millis, periodic: Bool)
    /// WorkManager: the fetch job runs; `expedited` when within the expedited quota.
    case workRuns(expedited: Bool)
    /// BOOT_COMPLETED reaches WorkManager's `RescheduleReceiver` (no plugin receiver): its work is enqueued again.
    case workRescheduledAtBoot
    case reboot(rescheduleOnBoot: Bool)

    // The plugin's code and the fetcher.
    case setup(arm: String)
    case appOpen
    /// `copyTemplate`: the fetcher asks for updates (a copy template is set), not for plans.
    case fetchStarted(copyTemplate: Bool, afterID: Int64, retry: Int, foreground: Bool, pushHandler: String?)
    case fetchRetrying(FetchFailure, retryDelay: Millis)
    case fetchFailed(FetchFailure, ack: Int64)
    case fetchEmpty
    case fetchReturned(updates: Int, ack: Int64, cached: NotificationCopy)
    /// A fetch completed before the earliest unresolved cycle's F.
    case fetchEarly(failed: Bool)
    case alarmsRearmed

    // Notifications and cycles.
    /// Independent timers: the repeating request's content was replaced by the fetch.
    case requestContentReplaced
    /// Independent timers: an empty fetch removed this cycle's request, or made it show the default copy.
    case requestRemoved
    case requestShowsDefault
    /// Chained: the cycle's notification armed for T with fetched or fallback content.
    case notificationArmed(fetchedContent: Bool)
    case guardFires
    /// Guards armed for the cycles `from` ..< `through` (0-based).
    case guardsArmed(from: Int, through: Int)
    case guardCancelled
    case notificationShown(CycleOutcome, afterNotifyTime: Millis, copy: NotificationCopy)
    /// `onNews` posts an item's notification, seen `afterPublication` after the item's oldest new update (a later post of the
    /// item may still replace it unseen).
    case newsShown(CycleOutcome, afterPublication: Millis, copy: NotificationCopy)
    /// The plugin posts the cycle's notification, but the user denied notifications.
    case notificationBlocked
    /// iOS delivers the notification, but Focus or Scheduled Summary holds it until `until`.
    case notificationHeld(until: Millis)
    /// A cycle ended without a notification; `pushService` names the push store its reason may cite.
    case cycleUnshown(CycleOutcome, UnshownReason, pushService: String)
    case cycleOff

    // Pushes.
    case pushSent(PushKind)
    /// `server.pushWhen: withNews`: no news since the last push, so none is sent.
    case pushNotSent(PushKind)
    case pushHeld(PushHold, service: String, until: PushHeldUntil)
    case pushDropped(service: String)
    case pushExpired(service: String)
    case pushReplaced(byCycle: Int)
    /// iOS discarded a background push without waking the app.
    case pushDiscarded(PushDiscard)
    /// The alert push's handler runs; `budget` is nil when fetching is off.
    case alertPushArrived(handler: String, budget: Millis?)
    case backgroundPushArrived(budget: Millis)
    /// The alert push's handler ran out of time; `ios` names serviceExtensionTimeWillExpire.
    case pushHandlerTimedOut(ios: Bool)
    /// The alert push's fetch ended after the next cycle's window opened: the payload is shown.
    case pushFetchPastWindow(windowEnd: Millis)

    // The user's lifecycle (docs/lifecycle.md).
    /// `defects`: the defects' names, sorted; empty for a clean cancel.
    case cancelDualSchedule(defects: [String])
    case featureOff(until: Millis)
    case featureOn
    case timeChange(newNotifyTime: Millis?)
    case reminderShown(wanted: Bool)
    /// A notification a defect left shows: an orphan (`orphan`), else a stray one.
    case leftNotificationShown(source: String, orphan: Bool, featureEnabled: Bool)
    case leftNotificationDropped(source: String, limit: Int)
    case leftNotificationArmed(source: String, fire: Millis)
    case staleTaskRuns

    /// How long a held push waits in the push service's store.
    public enum PushHeldUntil: Sendable, Equatable {
        case storeFor(Millis)
        case newestOnly
        case release(Millis)
    }

    /// A stable machine-readable kind, e.g. `bg.submit`, `fetch.done`, `notification.shown`.
    public var kind: String {
        switch self {
        case .forceQuit: "app.forceQuit"
        case .forceStop: "app.forceStop"
        case .bootCompletedWhileStopped: "boot.completed"
        case .backgroundTasksDropped: "bg.dropped"
        case .backgroundTaskRuns: "bg.run"
        case .backgroundRequestNeverRuns, .backgroundRequestSubmitted, .backgroundRequestRefused: "bg.submit"
        case .processingRequestUnfulfilled: "bg.dropped"
        case .bootCompleted: "boot.completed"
        case .fetchAlarmFires: "alarm.fetch"
        case .fetchAlarmSet: "alarm.set"
        case .workScheduled: "work.set"
        case .workRuns: "work.run"
        case .workRescheduledAtBoot: "boot.completed"
        case .reboot: "reboot"
        case .setup: "setup"
        case .appOpen: "app.open"
        case .fetchStarted: "fetch.start"
        case .fetchRetrying, .fetchFailed: "fetch.fail"
        case .fetchEmpty: "fetch.empty"
        case .fetchReturned: "fetch.done"
        case .fetchEarly: "fetch.early"
        case .alarmsRearmed: "alarm.rearm"
        case .requestContentReplaced, .requestShowsDefault, .notificationArmed: "notification.armed"
        case .requestRemoved: "notification.cancelled"
        case .guardFires: "guard.fire"
        case .guardsArmed: "guard.armed"
        case .guardCancelled: "guard.cancelled"
        case .notificationShown: "notification.shown"
        case .newsShown: "news.shown"
        case .notificationBlocked: "notification.blocked"
        case .notificationHeld: "notification.held"
        case .cycleUnshown(let outcome, _, _): "cycle.\(outcome.name)"
        case .cycleOff: "cycle.off"
        case .pushSent: "push.sent"
        case .pushNotSent: "push.notSent"
        case .pushHeld: "push.held"
        case .pushDropped: "push.dropped"
        case .pushExpired: "push.expired"
        case .pushReplaced: "push.replaced"
        case .pushDiscarded: "push.discarded"
        case .alertPushArrived, .backgroundPushArrived: "push.arrived"
        case .pushHandlerTimedOut: "push.timeout"
        case .pushFetchPastWindow: "push.late"
        case .cancelDualSchedule: "plugin.cancel"
        case .featureOff: "feature.off"
        case .featureOn: "feature.on"
        case .timeChange: "time.change"
        case .reminderShown: "reminder.shown"
        case .leftNotificationShown(_, let orphan, _): orphan ? "orphan.shown" : "stray.shown"
        case .leftNotificationDropped: "orphan.dropped"
        case .leftNotificationArmed: "orphan.left"
        case .staleTaskRuns: "stale.task"
        }
    }
}
