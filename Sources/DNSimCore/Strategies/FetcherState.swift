/// The plugin fetcher's memory on one device (docs/model.md §3): the ack, the cache, and what keys the
/// next attempt's draws.
struct FetcherState {
    /// `last_acked_jwt_id`: the fetcher asks for updates after it.
    var acked: Int64 = 0
    /// The plugin's cached content from the last successful non-empty fetch.
    var cache: NotificationContent?
    /// The cycle the latest attempt served and how many attempts served it (the draw's index).
    var attemptCycle = -1
    var attemptCount = 0
    /// When the latest fetch (success or final failure) ended.
    var lastFetchEnd: Millis = .min
    /// When the JWT pool handed over by the latest foreground code expires.
    var tokenExpiry: Millis = .max
    /// The latest cycle whose own prefetch succeeded (in its window), or -1.
    var prefetchedCycle = -1

    /// The number of this attempt among those serving `cycle` (0 for the first).
    @inline(__always)
    mutating func nextAttempt(for cycle: Int) -> Int {
        if attemptCycle != cycle {
            attemptCycle = cycle
            attemptCount = 0
        }
        attemptCount += 1
        return attemptCount - 1
    }

    /// Whether the cache holds content fetched but never shown.
    var holdsUnshownUpdates: Bool { cache.map { !$0.shown } ?? false }
}
