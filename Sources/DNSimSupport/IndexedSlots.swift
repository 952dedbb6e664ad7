import Foundation

/// One result per index, stored from any thread and read in index order once the loop is done:
/// how parallel loops keep their output independent of which thread finished first.
public final class IndexedSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]
    private var stored = 0

    public init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores `value` at `index` and returns how many slots are filled.
    @discardableResult
    public func store(_ value: Value, at index: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if slots[index] == nil { stored += 1 }
        slots[index] = value
        return stored
    }

    /// Every slot, in index order (nil where nothing was stored).
    public var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }

    /// Every slot's value, in index order; each must have been stored.
    public func all() -> [Value] {
        values.map { value in
            guard let value else { preconditionFailure("a slot of an IndexedSlots was never stored") }
            return value
        }
    }
}
