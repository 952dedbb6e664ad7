/// The event kernel's agenda: a binary min-heap keyed (time, sequence).
///
/// The sequence number breaks ties, so events at the same millisecond run in
/// the order they were scheduled (FIFO), which keeps runs deterministic.
/// Cancellation is lazy and O(1): the event's slot is marked, and its key is
/// skipped when it reaches the top. The queue knows nothing about what its
/// payloads mean.
///
/// A value type: a simulator holds its queue inline, so every access is
/// checked for exclusivity at compile time, not at run time. Its memory is an
/// `EventQueueStorage`, copied before a write when shared; the pointer
/// arithmetic stays there.
public struct EventQueue<Payload> {
    private var storage = EventQueueStorage<Payload>(capacity: 16)
    private var nextSequence: UInt64 = 0
    public private(set) var now: Millis

    public init(now: Millis = 0) {
        self.now = now
    }

    /// Events in the heap, cancelled ones included.
    public var count: Int { storage.count }

    /// Empties the queue and sets the clock, keeping allocated storage.
    public mutating func reset(now: Millis) {
        makeUnique()
        storage.removeAll()
        nextSequence = 0
        self.now = now
    }

    /// Schedules `payload` at `time`, which must not lie in the past.
    /// Inlined: callers build the payload in place and skip a call.
    @discardableResult
    @inline(__always)
    public mutating func schedule(at time: Millis, _ payload: Payload) -> EventHandle {
        precondition(time >= now, "event scheduled in the past")
        precondition(nextSequence < QueueKey.sequenceLimit, "too many events since the queue's last reset")
        makeUnique()
        if storage.isFull { storage = storage.copy(capacity: 2 * storage.capacity) }
        let order = storage.insert(time: time, sequence: nextSequence, payload)
        nextSequence &+= 1
        return EventHandle(order: order)
    }

    /// Cancels an event that has not run yet. Cancelling one that already ran,
    /// or was cancelled, is harmless.
    public mutating func cancel(_ handle: EventHandle) {
        makeUnique()
        storage.cancel(order: handle.order)
    }

    /// Removes the earliest live event, advances the clock to it and returns it.
    public mutating func next() -> (time: Millis, payload: Payload)? {
        makeUnique()
        while let (time, payload, live) = storage.popMin() {
            guard live else { continue }
            now = time
            return (time, payload)
        }
        return nil
    }

    /// A sequence number for an event its owner keeps outside the queue (the
    /// next of a sorted list it merges in, see `next(before:sequence:)`): the
    /// event then ties with queued ones as if it had been scheduled now.
    @inline(__always)
    public mutating func reserveSequence() -> UInt64 {
        precondition(nextSequence < QueueKey.sequenceLimit, "too many events since the queue's last reset")
        defer { nextSequence &+= 1 }
        return nextSequence
    }

    /// Like `next()`, but only if the earliest live event runs before an outside
    /// event at `time` with the reserved `sequence`; nil otherwise, and then
    /// the outside event is the next one (`advance(to:)`). (`Millis.max`,
    /// `UInt64.max`) lies after every event: then this is `next()`.
    @inline(__always)
    public mutating func next(before time: Millis, sequence: UInt64) -> (time: Millis, payload: Payload)? {
        makeUnique()
        let outside = QueueKey(time: time, sequence: sequence, slot: 0)
        while let (time, payload, live) = storage.popMin(before: outside) {
            guard live else { continue }
            now = time
            return (time, payload)
        }
        return nil
    }

    /// Advances the clock to an outside event's time, which must not lie in the past.
    @inline(__always)
    public mutating func advance(to time: Millis) {
        precondition(time >= now, "event scheduled in the past")
        now = time
    }

    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.capacity) }
    }
}
