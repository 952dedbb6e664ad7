/// Why a cycle ended without a notification. `CycleOutcome.classify` turns it into the outcome
/// (suppressed or missed); the trace prints `explanation`.
public enum UnshownReason: Sendable, Equatable {
    /// `cancelDualSchedule` ran after the cycle's T, before anything showed.
    case cancelledBeforeShown
    /// Chained: the cycle's fetch found no updates and `onEmpty: suppress`.
    case fetchFoundNoUpdates
    /// Independent timers: the cycle's own fetch found no updates and its request was removed.
    case ownFetchFoundNoUpdates
    /// Alert push: the handler's fetch found no updates and it may show nothing.
    case handlerFoundNoUpdates
    /// Nothing was shown by the next cycle's T.
    case nothingByNextNotifyTime
    /// Chained with guards: no content by T + contentTimeout and no guard armed.
    case noContentAndNoGuard
    /// Android independent timers: a reboot cleared the notification alarm.
    case alarmCleared
    /// Android independent timers: power management held the notification alarm past the next T.
    case alarmHeld
    /// A fetch completed in cycle `byCycle`'s window while this earlier cycle was still unresolved
    /// (its notification alarm held or cleared): the fetch serves the later cycle, whose
    /// notification, under the same identifier, replaces this one's (docs/model.md §2, cycle windows).
    case superseded(byCycle: Int)
    /// Alert push: the fetch failed and `fallbackBehavior: skip`.
    case fetchFailedAndSkipped
    /// Alert push: the push service never delivered it.
    case pushLost
    /// Alert push: it expired in the push service's store.
    case pushExpired
    /// Alert push: cycle `by`'s push replaced it in the push service's store.
    case pushReplaced(by: Int)
    /// Alert push: still held when the run ended.
    case pushHeldPastRunEnd
    /// The device discarded the push without running the app's code.
    case pushDiscarded(PushDiscard)
    /// Alert push: the server had no news for the user and sent none (`server.pushWhen: withNews`).
    case serverHadNoNews

    /// Whether the plugin showed nothing because nothing was new (suppressed), rather than
    /// failing to show (missed).
    public var nothingNew: Bool {
        switch self {
        case .fetchFoundNoUpdates, .ownFetchFoundNoUpdates, .handlerFoundNoUpdates, .serverHadNoNews: true
        default: false
        }
    }

    /// The trace's words for it; `pushService` names the store (APNs, FCM).
    public func explanation(pushService: String) -> String {
        switch self {
        case .cancelledBeforeShown: "cancelDualSchedule removed it before it showed"
        case .fetchFoundNoUpdates: "the fetch returned no updates"
        case .ownFetchFoundNoUpdates: "this cycle's fetch returned no updates"
        case .handlerFoundNoUpdates: "the handler's fetch found no updates and shows nothing"
        case .nothingByNextNotifyTime: "nothing shown by the next cycle's T"
        case .noContentAndNoGuard: "no content by T + contentTimeout and no guard armed"
        case .alarmCleared: "no notification alarm was armed (a reboot cleared it)"
        case .alarmHeld: "power management held the notification alarm past the next cycle's T"
        case .superseded(let by):
            "superseded: cycle \(by + 1)'s fetch completed in its own window while this cycle was unresolved, and the plugin moved on to it"
        case .fetchFailedAndSkipped: "the fetch failed and fallbackBehavior is skip: the handler shows nothing"
        case .pushLost: "its push was lost"
        case .pushExpired: "its push expired in the \(pushService) store"
        case .pushReplaced(let by): "cycle \(by + 1)'s push replaced it in the \(pushService) store"
        case .pushHeldPastRunEnd: "its push was still held when the run ended"
        case .pushDiscarded(let reason): "the device discarded its push (\(reason.rawValue))"
        case .serverHadNoNews: "the server had no news since its last push and sent none (pushWhen: withNews)"
        }
    }
}
