/// FCM as the app sees it (docs/push.md): a data message reaches an online
/// device, wakes the app's messaging service, which fetches within
/// `handlerBudget`. `priority: high` is delivered at once, even in Doze;
/// `priority: normal` waits in Doze for the next maintenance window. A
/// reboot loses no message; FCM stores the newest one (collapse key) for an
/// offline device for `storeFor`.
public struct FCMDelivery: PushChannel {
    let configuration: AndroidPushConfiguration
    let doze: DozeSchedule?
    /// Doze for a high-priority message FCM delivers as normal (`FCMPriorityHistory`).
    let downgradedDoze: DozeSchedule?
    let idle: TimeWindows
    let charging: TimeWindows
    /// `batteryManager.stopsPush`: the manager stops the app this long after its last open (nil: never for push).
    let managerStopsAfter: Millis?
    /// Setup, which counts as an open (as `AndroidPowerGate` counts it).
    let setup: Millis

    public init(world: WorldConfiguration) {
        managerStopsAfter = world.android.power.stopsPushAfterUnused
        setup = world.calendar.start
        configuration = world.android.push
        doze = world.android.push.priority == .normal ? world.android.doze : nil
        downgradedDoze = world.android.doze
        idle = world.user.idle
        charging = world.user.charging
    }

    public func delivery(_ kind: PushKind) -> PushDelivery { configuration.delivery }

    /// A force-stopped app gets no message until it is opened: one arriving then, or held until
    /// after a force stop, is dropped (FCM's `droppedAppForceStopped`). A battery manager that
    /// stops the app (`stopsPush`) does the same from `stopsAfterUnused` after the last open.
    public func discard(arrival: Millis, release: Millis, kind: PushKind, user: UserActivity) -> (
        at: Millis, reason: PushDiscard
    )? {
        let forced = user.firstForceStop(from: arrival, through: release).map { ($0, PushDiscard.forceStopped) }
        guard let managerStopsAfter else { return forced }
        guard
            let stopped = Self.managerStop(
                from: arrival, through: release, after: managerStopsAfter, opens: user.opens, setup: setup)
        else {
            return forced
        }
        guard let forced, forced.0 <= stopped else { return (stopped, .batteryManagerStopped) }
        return forced
    }

    /// The first instant in [arrival, release] at which the battery manager has the app stopped:
    /// more than `limit` after the last open (`setup` counts as one), with no open since. An open
    /// while the message is held starts the app again; it may be stopped again before the release.
    static func managerStop(
        from arrival: Millis, through release: Millis, after limit: Millis, opens: [Millis], setup: Millis
    ) -> Millis? {
        var next = opens.firstIndex(after: arrival)
        var last = next > 0 ? max(opens[next - 1], setup) : setup
        var from = arrival
        while true {
            // Stopped at `t` when t − last > limit (`AndroidPowerGate.hold`'s rule).
            let stop = last + limit + 1
            if stop <= from { return from }
            let nextOpen = next < opens.count ? opens[next] : .max
            if stop < nextOpen { return stop <= release ? stop : nil }
            // Opened before the manager stops it: running again from that open, if still held.
            guard nextOpen <= release else { return nil }
            (last, from) = (nextOpen, nextOpen)
            next += 1
        }
    }

    public var storeFor: Millis { configuration.storeFor }
    public func handlerBudget(_ kind: PushKind) -> Millis { configuration.handlerBudget }
    public var maySuppress: Bool { true }
    public var serviceName: String { "FCM" }
    public var handlerName: String { "the FCM messaging service" }

    public func release(_ time: Millis, kind: PushKind, user: UserActivity) -> (time: Millis, hold: PushHold?) {
        release(time, user: user, doze: doze)
    }

    /// A deprioritised high-priority message waits in Doze as a normal one does.
    public func release(_ time: Millis, kind: PushKind, user: UserActivity, downgraded: Bool) -> (
        time: Millis, hold: PushHold?
    ) {
        release(time, user: user, doze: downgraded ? downgradedDoze : doze)
    }

    private func release(_ time: Millis, user: UserActivity, doze: DozeSchedule?) -> (time: Millis, hold: PushHold?) {
        var current = time
        var hold: PushHold?
        // Each hold moves the time forward or leaves it; `.max` is a fixed point.
        while true {
            var moved = user.offline.nextOutside(current)
            if moved != current { hold = hold ?? .offline }
            if let doze {
                let window = doze.release(moved, idle: idle, charging: charging)
                if window != moved { hold = hold ?? .doze }
                moved = window
            }
            if moved == current { break }
            current = moved
        }
        return (current, hold)
    }
}
