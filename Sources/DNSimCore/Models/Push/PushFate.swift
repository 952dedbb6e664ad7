/// What becomes of one cycle's push, decided from its keyed draws and the
/// device's world when the server sends it. `arrival` is when it reaches
/// the push service's edge for the device; `hold` is why it waits there.
public enum PushFate: Sendable, Equatable {
    /// Not sent: the server had no news for the user (`server.pushWhen: withNews`).
    case notSent
    /// Lost: it never arrives.
    case dropped
    /// Stored until the push service's store time ran out, at `at`.
    case expired(arrival: Millis, hold: PushHold, at: Millis)
    /// Stored, and replaced at `at` by the push of cycle `by`.
    case replaced(arrival: Millis, hold: PushHold, at: Millis, by: Int)
    /// The device discarded it at `at` without waking the app (iOS background push), after
    /// `hold` kept it from `arrival` when it did.
    case discarded(arrival: Millis, at: Millis, hold: PushHold?, reason: PushDiscard)
    /// The device takes it at `release` (after `arrival` when `hold` kept it).
    case delivered(arrival: Millis, release: Millis, hold: PushHold?)
}
