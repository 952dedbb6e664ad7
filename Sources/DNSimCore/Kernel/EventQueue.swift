/// The event kernel's agenda: a binary min-heap keyed (time, sequence).
///
/// The sequence number breaks ties, so events at the same millisecond run in
/// the order they were scheduled (FIFO), which keeps runs deterministic.
/// Cancellation is lazy: a cancelled event stays in the heap and is skipped
/// when it reaches the top, which keeps `cancel` O(1).
/// The queue knows nothing about what its payloads mean.
///
/// A value type: a simulator holds its queue inline, so every access is
/// checked for exclusivity at compile time, not at run time. The heap's
/// pointer arithmetic stays inside `BinaryHeap`.
public struct EventQueue<Payload> {
    private var heap = BinaryHeap<Payload>()
    private var nextSequence: UInt64 = 0
    /// Cancelled sequences still in the heap: few at a time, so a list beats hashing.
    private var cancelled: [UInt64] = []
    public private(set) var now: Millis

    public init(now: Millis = 0) {
        self.now = now
    }

    /// Events in the heap, cancelled ones included.
    public var count: Int { heap.count }

    /// Empties the queue and sets the clock, keeping allocated storage.
    public mutating func reset(now: Millis) {
        heap.removeAll()
        cancelled.removeAll(keepingCapacity: true)
        nextSequence = 0
        self.now = now
    }

    /// Schedules `payload` at `time`, which must not lie in the past.
    @discardableResult
    public mutating func schedule(at time: Millis, _ payload: Payload) -> EventHandle {
        precondition(time >= now, "event scheduled in the past")
        let sequence = nextSequence
        nextSequence &+= 1
        heap.insert(HeapEntry(time: time, sequence: sequence, payload: payload))
        return EventHandle(sequence: sequence)
    }

    /// Cancels an event that has not run yet. Cancelling one that already ran
    /// is harmless but is remembered until the next `reset`, so avoid it.
    public mutating func cancel(_ handle: EventHandle) {
        guard handle.sequence < nextSequence, !cancelled.contains(handle.sequence) else { return }
        cancelled.append(handle.sequence)
    }

    /// Removes the earliest live event, advances the clock to it and returns it.
    public mutating func next() -> (time: Millis, payload: Payload)? {
        while let top = heap.popMin() {
            if !cancelled.isEmpty, let index = cancelled.firstIndex(of: top.sequence) {
                cancelled.swapAt(index, cancelled.count - 1)
                cancelled.removeLast()
                continue
            }
            now = top.time
            return (top.time, top.payload)
        }
        return nil
    }
}

/// One pending event.
struct HeapEntry<Payload> {
    var time: Millis
    var sequence: UInt64
    var payload: Payload

    @inline(__always)
    func precedes(_ other: HeapEntry) -> Bool {
        time < other.time || (time == other.time && sequence < other.sequence)
    }
}
