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
/// Keys of the dense sources (a cycle or a day above a shift, the rest 0: nearly
/// all of them) each have a place of their own, in cycle or day order: the arms
/// walk it in order and nothing collides. Other keys go to a direct-mapped table.
/// Each entry holds its device (and a table entry its full key), so moving to
/// another device needs nothing cleared. One per `DeviceWorld`, whose seed and
/// configuration are fixed; like its `KeyedRandom`, not shared between threads.
public final class DrawMemo {
    private static let slotBits = 13
    private static var slots: Int { 1 << slotBits }
    private static let indexMask: UInt64 = (1 << 48) - 1
    private static let sourceCount = Int(RandomSource.allCases.map(\.rawValue).max()!) + 1

    private struct Entry {
        var key: UInt64 = .max
        var device = -1
        var value: Int64 = 0
    }

    /// Where a dense source's entries begin (-1: not dense), the shift above which its
    /// index holds the position, and how many positions there are.
    private struct DensePlace {
        var base = -1
        var shift = 0
        var count = 0
    }

    /// Empty until `device` is set: `Int.min` is no device (not even -1, which a world has before it generates).
    private struct DenseEntry {
        var device = Int.min
        var value: Int64 = 0
    }

    /// Pointers, not arrays: a class's array property would be checked for exclusive
    /// access at run time on every draw.
    private let entries: UnsafeMutablePointer<Entry>
    private let places: UnsafeMutablePointer<DensePlace>
    private let denseEntries: UnsafeMutablePointer<DenseEntry>
    private let denseCount: Int

    /// - Parameter dense: the dense sources: for each, the shift above which its index holds
    ///   the position (a cycle, a day) and how many there are.
    public init(dense: [(source: RandomSource, shift: Int, count: Int)] = []) {
        entries = .allocate(capacity: Self.slots)
        entries.initialize(repeating: Entry(), count: Self.slots)
        places = .allocate(capacity: Self.sourceCount)
        places.initialize(repeating: DensePlace(), count: Self.sourceCount)
        var total = 0
        for layout in dense {
            precondition(layout.shift >= 0 && layout.shift < 48 && layout.count >= 0, "bad dense layout")
            places[Int(layout.source.rawValue)] = DensePlace(base: total, shift: layout.shift, count: layout.count)
            total += layout.count
        }
        denseCount = total
        denseEntries = .allocate(capacity: max(total, 1))
        denseEntries.initialize(repeating: DenseEntry(), count: max(total, 1))
    }

    deinit {
        entries.deinitialize(count: Self.slots)
        entries.deallocate()
        places.deinitialize(count: Self.sourceCount)
        places.deallocate()
        denseEntries.deinitialize(count: max(denseCount, 1))
        denseEntries.deallocate()
    }

    /// `draw()`'s value for (`source`, `index`) on `device`, computed on the first call.
    @inline(__always)
    func value(_ source: RandomSource, index: Int, device: Int, _ draw: () -> Int64) -> Int64 {
        let place = places[Int(source.rawValue)]
        let position = index >> place.shift
        if place.base >= 0, index >= 0, position < place.count, position << place.shift == index {
            let entry = denseEntries + place.base + position
            if entry.pointee.device == device { return entry.pointee.value }
            let value = draw()
            entry.pointee = DenseEntry(device: device, value: value)
            return value
        }
        let key = source.rawValue << 48 | UInt64(truncatingIfNeeded: index) & Self.indexMask
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.slotBits))
        if entries[slot].key == key && entries[slot].device == device { return entries[slot].value }
        let value = draw()
        entries[slot] = Entry(key: key, device: device, value: value)
        return value
    }
}
