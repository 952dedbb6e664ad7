/// When the user could first see a notification iOS delivered (docs/model.md §2, iOS presentation):
/// a Focus period holds a notification that is not time-sensitive until it ends, and with Scheduled
/// Summary it then waits for the next summary time. Inactive (one test) when the user has neither.
struct NotificationPresentation {
    /// The user's summary times (UTC instants over the run, sorted); empty without Scheduled Summary.
    private let summaryTimes: [Millis]
    private let focus: TimeWindows
    /// A `timeSensitive` notification breaks through while the user allows it.
    private let timeSensitiveAllowed: Bool
    let active: Bool

    init(_ world: WorldConfiguration) {
        summaryTimes = world.user.summaryTimes
        focus = world.user.focus
        timeSensitiveAllowed = world.ios.timeSensitiveAllowed
        active = !summaryTimes.isEmpty || !focus.isEmpty
    }

    /// The moment a notification delivered at `delivered` with `level` can be seen.
    func seen(_ delivered: Millis, level: InterruptionLevel) -> Millis {
        guard active, level != .timeSensitive || !timeSensitiveAllowed else { return delivered }
        let afterFocus = focus.interval(containing: delivered)?.end ?? delivered
        guard !summaryTimes.isEmpty else { return afterFocus }
        let index = summaryTimes.firstIndex(after: afterFocus - 1)
        // Past the run's last summary: the next day's first (the run ends before it anyway).
        return index < summaryTimes.count ? summaryTimes[index] : afterFocus
    }
}
