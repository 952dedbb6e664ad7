/// Identifies one scheduled event so that it can be cancelled: its order in
/// the queue (sequence number and slot).
public struct EventHandle: Hashable, Sendable {
    let order: UInt64

    /// The event's scheduling sequence number since the queue's last reset.
    public var sequence: UInt64 { order >> UInt64(QueueKey.slotBits) }
}
