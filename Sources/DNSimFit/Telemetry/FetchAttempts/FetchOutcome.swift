/// How a content fetch attempt ended (docs/model.md §3).
public enum FetchOutcome: String, CaseIterable, Sendable {
    /// A response with updates.
    case ok
    /// A response with no updates.
    case empty
    /// A network or server error before any response.
    case error
    /// The plugin's timeout ended the attempt: its latency is only known to exceed the duration.
    case timeout
}
