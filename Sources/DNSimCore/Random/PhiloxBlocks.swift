import CPhilox

/// The first Philox block of one stream per day, computed for all days at once.
///
/// The world's generators open a keyed stream for every day of the run (the
/// server's updates, app opens, force-quits) and read a few words of it. Each
/// stream's first block is ten dependent rounds of multiplies; computed four
/// streams at a time (`KeyedRandom.firstBlocks`), their rounds overlap. The
/// values are exactly those `begin` then a first read would give.
public final class PhiloxBlocks {
    let capacity: Int
    let words: UnsafeMutablePointer<UInt32>

    /// Room for `capacity` streams' blocks.
    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
        words = .allocate(capacity: 4 * self.capacity)
        words.initialize(repeating: 0, count: 4 * self.capacity)
    }

    deinit {
        words.deallocate()
    }

    /// The block of the stream with index `index` (0-based, below `capacity`).
    @inline(__always)
    func block(_ index: Int) -> UnsafePointer<UInt32> {
        precondition(index >= 0 && index < capacity, "Philox block index out of range")
        return UnsafePointer(words + 4 * index)
    }
}
