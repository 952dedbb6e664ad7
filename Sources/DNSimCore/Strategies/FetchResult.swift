/// What a fetch that ended brought back.
public enum FetchResult: Sendable, Equatable {
    case failed
    case empty
    case updates
    /// A failed attempt is retried; the fetch has no result yet.
    case retrying
}
