/// Identifies one scheduled event so that it can be cancelled.
public struct EventHandle: Hashable, Sendable {
    public let sequence: UInt64
}

/// The event kernel: a binary min-heap keyed (time, sequence).
///
/// The sequence number breaks ties, so events at the same millisecond run in
/// the order they were scheduled (FIFO), which keeps runs deterministic.
/// Cancellation is lazy: a cancelled event stays in the heap and is skipped
/// when it reaches the top, which keeps `cancel` O(1).
/// The queue knows nothing about what its payloads mean.
public struct EventQueue<Payload> {
    @usableFromInline
    struct Entry {
        @usableFromInline var time: Millis
        @usableFromInline var sequence: UInt64
        @usableFromInline var payload: Payload
    }

    @usableFromInline var heap: [Entry] = []
    @usableFromInline var nextSequence: UInt64 = 0
    @usableFromInline var cancelled: Set<UInt64> = []
    public private(set) var now: Millis

    public init(now: Millis = 0) {
        self.now = now
        heap.reserveCapacity(64)
    }

    /// Empties the queue and sets the clock, keeping allocated storage.
    public mutating func reset(now: Millis) {
        heap.removeAll(keepingCapacity: true)
        cancelled.removeAll(keepingCapacity: true)
        nextSequence = 0
        self.now = now
    }

    /// Pending entries, cancelled ones included until they are skipped.
    public var count: Int { heap.count }
    /// Whether no live event is pending (O(n); for tests and diagnostics).
    public var isEmpty: Bool { heap.allSatisfy { cancelled.contains($0.sequence) } }

    /// Schedules `payload` at `time`, which must not lie in the past.
    @discardableResult
    public mutating func schedule(at time: Millis, _ payload: Payload) -> EventHandle {
        precondition(time >= now, "event scheduled in the past")
        let sequence = nextSequence
        nextSequence &+= 1
        heap.append(Entry(time: time, sequence: sequence, payload: payload))
        siftUp(heap.count - 1)
        return EventHandle(sequence: sequence)
    }

    /// Cancels an event that has not run yet; cancelling one that already ran is harmless.
    public mutating func cancel(_ handle: EventHandle) {
        guard handle.sequence < nextSequence else { return }
        cancelled.insert(handle.sequence)
    }

    /// Removes the earliest live event, advances the clock to it and returns it.
    public mutating func next() -> (time: Millis, payload: Payload)? {
        while let top = popTop() {
            if !cancelled.isEmpty, cancelled.remove(top.sequence) != nil { continue }
            now = top.time
            return (top.time, top.payload)
        }
        return nil
    }

    /// The time of the earliest live event, without removing it.
    public mutating func peekTime() -> Millis? {
        while let top = heap.first {
            if !cancelled.isEmpty, cancelled.contains(top.sequence) {
                _ = popTop()
                cancelled.remove(top.sequence)
                continue
            }
            return top.time
        }
        return nil
    }

    @inline(__always)
    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }

    private mutating func popTop() -> Entry? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let top = heap[0]
        // Floyd's bottom-up pop: walk the hole down to a leaf along the smaller
        // children (one comparison per level), then sift the last entry up from
        // there. Fewer comparisons than a classic sift-down, since the last
        // entry usually belongs near the bottom.
        let count = heap.count
        var hole = 0
        var child = 1
        while child < count {
            if child + 1 < count, Self.precedes(heap[child + 1], heap[child]) { child += 1 }
            heap[hole] = heap[child]
            hole = child
            child = 2 * hole + 1
        }
        heap[hole] = last
        siftUp(hole)
        return top
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let moving = heap[child]
        while child > 0 {
            let parent = (child - 1) >> 1
            guard Self.precedes(moving, heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = moving
    }
}
