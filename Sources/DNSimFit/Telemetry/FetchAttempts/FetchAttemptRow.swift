/// One content fetch attempt; times are UTC epoch milliseconds.
public struct FetchAttemptRow: Sendable, Equatable {
    public var startedAt: Int64
    public var finishedAt: Int64
    public var outcome: FetchOutcome

    public init(startedAt: Int64, finishedAt: Int64, outcome: FetchOutcome) {
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.outcome = outcome
    }
}
