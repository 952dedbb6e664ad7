import Foundation

/// A small thread-safe table of results of a pure function, for the parsing every
/// sweep point repeats. It forgets everything when full, so it never grows past `capacity`.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [Key: Value] = [:]
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func value(_ key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return table[key]
    }

    func store(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if table.count >= capacity { table.removeAll(keepingCapacity: true) }
        table[key] = value
    }
}
