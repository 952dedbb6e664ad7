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
///
/// Storage is a manually grown buffer rather than an Array: the hold
/// operation (pop, then push) is the simulator's innermost loop, and this
/// spares it copy-on-write checks. One queue per simulator; not shared.
public final class EventQueue<Payload> {
    @usableFromInline
    struct Entry {
        @usableFromInline var time: Millis
        @usableFromInline var sequence: UInt64
        @usableFromInline var payload: Payload
    }

    private var storage: UnsafeMutablePointer<Entry>
    private var capacity: Int
    public private(set) var count = 0
    private var nextSequence: UInt64 = 0
    /// Cancelled sequences still in the heap: few at a time, so a list beats hashing.
    private var cancelled: [UInt64] = []
    public private(set) var now: Millis

    public init(now: Millis = 0) {
        self.now = now
        capacity = 64
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Empties the queue and sets the clock, keeping allocated storage.
    public func reset(now: Millis) {
        storage.deinitialize(count: count)
        count = 0
        cancelled.removeAll(keepingCapacity: true)
        nextSequence = 0
        self.now = now
    }

    /// Whether no live event is pending.
    public var isEmpty: Bool {
        (0..<count).allSatisfy { cancelled.contains(storage[$0].sequence) }
    }

    /// Schedules `payload` at `time`, which must not lie in the past.
    @discardableResult
    public func schedule(at time: Millis, _ payload: Payload) -> EventHandle {
        precondition(time >= now, "event scheduled in the past")
        if count == capacity { grow() }
        let sequence = nextSequence
        nextSequence &+= 1
        (storage + count).initialize(to: Entry(time: time, sequence: sequence, payload: payload))
        count += 1
        siftUp(count - 1)
        return EventHandle(sequence: sequence)
    }

    /// Cancels an event that has not run yet. Cancelling one that already ran
    /// is harmless but is remembered until the next `reset`, so avoid it.
    public func cancel(_ handle: EventHandle) {
        guard handle.sequence < nextSequence, !cancelled.contains(handle.sequence) else { return }
        cancelled.append(handle.sequence)
    }

    /// Removes the earliest live event, advances the clock to it and returns it.
    public func next() -> (time: Millis, payload: Payload)? {
        while count > 0 {
            let top = popTop()
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

    /// The time of the earliest live event, without removing it.
    public func peekTime() -> Millis? {
        while count > 0 {
            if !cancelled.isEmpty, let index = cancelled.firstIndex(of: storage[0].sequence) {
                _ = popTop()
                cancelled.swapAt(index, cancelled.count - 1)
                cancelled.removeLast()
                continue
            }
            return storage[0].time
        }
        return nil
    }

    @inline(__always)
    static func precedes(_ a: UnsafeMutablePointer<Entry>, _ b: UnsafeMutablePointer<Entry>) -> Bool {
        a.pointee.time < b.pointee.time || (a.pointee.time == b.pointee.time && a.pointee.sequence < b.pointee.sequence)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// Floyd's bottom-up pop: walk the hole down to a leaf along the smaller
    /// children (one comparison per level), then sift the last entry up from
    /// there; the last entry usually belongs near the bottom.
    private func popTop() -> Entry {
        let top = storage.move()
        count -= 1
        guard count > 0 else { return top }
        let last = (storage + count).move()
        var hole = 0
        var child = 1
        while child < count {
            if child + 1 < count, Self.precedes(storage + child + 1, storage + child) { child += 1 }
            (storage + hole).initialize(to: (storage + child).move())
            hole = child
            child = 2 * hole + 1
        }
        (storage + hole).initialize(to: last)
        siftUp(hole)
        return top
    }

    private func siftUp(_ start: Int) {
        var child = start
        guard child > 0 else { return }
        let moving = (storage + child).move()
        while child > 0 {
            let parent = (child - 1) >> 1
            let p = storage + parent
            guard moving.time < p.pointee.time || (moving.time == p.pointee.time && moving.sequence < p.pointee.sequence) else { break }
            (storage + child).initialize(to: p.move())
            child = parent
        }
        (storage + child).initialize(to: moving)
    }
}
