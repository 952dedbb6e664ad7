/// What decides when an iOS device's BG requests may run (docs/model.md §2, "iOS BG requests"),
/// handed to telemetry at the device's start: the request kind and its requirements, and the
/// periods over the run during which a request of that kind is held.
public struct BackgroundConditions: Sendable {
    public var taskKind: BackgroundTaskKind
    public var requiresExternalPower: Bool
    public var requiresNetworkConnectivity: Bool
    /// The run's span: [start, end).
    public var start: Millis
    public var end: Millis
    public var lowPower: TimeWindows
    /// From each force-quit to the next open.
    public var forceQuit: TimeWindows
    public var offline: TimeWindows
    /// The user's idle and charging windows (a processing request waits for them).
    public var idle: TimeWindows
    public var charging: TimeWindows

    public init(
        taskKind: BackgroundTaskKind, requiresExternalPower: Bool, requiresNetworkConnectivity: Bool, start: Millis,
        end: Millis,
        lowPower: TimeWindows, forceQuit: TimeWindows, offline: TimeWindows, idle: TimeWindows, charging: TimeWindows
    ) {
        self.taskKind = taskKind
        self.requiresExternalPower = requiresExternalPower
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
        self.start = start
        self.end = end
        self.lowPower = lowPower
        self.forceQuit = forceQuit
        self.offline = offline
        self.idle = idle
        self.charging = charging
    }
}
