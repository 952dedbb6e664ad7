/// What FCM sees of a device's high-priority messages over the past 7 days (docs/push.md,
/// docs/model.md §2, Android): whether each one's handler showed a notification. While the share
/// that did is below `threshold`, FCM delivers the device's high-priority messages as normal
/// priority ("FCM uses 7 days of message behavior", Firebase, "Set and manage Android message
/// priority"). A ring of the latest `ring` messages: a scenario sending more than that in 7 days
/// is judged on those.
struct FCMPriorityHistory {
    let active: Bool
    private let threshold: Double
    private var times: [Millis] = []
    private var shown: [Bool] = []
    private var count = 0
    static let ring = 64
    static let window = 7 * SimTime.day

    init(active: Bool, threshold: Double) {
        self.active = active
        self.threshold = threshold
        if active {
            times = Array(repeating: 0, count: Self.ring)
            shown = Array(repeating: false, count: Self.ring)
        }
    }

    /// A new device: no messages yet.
    mutating func reset() { count = 0 }

    /// A high-priority message's handler ended at `time`, showing a notification or not.
    mutating func record(at time: Millis, shown visible: Bool) {
        guard active else { return }
        times[count % Self.ring] = time
        shown[count % Self.ring] = visible
        count += 1
    }

    /// Whether a high-priority message sent at `time` is delivered as normal priority.
    func downgrades(at time: Millis) -> Bool {
        guard active, count > 0 else { return false }
        var total = 0, visible = 0
        var index = count - 1
        while index >= max(0, count - Self.ring) {
            let at = times[index % Self.ring]
            if at <= time - Self.window { break }
            if at <= time {
                total += 1
                if shown[index % Self.ring] { visible += 1 }
            }
            index -= 1
        }
        return total > 0 && Double(visible) < threshold * Double(total)
    }
}
