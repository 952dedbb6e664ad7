/// One attempt of a fetch in flight: which cycle it was started for, how its
/// draws are keyed, and how long its code may run.
public struct FetchAttempt: Sendable, Equatable {
    /// The earliest unresolved cycle when the fetch started; it keys the draws.
    public var cycle: Int
    /// For a foreground fetch (`fetchOnOpen`), the open's key; -1 for a BG task or alarm.
    public var openKey: Int
    /// 0 for the first attempt, then 1, 2, … for the retries.
    public var retry: Int
    /// When the code's CPU ends (the BG budget), or `.max`.
    public var cpuUntil: Millis
    /// Run by an alert push's handler (NSE or FCM service) to show `cycle`.
    public var pushed: Bool

    public init(cycle: Int, openKey: Int = -1, retry: Int = 0, cpuUntil: Millis = .max, pushed: Bool = false) {
        self.cycle = cycle
        self.openKey = openKey
        self.retry = retry
        self.cpuUntil = cpuUntil
        self.pushed = pushed
    }
}
