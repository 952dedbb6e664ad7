/// Identifies one scheduled event so that it can be cancelled.
public struct EventHandle: Hashable, Sendable {
    public let sequence: UInt64
}
