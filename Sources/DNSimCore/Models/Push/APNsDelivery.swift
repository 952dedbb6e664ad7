/// APNs as the app sees it (docs/push.md): an alert push reaches a device
/// that is online, even after a force-quit or in Low Power Mode, and its
/// Notification Service Extension fetches within `nseBudget`. A background
/// push also waits for Low Power Mode to end; the device discards it when
/// Background App Refresh is off, or when the app is force-quit while it
/// waits (docs/model.md §2). APNs stores one push per app for an offline device.
public struct APNsDelivery: PushChannel {
    let configuration: IOSPushConfiguration
    let backgroundAppRefresh: Bool

    public init(world: WorldConfiguration) {
        configuration = world.ios.push
        backgroundAppRefresh = world.ios.backgroundAppRefresh
    }

    public func delivery(_ kind: PushKind) -> PushDelivery {
        kind == .alert ? configuration.alert : configuration.background
    }

    /// Priority 5 "based on power considerations" (Apple, "Sending notification requests to APNs"):
    /// an alert push sent so is held like a background push, which is always priority 5, unless
    /// the scenario says how long (`lowPriorityDelay`). A background push's own delay is that hold already.
    public func lowPriorityHold(_ kind: PushKind) -> Distribution? {
        guard kind == .alert, configuration.priority == 5 else { return nil }
        return configuration.lowPriorityDelay ?? configuration.background.delay
    }

    public var storeFor: Millis { configuration.storeFor }

    public func handlerBudget(_ kind: PushKind) -> Millis {
        kind == .alert ? configuration.nseBudget : IOSPushConfiguration.backgroundBudget
    }

    public var maySuppress: Bool { configuration.filtering }
    public var serviceName: String { "APNs" }
    public var handlerName: String { "the Notification Service Extension" }

    public func release(_ time: Millis, kind: PushKind, user: UserActivity) -> (time: Millis, hold: PushHold?) {
        var current = time
        var hold: PushHold?
        // Each hold moves the time forward or leaves it; `.max` is a fixed point.
        while true {
            var moved = user.offline.nextOutside(current)
            if moved != current { hold = hold ?? .offline }
            if kind == .background {
                let powered = user.lowPower.nextOutside(moved)
                if powered != moved { hold = hold ?? .lowPowerMode }
                moved = powered
            }
            if moved == current { break }
            current = moved
        }
        return (current, hold)
    }

    /// A background push reaches the device once it is online. With Background App Refresh off
    /// the system does not wake the app for it; held there, it is discarded the moment the app
    /// is force-quit (or at once if it already is), not delivered at the next open.
    public func discard(arrival: Millis, release: Millis, kind: PushKind, user: UserActivity) -> (
        at: Millis, reason: PushDiscard
    )? {
        guard kind == .background else { return nil }
        let received = user.offline.nextOutside(arrival)
        if !backgroundAppRefresh { return (received, .backgroundAppRefreshOff) }
        return user.firstForceQuit(from: received, through: release).map { ($0, .forceQuit) }
    }
}
