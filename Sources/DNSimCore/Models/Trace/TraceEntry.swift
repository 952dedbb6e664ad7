/// One line of a device's timeline: when, which cycle, and what happened as structured fields.
/// The English sentence is written here, only when asked for.
public struct TraceEntry: Sendable, Equatable {
    public var time: Millis
    /// The cycle the entry concerns (0-based), or nil.
    public var cycle: Int?
    public var event: TraceEvent

    public init(time: Millis, cycle: Int?, event: TraceEvent) {
        self.time = time
        self.cycle = cycle
        self.event = event
    }

    /// A stable machine-readable kind, e.g. `bg.submit`, `fetch.done`, `notification.shown`.
    public var kind: String { event.kind }

    /// For shown notifications: the exact text on screen.
    public var title: String? {
        if case .notificationShown(_, _, let copy) = event { return copy.title }
        if case .newsShown(_, _, let copy) = event { return copy.title }
        return nil
    }

    public var body: String? {
        if case .notificationShown(_, _, let copy) = event { return copy.body }
        if case .newsShown(_, _, let copy) = event { return copy.body }
        return nil
    }

    /// An update as a person reads it (`update 17 of server day 2`), not its internal id
    /// (`day << 20 | rank`, which reads 1048593).
    static func update(_ id: Int64) -> String {
        return "update \(id & ((1 << Int64(ServerModel.rankBits)) - 1)) of server day \(ServerModel.day(of: id) + 1)"
    }

    /// What a person reads, with instants as epoch milliseconds.
    public var detail: String { detail(formattingTime: { "t=\($0)ms" }) }

    /// What a person reads; `formattingTime` writes the instants it names (the trace command: local time).
    public func detail(formattingTime time: (Millis) -> String) -> String {
        let number = (cycle ?? -1) + 1
        // An `onNews` arm's requests serve no cycle (`RunNumberedTraceSink`).
        let forCycle = cycle.map { " for cycle \($0 + 1)" } ?? ""
        switch event {
        case .forceQuit: return "user force-quits the app: no BG task runs until the next open"
        case .forceStop:
            return "user force-stops the app: every alarm is cancelled and FCM drops its messages until the next open"
        case .bootCompletedWhileStopped: return "BOOT_COMPLETED: the app is force-stopped, so its receiver does not run"
        case .backgroundTasksDropped(let limit):
            return
                "the app was not opened for \(SimTime.seconds(limit) / 86_400) days: iOS stops launching its BG tasks"
        case .backgroundTaskRuns(let kind): return "BGTaskScheduler launches the \(kind.rawValue) task"
        case .backgroundRequestRefused:
            return "BG request\(forCycle) refused: Background App Refresh is off (BGTaskScheduler error unavailable)"
        case .processingRequestUnfulfilled:
            return "the app was not used within the past week: iOS does not fulfil the processing request"
        case .backgroundRequestNeverRuns: return "BG request\(forCycle) submitted; the OS will never run it"
        case .backgroundRequestSubmitted(let earliest, let launch):
            return
                "BG request\(forCycle), earliestBeginDate \(time(earliest)); the OS will launch it at \(time(launch))"
        case .bootCompleted: return "BOOT_COMPLETED: the plugin re-arms its alarms"
        case .fetchAlarmFires(let alarm): return "fetch alarm fires: \(alarm)"
        case .fetchAlarmSet(let fire): return "fetch alarm\(forCycle) at \(time(fire))"
        case .workScheduled(let run, let periodic):
            return "\(periodic ? "periodic" : "one-time") fetch work\(forCycle): its job runs at \(time(run))"
        case .workRescheduledAtBoot:
            return
                "BOOT_COMPLETED: WorkManager enqueues its work again; the plugin's alarms stay lost until its code runs"
        case .workRuns(let expedited):
            return expedited ? "fetch work runs (expedited, within its quota)" : "fetch work runs (a regular job)"
        case .reboot(let rescheduleOnBoot):
            return "the phone reboots: every alarm is cleared"
                + (rescheduleOnBoot ? "" : "; no BOOT_COMPLETED receiver re-arms them")
        case .setup(let arm): return "scheduleDualNotification: \(arm)"
        case .appOpen: return "user opens the app"
        case .fetchStarted(let copyTemplate, let afterID, let retry, let foreground, let handler):
            return (copyTemplate ? "the fetcher asks for updates" : "POST plansLastUpdatedBetween")
                + (afterID > 0 ? " (after \(Self.update(afterID)))" : " (nothing acked yet)")
                + (retry > 0 ? ", retry \(retry)" : "") + (foreground ? " in the foreground" : "")
                + (handler.map { " from \($0)" } ?? "")
        case .fetchRetrying(let failure, let delay):
            return "attempt failed (\(failure.rawValue)); retry in \(SimTime.seconds(delay)) s"
        case .fetchFailed(let failure, let ack):
            return "fetch failed (\(failure.rawValue)); "
                + (ack > 0 ? "ack stays at \(Self.update(ack))" : "nothing acked yet")
        case .fetchEmpty: return "fetch succeeded with no updates"
        case .fetchReturned(let updates, let ack, let copy):
            return
                "fetch returned \(updates) update(s); ack moves to \(Self.update(ack)); cached: \(copy.title) — \(copy.body)"
        case .fetchEarly(let failed):
            return failed ? "early fetch failed: decides nothing" : "early fetch: cached for later, decides nothing"
        case .alarmsRearmed: return "the plugin re-arms its alarms"
        case .requestContentReplaced: return "repeating request's content replaced by the fetch"
        case .requestRemoved: return "no updates: this cycle's request is removed"
        case .requestShowsDefault: return "no updates: this cycle shows the default copy"
        case .notificationArmed(let fetched):
            return "cycle \(number) armed for T with \(fetched ? "fetched" : "fallback") content"
        case .guardFires: return "guard request fires: fallback at T + contentTimeout"
        case .guardsArmed(let from, let through):
            return from + 1 == through
                ? "guard armed for cycle \(through)" : "guards armed for cycles \(from + 1)–\(through)"
        case .guardCancelled: return "fetch done: the cycle's guard is removed"
        case .notificationBlocked:
            return
                "cycle \(number) blocked: the plugin posts its notification, but the user denied the app notifications"
        case .notificationHeld(let until):
            return
                "cycle \(number): iOS delivers the notification; Focus or Scheduled Summary holds it until \(time(until))"
        case .notificationShown(let outcome, let afterT, _):
            return "cycle \(number) shown (\(outcome.name)), \(SimTime.seconds(afterT)) s after T"
        case .newsShown(let outcome, let after, _):
            return
                "an item's new update shown (\(outcome.name) per update), \(SimTime.seconds(after)) s after its publication"
        case .cycleUnshown(let outcome, let reason, let service):
            return "cycle \(number) \(outcome.name): \(reason.explanation(pushService: service))"
        case .cycleOff: return "cycle \(number) not due: New Activity is off"
        case .pushSent(let kind):
            return kind == .alert
                ? "the server sends cycle \(number)'s alert push (mutable-content, the fallback copy as payload)"
                : "the server sends cycle \(number)'s background push (content-available)"
        case .pushNotSent(let kind):
            return "the server has no news for cycle \(number) since its last push "
                + "and sends no \(kind == .alert ? "alert" : "background") push (pushWhen: withNews)"
        case .pushHeld(let hold, let service, let until):
            let why = hold == .offline ? "the device is offline" : "not delivered to the app (\(hold.rawValue))"
            let stored: String
            switch until {
            case .storeFor(let span): stored = "for \(SimTime.written(span))"
            case .newestOnly: stored = "(only the newest per app)"
            case .release(let release): stored = "until \(time(release))"
            }
            return "\(why): \(service) stores the push \(stored)"
        case .pushDropped(let service): return "\(service) never delivers it"
        case .pushExpired(let service): return "stored past storeFor: \(service) discards it"
        case .pushReplaced(let by): return "cycle \(by + 1)'s push replaces it in the store"
        case .pushDiscarded(let reason):
            return "iOS discards the background push without waking the app: \(reason.rawValue)"
        case .alertPushArrived(let handler, let budget):
            return "the alert push arrives: \(handler) runs"
                + (budget.map { " and fetches (budget \(SimTime.written($0)))" } ?? " with fetching off")
        case .backgroundPushArrived(let budget):
            return "the background push wakes the app (budget \(SimTime.written(budget)))"
        case .pushHandlerTimedOut(let ios):
            return "the handler's time runs out" + (ios ? " (serviceExtensionTimeWillExpire)" : "")
                + " before the fetch ends"
        case .pushFetchPastWindow(let windowEnd):
            return "the push was held past the cycle's window (it closed \(time(windowEnd))): "
                + "the fetch is no longer this cycle's, so the payload's copy is shown"
        case .cancelDualSchedule(let defects):
            return "cancelDualSchedule()"
                + (defects.isEmpty
                    ? ": every request and alarm removed" : " with defects: " + defects.joined(separator: ", "))
        case .featureOff(let until): return "the user turns New Activity off until \(time(until))"
        case .featureOn: return "the user turns New Activity on: scheduleDualNotification"
        case .timeChange(let notifyTime):
            return "the user moves New Activity" + (notifyTime.map { " to \(time($0))" } ?? "")
        case .reminderShown(let wanted):
            return wanted ? "the Daily Reminder shows" : "the Daily Reminder shows, though the user never turned it on"
        case .leftNotificationShown(let source, let orphan, let enabled):
            return "\(source) shows"
                + (orphan ? (enabled ? " at a time the user has left" : " while New Activity is off") : "")
        case .leftNotificationDropped(let source, let limit):
            return "\(source): the platform already holds \(limit) left requests"
        case .leftNotificationArmed(let source, let fire): return "\(source), for \(time(fire))"
        case .staleTaskRuns:
            return "a BG request cancelDualSchedule left runs: its handler fetches for a schedule the user turned off"
        }
    }
}
