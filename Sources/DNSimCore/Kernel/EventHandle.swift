/// Identifies one scheduled event so that it can be cancelled: its order in
/// the agenda (sequence number and slot).
public struct EventHandle: Hashable, Sendable {
    let order: UInt64

    /// The event's scheduling sequence number since the agenda's last reset.
    public var sequence: UInt64 { order >> UInt64(AgendaKey.slotBits) }
}
