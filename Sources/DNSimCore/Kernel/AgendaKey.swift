/// A pending event's place in the agenda, as one 128-bit integer: the time
/// (sign bit flipped, so unsigned order is time order) above the event's
/// order, which is its scheduling sequence number above its slot
/// (`sequence << slotBits | slot`). Orders are unique, so ties run
/// first-scheduled first; one unsigned comparison orders two keys without a
/// branch, and the heap moves 16 bytes per step, not payloads.
struct AgendaKey {
    static let slotBits = 24
    static let slotMask: UInt64 = (1 << 24) - 1
    /// Sequences stay below 2^39, so no order reaches `AgendaStorage.vacant`.
    static let sequenceLimit: UInt64 = 1 << 39
    private static let timeBias: UInt64 = 1 << 63

    private var value: UInt128

    @inline(__always)
    init(time: Millis, sequence: UInt64, slot: Int) {
        let order = sequence << UInt64(Self.slotBits) | UInt64(truncatingIfNeeded: slot)
        value = UInt128(UInt64(bitPattern: time) ^ Self.timeBias) << 64 | UInt128(order)
    }

    @inline(__always)
    var time: Millis { Millis(bitPattern: UInt64(truncatingIfNeeded: value >> 64) ^ Self.timeBias) }

    @inline(__always)
    var order: UInt64 { UInt64(truncatingIfNeeded: value) }

    @inline(__always)
    var slot: Int { Int(truncatingIfNeeded: order & Self.slotMask) }

    @inline(__always)
    func precedes(_ other: AgendaKey) -> Bool { value < other.value }
}
