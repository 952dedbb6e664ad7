/// A count a device keeps while it runs: the one home of every counter metric.
///
/// The per-device storage (`DeviceActivity`), the arm's sums with the squares and
/// cross terms its interval needs (`CounterSums`), their `merge`, their names in a
/// shard file and their `summary.csv` columns are all derived from this catalog.
/// Adding a counter is a case here, its `spec`, and the line that counts it
/// (`context.activity[.x] += 1`).
public enum Counter: Int, CaseIterable, Sendable {
    // In summary.csv column order; a new counter goes last, so no column moves.
    case updates, lostUpdates, backgroundRuns, fetches, alarmWakeups, appOpens
    case serverRequests, pushes, offCycles, orphans, unwantedReminders, duplicates
    case acked, reboots, updatesFresh

    /// How an arm reports a counter: its unit and its interval.
    public enum Column: Sendable, Equatable {
        /// Counted per device only (tests and traces read it); no arm keeps it.
        case deviceOnly
        /// The arm's total, as `name`.
        case total(String)
        /// The mean per device-day, as `<name>_per_device_day`, with no interval.
        case perDeviceDay(String)
        /// Per 1,000 device-days, as `<name>_per_1000_device_days`, with the t-interval across devices (keeps Σk²).
        /// The unit of the lifecycle counts: summary.md's Lifecycle table and the sweep tables show each such counter.
        case perThousandDeviceDays(String)
        /// The total as `name` and its share of another counter as `<name>_rate`, with the
        /// ratio-estimator interval across devices (keeps Σk², Σd² and Σk·d); lower is better unless `higherIsBetter`.
        case ratio(String, over: Counter, higherIsBetter: Bool = false)
    }

    public struct Spec: Sendable {
        /// The name in a shard file (`PartialResult`); the stem of its Σk² and Σk·d names
        /// defaults to it without a final "s" (`orphans` → `orphanSquares`).
        public let key: String
        public let column: Column
        public let meaning: String
        let stem: String?

        init(_ key: String, _ column: Column, _ meaning: String, stem: String? = nil) {
            self.key = key
            self.column = column
            self.meaning = meaning
            self.stem = stem
        }
    }

    public var spec: Spec {
        switch self {
        case .updates: Spec("updates", .total("updates"), "server updates made during the run")
        case .lostUpdates:
            Spec(
                "lostUpdates", .ratio("lost_updates", over: .updates),
                "updates acked by a fetch but never shown in any notification", stem: "lost")
        case .backgroundRuns: Spec("backgroundRuns", .perDeviceDay("bg_runs"), "iOS BG task launches")
        case .fetches: Spec("fetches", .perDeviceDay("fetches"), "fetch attempts")
        case .alarmWakeups: Spec("alarmWakeups", .perDeviceDay("alarm_wakeups"), "Android alarm wake-ups")
        case .appOpens: Spec("appOpens", .perDeviceDay("app_opens"), "app opens by the user")
        case .serverRequests:
            Spec(
                "serverRequests", .perDeviceDay("server_requests"),
                "fetch requests that reached the server (attempts made offline never do)")
        case .pushes: Spec("pushes", .perDeviceDay("pushes"), "pushes the server sent")
        case .offCycles: Spec("offCycles", .total("off"), "cycles not due: New Activity was off at their T")
        case .orphans:
            Spec(
                "orphans", .perThousandDeviceDays("orphans"),
                "New Activity notifications shown while it was off, or at a time the user had left")
        case .unwantedReminders:
            Spec(
                "unwantedReminders", .perThousandDeviceDays("unwanted_reminders"),
                "Daily Reminders shown that the user never turned on")
        case .duplicates:
            Spec(
                "duplicates", .perThousandDeviceDays("duplicates"),
                "notifications shown within metrics.duplicateWindow of the previous one")
        case .acked: Spec("acked", .deviceOnly, "updates acknowledged by a successful fetch")
        case .reboots: Spec("reboots", .deviceOnly, "Android reboots")
        case .updatesFresh:
            Spec(
                "updatesFresh", .ratio("updates_fresh", over: .updates, higherIsBetter: true),
                "server updates first shown within metrics.freshWithin of their publication (any strategy)",
                stem: "updateFresh")
        }
    }

    /// Counters an arm keeps (all but `.deviceOnly`), in catalog order.
    public static let kept: [Counter] = allCases.filter { $0.spec.column != .deviceOnly }

    /// Counters whose Σk² an arm keeps: those with an interval, and the denominators of ratios.
    public static let squared: [Counter] = allCases.filter { counter in
        switch counter.spec.column {
        case .perThousandDeviceDays, .ratio: return true
        case .deviceOnly, .total, .perDeviceDay:
            return allCases.contains { if case .ratio(_, counter, _) = $0.spec.column { true } else { false } }
        }
    }

    /// Ratio counters with their denominators, whose Σk·d an arm keeps.
    public static let ratios: [(counter: Counter, over: Counter)] = allCases.compactMap {
        if case .ratio(_, let over, _) = $0.spec.column { ($0, over) } else { nil }
    }

    /// The shard name of Σk² (`orphanSquares`) and of Σk·d (`lostTimesUpdates`).
    public var squaresKey: String { stem + "Squares" }
    public var productKey: String? {
        guard case .ratio(_, let over, _) = spec.column else { return nil }
        return stem + "Times" + over.spec.key.prefix(1).uppercased() + over.spec.key.dropFirst()
    }

    private var stem: String {
        if let stem = spec.stem { return stem }
        return spec.key.hasSuffix("s") ? String(spec.key.dropLast()) : spec.key
    }
}
