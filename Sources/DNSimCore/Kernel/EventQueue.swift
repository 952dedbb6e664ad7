/// The event kernel's agenda (`EventAgenda`) with value semantics: a copy is
/// independent of the original, its memory copied before the first write.
/// For holders that may be copied; a simulation that owns its agenda uses
/// `EventAgenda` itself and skips the copy-on-write check.
public struct EventQueue<Payload> {
    private var agenda: EventAgenda<Payload>

    public init(now: Millis = 0) {
        agenda = EventAgenda(now: now)
    }

    public var now: Millis { agenda.now }

    /// Events in the heap, cancelled ones included.
    public var count: Int { agenda.count }

    /// Empties the queue and sets the clock, keeping allocated storage.
    public mutating func reset(now: Millis) {
        makeUnique()
        agenda.reset(now: now)
    }

    /// Schedules `payload` at `time`, which must not lie in the past.
    @discardableResult
    @inline(__always)
    public mutating func schedule(at time: Millis, _ payload: Payload) -> EventHandle {
        makeUnique()
        return agenda.schedule(at: time, payload)
    }

    /// Cancels an event that has not run yet. Cancelling one that already ran,
    /// or was cancelled, is harmless.
    public mutating func cancel(_ handle: EventHandle) {
        makeUnique()
        agenda.cancel(handle)
    }

    /// Removes the earliest live event, advances the clock to it and returns it.
    public mutating func next() -> (time: Millis, payload: Payload)? {
        makeUnique()
        return agenda.next()
    }

    /// `EventAgenda.reserveSequence()`.
    public mutating func reserveSequence() -> UInt64 {
        makeUnique()
        return agenda.reserveSequence()
    }

    /// `EventAgenda.next(before:sequence:)`.
    public mutating func next(before time: Millis, sequence: UInt64) -> (time: Millis, payload: Payload)? {
        makeUnique()
        return agenda.next(before: time, sequence: sequence)
    }

    /// `EventAgenda.advance(to:)`.
    public mutating func advance(to time: Millis) {
        makeUnique()
        agenda.advance(to: time)
    }

    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&agenda) { agenda = agenda.copy() }
    }
}
