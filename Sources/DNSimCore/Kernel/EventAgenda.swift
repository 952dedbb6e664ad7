/// The event kernel's agenda: pending events ordered by (time, sequence).
///
/// The sequence number breaks ties, so events at the same millisecond run in
/// the order they were scheduled (FIFO), which keeps runs deterministic.
/// Cancellation is lazy and O(1): the event's slot is marked, and its key is
/// skipped when it reaches the top. The agenda knows nothing about what its
/// payloads mean.
///
/// A reference type with one owner: a device's simulation holds its agenda
/// and nothing else does, so no operation pays for a copy-on-write check (4%
/// of a simulation's instructions). The pointer arithmetic stays in
/// `AgendaStorage`.
public final class EventAgenda<Payload> {
    /// The events, the clock and the sequence counter. A constant that grows in place, whose
    /// mutable fields are internal to the module: the compiler checks every access to them
    /// statically (stored `var`s of this public class were checked at run time, on every access).
    /// Internal so the one owner may hold it directly (`DeviceContext`): one load less per access.
    let storage: AgendaStorage<Payload>

    public init(now: Millis = 0) {
        storage = AgendaStorage(capacity: 16)
        storage.now = now
    }

    private init(copying other: EventAgenda) {
        storage = other.storage.copy(capacity: other.storage.capacity)
    }

    /// The time of the event handled last (or of the last `reset` or `advance`).
    public var now: Millis { storage.now }

    /// An independent agenda with the same pending events, clock and sequence.
    public func copy() -> EventAgenda {
        EventAgenda(copying: self)
    }

    /// Events pending, cancelled ones included.
    public var count: Int { storage.count }

    /// Empties the agenda and sets the clock, keeping allocated storage.
    public func reset(now: Millis) {
        storage.removeAll()
        storage.nextSequence = 0
        storage.now = now
    }

    /// Schedules `payload` at `time`, which must not lie in the past.
    /// Inlined: callers build the payload in place and skip a call.
    @discardableResult
    @inline(__always)
    public func schedule(at time: Millis, _ payload: Payload) -> EventHandle {
        EventHandle(order: storage.schedule(at: time, payload))
    }

    /// Cancels an event that has not run yet. Cancelling one that already ran,
    /// or was cancelled, is harmless.
    @inline(__always)
    public func cancel(_ handle: EventHandle) {
        storage.cancel(order: handle.order)
    }

    /// Removes the earliest live event, advances the clock to it and returns it.
    public func next() -> (time: Millis, payload: Payload)? {
        next(before: .max, sequence: .max)
    }

    /// A sequence number for an event its owner keeps outside the agenda (the
    /// next of a sorted list it merges in, see `next(before:sequence:)`): the
    /// event then ties with scheduled ones as if it had been scheduled now.
    @inline(__always)
    public func reserveSequence() -> UInt64 {
        let sequence = storage.nextSequence
        precondition(sequence < AgendaKey.sequenceLimit, "too many events since the agenda's last reset")
        storage.nextSequence = sequence &+ 1
        return sequence
    }

    /// Like `next()`, but only if the earliest live event runs before an outside
    /// event at `time` with the reserved `sequence`; nil otherwise, and then
    /// the outside event is the next one (`advance(to:)`). (`Millis.max`,
    /// `UInt64.max`) lies after every event: then this is `next()`.
    @inline(__always)
    public func next(before time: Millis, sequence: UInt64) -> (time: Millis, payload: Payload)? {
        storage.popLive(before: time, sequence: sequence)
    }

    /// Advances the clock to an outside event's time, which must not lie in the past.
    @inline(__always)
    public func advance(to time: Millis) {
        precondition(time >= storage.now, "event scheduled in the past")
        storage.now = time
    }
}
