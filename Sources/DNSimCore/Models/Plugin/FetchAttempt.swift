/// One attempt of a fetch in flight: which cycle it was started for, how its
/// draws are keyed, and how long its code may run. Stored in 24 bytes, since
/// every event in the agenda carries room for one.
public struct FetchAttempt: Sendable, Equatable {
    private var storedCycle: Int32
    private var storedOpenKey: Int32
    private var storedRetry: UInt16
    /// Run by an alert push's handler (NSE or FCM service) to show `cycle`.
    public var pushed: Bool
    /// Run by a BG request or alarm that `cancelDualSchedule` left behind (a defect).
    public var stale = false
    /// The plugin's schedule it belongs to (`DeviceEvent.deadline`'s epoch).
    public var epoch: UInt32 = 0
    /// When the code's CPU ends (the BG budget), or `.max`.
    public var cpuUntil: Millis

    public init(cycle: Int, openKey: Int = -1, retry: Int = 0, cpuUntil: Millis = .max, pushed: Bool = false) {
        storedCycle = Int32(cycle)
        storedOpenKey = Int32(openKey)
        storedRetry = UInt16(min(retry, Int(UInt16.max)))
        self.cpuUntil = cpuUntil
        self.pushed = pushed
    }

    /// The earliest unresolved cycle when the fetch started; it keys the draws
    /// (a device has at most `Scenario.maxCycles` cycles).
    public var cycle: Int {
        get { Int(storedCycle) }
        set { storedCycle = Int32(newValue) }
    }

    /// For a foreground fetch (`fetchOnOpen`), the open's key (`DrawIndex.dayRank`); -1 for a BG task or alarm.
    public var openKey: Int {
        get { Int(storedOpenKey) }
        set { storedOpenKey = Int32(newValue) }
    }

    /// 0 for the first attempt, then 1, 2, … for the retries (`retryAttempts` is at most 100).
    public var retry: Int {
        get { Int(storedRetry) }
        set { storedRetry = UInt16(min(newValue, Int(UInt16.max))) }
    }
}
