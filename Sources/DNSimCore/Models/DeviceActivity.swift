/// Per device and arm: what the plugin cost and how many updates it handled.
public struct DeviceActivity: Sendable, Equatable {
    public var backgroundRuns = 0
    public var fetches = 0
    /// Fetch attempts that reached the server (not those made offline).
    public var serverRequests = 0
    /// Pushes the server sent to this device.
    public var pushes = 0
    /// Cycles whose T fell while New Activity was off: not due.
    public var offCycles = 0
    /// New Activity notifications shown while it was off, or at a time the user had left.
    public var orphans = 0
    /// Daily Reminders shown that the user had not turned on.
    public var unwantedReminders = 0
    /// Notifications shown within `duplicateWindow` of the previous one.
    public var duplicates = 0
    public var alarmWakeups = 0
    public var appOpens = 0
    public var reboots = 0
    /// Server updates made during the run (the lost-update rate's denominator).
    public var updates = 0
    /// Updates acknowledged by a successful fetch.
    public var acked = 0
    /// Acked updates that some shown notification included.
    public var shownUpdates = 0
    /// A hash of every event the device handled, in order (its trajectory).
    public var trajectory: UInt64 = 0
    /// Kernel events handled, for the benchmark.
    public var events = 0
    public init() {}
    public var lostUpdates: Int { acked - shownUpdates }
}
