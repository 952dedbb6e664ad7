/// The agenda's memory: the pending events' `AgendaKey`s and, beside them, one
/// slot per pending event holding its payload and its current order. Keys
/// move 16 bytes at a time, a payload is written once and read once, and a
/// cancellation is one store into the slot's order. Freed slots are reused
/// from a stack, so a device's run allocates nothing once it has warmed up.
///
/// A device has three to six events pending, so the keys are kept sorted,
/// latest first: the earliest is the last one, popped without a search, and
/// an insertion shifts only the keys earlier than the new one. Past
/// `sortedLimit` keys they become a binary min-heap (the sorted array,
/// reversed, already is one) until the agenda empties, so the cost stays
/// logarithmic however many events are pending.
///
/// The only kernel type that touches raw pointers, as swift-collections'
/// `HeapModule` keeps them in one place.
final class AgendaStorage<Payload> {
    /// The order of a free or cancelled slot; no event's order reaches it.
    static var vacant: UInt64 { .max }
    /// The most keys kept as a sorted array.
    static var sortedLimit: Int { 16 }

    private(set) var capacity: Int
    private var keys: UnsafeMutablePointer<AgendaKey>
    private var payloads: UnsafeMutablePointer<Payload>
    /// By slot: the order of the event it holds, or `vacant` once cancelled.
    private var orders: UnsafeMutablePointer<UInt64>
    private var freeSlots: UnsafeMutablePointer<Int>
    /// Keys in the heap, cancelled ones included; each holds a slot.
    private(set) var count = 0
    /// Slots handed out since the last reset; those below it and not in use are in `freeSlots`.
    private var slotsUsed = 0
    private var freeCount = 0
    /// Whether the keys form a heap (more than `sortedLimit` were pending) or a sorted array.
    private var isHeap = false
    /// The agenda's clock and the sequence number of the next event scheduled (`EventAgenda`).
    var now: Millis = 0
    var nextSequence: UInt64 = 0

    init(capacity: Int) {
        precondition(capacity > 0 && UInt64(capacity) <= AgendaKey.slotMask + 1, "event agenda capacity out of range")
        self.capacity = capacity
        keys = .allocate(capacity: capacity)
        payloads = .allocate(capacity: capacity)
        orders = .allocate(capacity: capacity)
        freeSlots = .allocate(capacity: capacity)
    }

    deinit {
        removeAll()
        keys.deallocate()
        payloads.deallocate()
        orders.deallocate()
        freeSlots.deallocate()
    }

    /// True when another event needs a larger storage.
    @inline(__always)
    var isFull: Bool { freeCount == 0 && slotsUsed == capacity }

    /// A copy with room for `capacity` slots (at least this one's), for `EventAgenda.copy()`.
    func copy(capacity newCapacity: Int) -> AgendaStorage {
        let copy = AgendaStorage(capacity: max(newCapacity, capacity))
        copy.keys.initialize(from: keys, count: count)
        copy.orders.initialize(from: orders, count: slotsUsed)
        copy.freeSlots.initialize(from: freeSlots, count: freeCount)
        for index in 0..<count {
            let slot = keys[index].slot
            (copy.payloads + slot).initialize(to: payloads[slot])
        }
        copy.count = count
        copy.slotsUsed = slotsUsed
        copy.freeCount = freeCount
        copy.isHeap = isHeap
        copy.now = now
        copy.nextSequence = nextSequence
        return copy
    }

    /// Doubles the capacity in place, keeping every pending event, its order and its slot
    /// (the agenda holds its storage as a constant, so it is never replaced).
    func grow() {
        let larger = 2 * capacity
        precondition(UInt64(larger) <= AgendaKey.slotMask + 1, "event agenda capacity out of range")
        let newKeys = UnsafeMutablePointer<AgendaKey>.allocate(capacity: larger)
        let newPayloads = UnsafeMutablePointer<Payload>.allocate(capacity: larger)
        let newOrders = UnsafeMutablePointer<UInt64>.allocate(capacity: larger)
        let newFreeSlots = UnsafeMutablePointer<Int>.allocate(capacity: larger)
        for index in 0..<count {
            let slot = keys[index].slot
            (newPayloads + slot).moveInitialize(from: payloads + slot, count: 1)
        }
        newKeys.moveInitialize(from: keys, count: count)
        newOrders.moveInitialize(from: orders, count: slotsUsed)
        newFreeSlots.moveInitialize(from: freeSlots, count: freeCount)
        keys.deallocate()
        payloads.deallocate()
        orders.deallocate()
        freeSlots.deallocate()
        (keys, payloads, orders, freeSlots, capacity) = (newKeys, newPayloads, newOrders, newFreeSlots, larger)
    }

    /// Drops every pending event; slots are handed out from 0 again.
    func removeAll() {
        for index in 0..<count { (payloads + keys[index].slot).deinitialize(count: 1) }
        count = 0
        slotsUsed = 0
        freeCount = 0
        isHeap = false
    }

    /// `EventAgenda.schedule`: the next sequence number, growing the storage if full; returns the key's order.
    @inline(__always)
    func schedule(at time: Millis, _ payload: Payload) -> UInt64 {
        precondition(time >= now, "event scheduled in the past")
        let sequence = nextSequence
        precondition(sequence < AgendaKey.sequenceLimit, "too many events since the agenda's last reset")
        if isFull { grow() }
        let order = insert(time: time, sequence: sequence, payload)
        nextSequence = sequence &+ 1
        return order
    }

    /// Stores `payload` in a free slot and its key in the heap; returns the key's order.
    @inline(__always)
    func insert(time: Millis, sequence: UInt64, _ payload: Payload) -> UInt64 {
        let slot: Int
        if freeCount > 0 {
            freeCount -= 1
            slot = freeSlots[freeCount]
        } else {
            slot = slotsUsed
            slotsUsed += 1
        }
        let key = AgendaKey(time: time, sequence: sequence, slot: slot)
        (payloads + slot).initialize(to: payload)
        orders[slot] = key.order
        if isHeap {
            siftUp(key, from: count)
        } else if count < Self.sortedLimit {
            insertSorted(key)
        } else {
            becomeHeap()
            siftUp(key, from: count)
        }
        count += 1
        return key.order
    }

    /// Marks the event with `order` cancelled if it is still pending; its
    /// key stays in the heap until it reaches the top.
    @inline(__always)
    func cancel(order: UInt64) {
        let slot = Int(truncatingIfNeeded: order & AgendaKey.slotMask)
        if slot < slotsUsed, orders[slot] == order { orders[slot] = Self.vacant }
    }

    /// Removes the earliest key and frees its slot: its time and payload, and
    /// whether it was still live (not cancelled). Nil when empty.
    @inline(__always)
    func popMin() -> (time: Millis, payload: Payload, live: Bool)? {
        guard count > 0 else { return nil }
        count -= 1
        let top: AgendaKey
        if isHeap {
            top = keys[0]
            if count > 0 { siftDownFromTop(keys[count]) } else { isHeap = false }
        } else {
            top = keys[count]
        }
        let slot = top.slot
        let live = orders[slot] == top.order
        orders[slot] = Self.vacant
        freeSlots[freeCount] = slot
        freeCount += 1
        return (top.time, (payloads + slot).move(), live)
    }

    /// `popMin()` if the earliest key precedes `bound`, else nil.
    @inline(__always)
    func popMin(before bound: AgendaKey) -> (time: Millis, payload: Payload, live: Bool)? {
        guard count > 0, (isHeap ? keys[0] : keys[count &- 1]).precedes(bound) else { return nil }
        return popMin()
    }

    /// The earliest live event if it runs before an outside event at `time` with `sequence`
    /// (`EventAgenda.next(before:sequence:)`), removed, with the clock advanced to it.
    @inline(__always)
    func popLive(before time: Millis, sequence: UInt64) -> (time: Millis, payload: Payload)? {
        let outside = AgendaKey(time: time, sequence: sequence, slot: 0)
        while let (time, payload, live) = popMin(before: outside) {
            guard live else { continue }
            now = time
            return (time, payload)
        }
        return nil
    }

    /// Traps unless the storage is consistent (as swift-collections' `Heap._checkInvariants()`):
    /// every slot handed out holds a pending key or is free, never both; a key's slot holds its order,
    /// or `vacant` once cancelled; no key is earlier than the clock or later in sequence than the next;
    /// and the keys are sorted latest first, or a min-heap past `sortedLimit`. For tests: it is O(n).
    func checkInvariants() {
        precondition(0 <= count && count <= slotsUsed && slotsUsed <= capacity, "counts out of range")
        precondition(count + freeCount == slotsUsed, "a slot is neither pending nor free, or both")
        precondition(isHeap || count <= Self.sortedLimit, "more sorted keys than the sorted limit")
        var seen = [Bool](repeating: false, count: slotsUsed)
        for index in 0..<count {
            let key = keys[index]
            precondition(key.slot < slotsUsed && !seen[key.slot], "a key's slot is out of range or shared")
            seen[key.slot] = true
            precondition(
                orders[key.slot] == key.order || orders[key.slot] == Self.vacant, "a slot holds another key's order")
            precondition(key.time >= now, "a pending key is earlier than the clock")
            precondition(
                key.order >> UInt64(AgendaKey.slotBits) < nextSequence, "a key's sequence is not yet handed out")
            if isHeap {
                precondition(index == 0 || !key.precedes(keys[(index - 1) >> 1]), "a heap key precedes its parent")
            } else {
                precondition(index == 0 || key.precedes(keys[index - 1]), "the sorted keys are not latest first")
            }
        }
        for index in 0..<freeCount {
            let slot = freeSlots[index]
            precondition(slot < slotsUsed && !seen[slot], "a free slot is out of range, pending or freed twice")
            seen[slot] = true
            precondition(orders[slot] == Self.vacant, "a free slot holds an order")
        }
    }

    /// Sorted mode: shifts the keys earlier than `key` up one place and puts it below them.
    @inline(__always)
    private func insertSorted(_ key: AgendaKey) {
        var index = count
        while index > 0, keys[index &- 1].precedes(key) {
            keys[index] = keys[index &- 1]
            index &-= 1
        }
        keys[index] = key
    }

    /// Latest-first sorted keys, reversed, are earliest-first: a valid min-heap.
    private func becomeHeap() {
        var (low, high) = (0, count - 1)
        while low < high {
            swap(&keys[low], &keys[high])
            low += 1
            high -= 1
        }
        isHeap = true
    }

    /// Heap mode. Floyd's bottom-up sift: walk the hole at the root down to a leaf along
    /// the smaller children (one comparison per level), then sift `last` up
    /// from there; the heap's last key usually belongs near the bottom.
    @inline(__always)
    private func siftDownFromTop(_ last: AgendaKey) {
        var hole = 0
        var child = 1
        while child < count {
            if child &+ 1 < count, keys[child &+ 1].precedes(keys[child]) { child &+= 1 }
            keys[hole] = keys[child]
            hole = child
            child = 2 &* hole &+ 1
        }
        siftUp(last, from: hole)
    }

    /// Heap mode: moves `key` up from `start` past the later keys above it.
    @inline(__always)
    private func siftUp(_ key: AgendaKey, from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child &- 1) >> 1
            guard key.precedes(keys[parent]) else { break }
            keys[child] = keys[parent]
            child = parent
        }
        keys[child] = key
    }
}
