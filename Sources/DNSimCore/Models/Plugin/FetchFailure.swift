/// Why a fetch attempt failed (docs/model.md §3); none of them moves the ack.
public enum FetchFailure: String, Sendable {
    case network = "network error"
    case budgetExpired = "run budget expired"
    case unauthorized = "401: every JWT in the pool has expired"
    case offline = "the phone is offline"
    case timeout = "contentFetch.timeout passed"
}
