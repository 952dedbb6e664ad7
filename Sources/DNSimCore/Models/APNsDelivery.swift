/// APNs as the app sees it (docs/push.md): an alert push reaches a device
/// that is online, even after a force-quit or in Low Power Mode, and its
/// Notification Service Extension fetches within `nseBudget`. A background
/// push also waits for the user to open a force-quit app and for Low Power
/// Mode to end. APNs stores one push per app for an offline device.
public struct APNsDelivery: PushChannel {
    let configuration: IOSPushConfiguration

    public init(world: WorldConfiguration) {
        configuration = world.ios.push
    }

    public func delivery(_ kind: PushKind) -> PushDelivery {
        kind == .alert ? configuration.alert : configuration.background
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
                if let open = user.forceQuitEnd(at: moved) {
                    hold = hold ?? .forceQuit
                    moved = open
                }
            }
            if moved == current { break }
            current = moved
        }
        return (current, hold)
    }
}
