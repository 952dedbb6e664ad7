/// Everything one device produced on one arm, handed to the metrics layer
/// when the device finishes: its cycles, the delay of every server update
/// when first shown, and its activity counters. Bounded by the cycles of one
/// device; the buffers are reused from device to device.
public struct DeviceLog: Sendable {
    public internal(set) var cycles: [CycleRecord] = []
    /// For each update shown for the first time: display time minus update time.
    public internal(set) var updateDelays: [Millis] = []
    /// After New Activity was turned on again or moved: the time to its first shown notification.
    public internal(set) var setupLatencies: [Millis] = []
    public internal(set) var activity = DeviceActivity()
    /// The device's fleet segment (0 without a fleet).
    public internal(set) var segment = 0
    /// The device's cycles as they stood at the end (a time change moves the later ones): each
    /// record's window is read from it.
    public internal(set) var calendar: CycleCalendar?

    public init() {}

    mutating func removeAll() {
        cycles.removeAll(keepingCapacity: true)
        updateDelays.removeAll(keepingCapacity: true)
        setupLatencies.removeAll(keepingCapacity: true)
        activity = DeviceActivity()
    }

    /// A notification displayed `content`'s updates for the first time.
    mutating func recordShown(_ content: NotificationContent, at display: Millis, server: ServerModel) {
        // A loop over the times themselves: a busy server's notification shows hundreds of updates.
        server.withUpdateTimes(after: content.updatesAfter, through: content.updatesThrough) { times in
            for time in times { updateDelays.append(display - time) }
        }
    }
}
