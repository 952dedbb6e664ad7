/// A platform's push service and the app code a push runs (docs/push.md):
/// APNs with the Notification Service Extension on iOS (`APNsDelivery`), FCM
/// with the app's messaging service on Android (`FCMDelivery`). A channel
/// holds no state: each cycle's fate follows from its keyed draws and the
/// device's world, so every arm sees the same pushes.
public protocol PushChannel {
    init(world: WorldConfiguration)
    /// Loss and delay of a push of `kind`.
    func delivery(_ kind: PushKind) -> PushDelivery
    /// A further hold of a push of `kind` beyond its delay (APNs priority 5), or nil.
    func lowPriorityHold(_ kind: PushKind) -> Distribution?
    /// How long the service stores a push for a device it cannot reach.
    var storeFor: Millis { get }
    /// How long the code a push of `kind` runs may fetch.
    func handlerBudget(_ kind: PushKind) -> Millis
    /// Whether the code an alert push runs may show nothing (iOS: the filtering entitlement).
    var maySuppress: Bool { get }
    /// "APNs" or "FCM", for the trace.
    var serviceName: String { get }
    /// What runs on an alert push's arrival, for the trace.
    var handlerName: String { get }
    /// The first instant at or after `time` at which the device takes a push
    /// of `kind`, and what held it if that is later.
    func release(_ time: Millis, kind: PushKind, user: UserActivity) -> (time: Millis, hold: PushHold?)
    /// As `release`, for a push the service delivers at a lower priority than sent (`downgraded`).
    func release(_ time: Millis, kind: PushKind, user: UserActivity, downgraded: Bool) -> (
        time: Millis, hold: PushHold?
    )
    /// When and why the device discards a push of `kind` that reached the service at `arrival`
    /// and would reach the app at `release`, instead of running its code; nil: it does not.
    func discard(arrival: Millis, release: Millis, kind: PushKind, user: UserActivity) -> (
        at: Millis, reason: PushDiscard
    )?
}

extension PushChannel {
    /// A service that never lowers a push's priority (APNs).
    public func release(_ time: Millis, kind: PushKind, user: UserActivity, downgraded: Bool) -> (
        time: Millis, hold: PushHold?
    ) {
        release(time, kind: kind, user: user)
    }

    /// No further hold (FCM: its priorities are `FCMPriority`'s Doze rules).
    @inline(__always)
    public func lowPriorityHold(_ kind: PushKind) -> Distribution? { nil }

    /// A device that runs every push it takes (FCM).
    @inline(__always)
    public func discard(arrival: Millis, release: Millis, kind: PushKind, user: UserActivity) -> (
        at: Millis, reason: PushDiscard
    )? { nil }

    /// When the push of `cycle` reaches the service's edge, or nil when it is lost.
    /// Keyed by the kind and the cycle; the loss uniform is always consumed.
    func arrival(of cycle: Int, kind: PushKind, sentAt sent: Millis, context: DeviceContext) -> Millis? {
        let delivery = delivery(kind)
        context.beginDraws(kind == .alert ? .pushDelivery : .silentPushDelivery, index: cycle)
        let lost = context.random.bernoulli(delivery.drop)
        var delay = context.random.duration(delivery.delay)
        // Drawn after the others, from the same stream: a priority-10 push's draws are unchanged.
        if let hold = lowPriorityHold(kind) { delay += context.random.duration(hold) }
        return lost ? nil : sent + delay
    }

    /// What becomes of `cycle`'s push of `kind`, sent at `sendTimes[cycle]`.
    /// A push the device cannot take is stored: only the newest one (the
    /// server sends with a collapse key), so a later push that arrives while
    /// it waits replaces it; one stored longer than `storeFor` expires. One the device discards
    /// (iOS: a background push with Background App Refresh off, or held for a force-quit app)
    /// never runs the app's code.
    /// `sends(c)`: whether the server sends cycle c's push at all (nil: every one).
    public func fate(
        of cycle: Int, kind: PushKind, sendTimes: [Millis], context: DeviceContext, downgraded: Bool = false,
        sends: ((Int) -> Bool)? = nil
    ) -> PushFate {
        if let sends, !sends(cycle) { return .notSent }
        let sent = sendTimes[cycle]
        guard let arrival = arrival(of: cycle, kind: kind, sentAt: sent, context: context) else { return .dropped }
        let (release, hold) = self.release(arrival, kind: kind, user: context.user, downgraded: downgraded)
        let discard = self.discard(arrival: arrival, release: release, kind: kind, user: context.user)
        let expiry = sent > Millis.max - storeFor ? Millis.max : sent + storeFor
        if let discard, hold == nil || discard.at <= arrival {
            return .discarded(arrival: arrival, at: discard.at, hold: nil, reason: discard.reason)
        }
        guard let hold else { return .delivered(arrival: arrival, release: release, hold: nil) }
        let cutoff = min(discard?.at ?? release, expiry)
        var later = cycle + 1
        while later < sendTimes.count, sendTimes[later] < cutoff {
            if let sends, !sends(later) {
                later += 1
                continue
            }
            // A push that overtook this one while it travelled does not replace it in the store.
            if let next = self.arrival(of: later, kind: kind, sentAt: sendTimes[later], context: context),
                next >= arrival, next < cutoff
            {
                return .replaced(arrival: arrival, hold: hold, at: next, by: later)
            }
            later += 1
        }
        if let discard, discard.at <= expiry {
            return .discarded(arrival: arrival, at: discard.at, hold: hold, reason: discard.reason)
        }
        return release > expiry
            ? .expired(arrival: arrival, hold: hold, at: max(expiry, arrival))
            : .delivered(arrival: arrival, release: release, hold: hold)
    }
}
