/// A binary min-heap of `HeapEntry` in an array, ordered by (time, sequence).
///
/// The sift loops work on the array's buffer directly, as swift-collections'
/// `HeapModule` does: one uniqueness check per operation instead of one
/// bounds-and-uniqueness check per step. This is the only place in the
/// simulator that touches a buffer pointer.
struct BinaryHeap<Payload> {
    private var storage: ContiguousArray<HeapEntry<Payload>> = []

    init() {
        storage.reserveCapacity(64)
    }

    var count: Int { storage.count }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func insert(_ entry: HeapEntry<Payload>) {
        storage.append(entry)
        storage.withUnsafeMutableBufferPointer { Self.siftUp($0, from: $0.count - 1) }
    }

    /// Floyd's bottom-up pop: walk the hole down to a leaf along the smaller
    /// children (one comparison per level), then sift the last entry up from
    /// there; the last entry usually belongs near the bottom.
    @inline(__always)
    mutating func popMin() -> HeapEntry<Payload>? {
        guard let last = storage.popLast() else { return nil }
        guard !storage.isEmpty else { return last }
        return storage.withUnsafeMutableBufferPointer { heap in
            let top = heap[0]
            let count = heap.count
            var hole = 0
            var child = 1
            while child < count {
                if child + 1 < count, heap[child + 1].precedes(heap[child]) { child += 1 }
                heap[hole] = heap[child]
                hole = child
                child = 2 * hole + 1
            }
            heap[hole] = last
            Self.siftUp(heap, from: hole)
            return top
        }
    }

    @inline(__always)
    private static func siftUp(_ heap: UnsafeMutableBufferPointer<HeapEntry<Payload>>, from start: Int) {
        var child = start
        let moving = heap[child]
        while child > 0 {
            let parent = (child - 1) >> 1
            guard moving.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = moving
    }
}
