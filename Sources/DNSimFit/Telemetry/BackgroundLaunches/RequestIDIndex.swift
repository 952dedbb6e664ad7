/// Finds repeated request ids among a million rows without building a
/// String per row: ids are hashed straight from the file's bytes into an
/// open-addressing table that remembers each id's bytes and line, so a hash
/// match is confirmed byte for byte.
struct RequestIDIndex {
    /// Hash and entry together, so a probe costs one cache miss.
    private struct Slot {
        var hash: UInt64
        var entry: Int32  // entry index + 1, 0 = empty
    }

    private var slots: [Slot]
    private var starts: [Int] = []
    private var lengths: [Int32] = []
    private var lines: [Int32] = []
    private var mask: Int

    /// Sized for `expected` ids up front: rehashing a million entries costs more than the lookups.
    init(expected: Int = 512) {
        var size = 1024
        while size < expected * 2 { size *= 2 }
        slots = [Slot](repeating: Slot(hash: 0, entry: 0), count: size)
        mask = size - 1
        starts.reserveCapacity(expected)
        lengths.reserveCapacity(expected)
        lines.reserveCapacity(expected)
    }

    /// The line an id was first recorded on, if any.
    func line(of id: UnsafeBufferPointer<UInt8>, in base: UnsafePointer<UInt8>) -> Int? {
        let h = Self.hash(id)
        return slots.withUnsafeBufferPointer { table in
            var i = Int(truncatingIfNeeded: h) & mask
            while table[i].entry != 0 {
                if table[i].hash == h {
                    let e = Int(table[i].entry - 1)
                    if Int(lengths[e]) == id.count, Self.equal(base + starts[e], id) { return Int(lines[e]) }
                }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    /// Records an id (its bytes stay in the file buffer at `start`).
    mutating func insert(_ id: UnsafeBufferPointer<UInt8>, start: Int, line: Int) {
        if (starts.count + 1) * 2 > slots.count { grow() }
        starts.append(start)
        lengths.append(Int32(truncatingIfNeeded: id.count))
        lines.append(Int32(truncatingIfNeeded: line))
        place(Slot(hash: Self.hash(id), entry: Int32(starts.count)))
    }

    private mutating func place(_ slot: Slot) {
        let mask = mask
        slots.withUnsafeMutableBufferPointer { table in
            var i = Int(truncatingIfNeeded: slot.hash) & mask
            while table[i].entry != 0 { i = (i + 1) & mask }
            table[i] = slot
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, entry: 0), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.entry != 0 { place(slot) }
    }

    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in 0..<b.count where a[k] != b[k] { return false }
        return true
    }

    /// FNV-1a, then a 64-bit finaliser so linear probing sees well-mixed low bits.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        return h
    }
}
