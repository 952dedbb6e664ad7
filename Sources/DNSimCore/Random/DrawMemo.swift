/// The results of one device's keyed draws, shared by the arms that run it.
///
/// A keyed draw is a pure function of (seed, device, source, index) and the
/// world's distributions, which every arm of a plan shares (arms differ only in
/// their strategy; a per-arm fetch or platform setting would need its own memo): when two arms
/// submit the same BG request or make the same fetch attempt, the second gets
/// the first's result here instead of computing the Philox blocks, the normal
/// and the logarithms again (about half the draws of a mixed scenario). A
/// miss just draws, so the table may forget; it never changes a value.
///
/// Direct-mapped, each entry holding its full key and its device, so moving
/// to another device needs nothing cleared. One per `DeviceWorld`, whose seed
/// and configuration are fixed; like its `KeyedRandom`, not shared between threads.
public final class DrawMemo {
    private static let slotBits = 13
    private static var slots: Int { 1 << slotBits }
    private static let indexMask: UInt64 = (1 << 48) - 1

    private struct Entry {
        var key: UInt64 = .max
        var device = -1
        var value: Int64 = 0
    }

    /// A pointer, not an array: a class's array property would be checked for exclusive
    /// access at run time on every draw.
    private let entries: UnsafeMutablePointer<Entry>

    public init() {
        entries = .allocate(capacity: Self.slots)
        entries.initialize(repeating: Entry(), count: Self.slots)
    }

    deinit {
        entries.deinitialize(count: Self.slots)
        entries.deallocate()
    }

    /// `draw()`'s value for (`source`, `index`) on `device`, computed on the first call.
    @inline(__always)
    func value(_ source: RandomSource, index: Int, device: Int, _ draw: () -> Int64) -> Int64 {
        let key = source.rawValue << 48 | UInt64(truncatingIfNeeded: index) & Self.indexMask
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.slotBits))
        if entries[slot].key == key && entries[slot].device == device { return entries[slot].value }
        let value = draw()
        entries[slot] = Entry(key: key, device: device, value: value)
        return value
    }
}
