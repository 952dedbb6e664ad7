import XCTest
@testable import DNSimCore

final class EventQueueTests: XCTestCase {
    func testEventsComeOutInTimeOrderWithFIFOTies() {
        var queue = EventQueue<String>(now: 0)
        queue.schedule(at: 30, "c")
        queue.schedule(at: 10, "a1")
        queue.schedule(at: 20, "b")
        queue.schedule(at: 10, "a2")
        queue.schedule(at: 10, "a3")
        var order: [String] = []
        while let (time, payload) = queue.next() {
            XCTAssertEqual(queue.now, time)
            order.append(payload)
        }
        XCTAssertEqual(order, ["a1", "a2", "a3", "b", "c"])
    }

    func testCancelledEventNeverFires() {
        var queue = EventQueue<Int>(now: 0)
        let keep = queue.schedule(at: 5, 1)
        let drop = queue.schedule(at: 3, 2)
        queue.schedule(at: 7, 3)
        queue.cancel(drop)
        XCTAssertEqual(queue.count, 3, "a cancelled event stays in the heap until it reaches the top")
        XCTAssertEqual(queue.next()?.payload, 1)
        queue.cancel(keep)  // already ran: harmless
        XCTAssertEqual(queue.next()?.payload, 3)
        XCTAssertNil(queue.next())
        XCTAssertEqual(queue.count, 0)
    }

    func testManyEventsMatchSortedOrder() {
        var queue = EventQueue<Int>(now: 0)
        var state: UInt64 = 12345
        var expected: [(Millis, Int)] = []
        for i in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let time = Millis(state >> 54)  // many ties
            queue.schedule(at: time, i)
            expected.append((time, i))
        }
        expected.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var got: [(Millis, Int)] = []
        while let event = queue.next() { got.append(event) }
        XCTAssertEqual(got.map(\.0), expected.map(\.0))
        XCTAssertEqual(got.map(\.1), expected.map(\.1))
    }

    func testResetClearsPendingAndCancelled() {
        var queue = EventQueue<Int>(now: 0)
        let handle = queue.schedule(at: 1, 1)
        queue.cancel(handle)
        queue.reset(now: 100)
        XCTAssertEqual(queue.now, 100)
        XCTAssertNil(queue.next())
        queue.schedule(at: 100, 9)
        XCTAssertEqual(queue.next()?.payload, 9, "a reset must not carry old cancellations onto reused sequence numbers")
    }

    func testStaleHandleDoesNotCancelTheEventReusingItsSlot() {
        var queue = EventQueue<Int>(now: 0)
        let ran = queue.schedule(at: 1, 1)
        XCTAssertEqual(queue.next()?.payload, 1)
        queue.schedule(at: 2, 2)  // takes the slot the first event freed
        queue.cancel(ran)
        queue.cancel(ran)
        XCTAssertEqual(queue.next()?.payload, 2)
        XCTAssertNil(queue.next())
    }

    func testCopiesAreIndependent() {
        var original = EventQueue<String>(now: 0)
        for i in 0..<40 { original.schedule(at: Millis(40 - i), "e\(i)") }
        let handle = original.schedule(at: 0, "first")
        var copy = original
        copy.cancel(handle)
        copy.schedule(at: 0, "only in the copy")
        XCTAssertEqual(original.next()?.payload, "first")
        XCTAssertEqual(copy.next()?.payload, "only in the copy")
        var rest: [String] = []
        while let event = original.next() { rest.append(event.payload) }
        XCTAssertEqual(rest, (0..<40).reversed().map { "e\($0)" })
        XCTAssertEqual(copy.count, 40)
    }

    func testGrowsAndResetsWithPayloadsThatNeedReleasing() {
        final class Token {}
        weak var watched: Token?
        var queue = EventQueue<Token>(now: 0)
        do {
            let token = Token()
            watched = token
            for i in 0..<1_000 { queue.schedule(at: Millis(i % 7), i == 500 ? token : Token()) }
        }
        XCTAssertEqual(queue.count, 1_000)
        XCTAssertNotNil(watched)
        queue.reset(now: 0)
        XCTAssertNil(watched, "reset releases pending payloads")
        queue.schedule(at: 3, Token())
        XCTAssertEqual(queue.count, 1)
    }

    /// Schedules, cancellations and pops at random, the number pending rising
    /// past the sorted array's limit into heap mode and back to empty, against
    /// a plain sorted list.
    func testMatchesAReferenceAcrossSortedAndHeapModes() {
        var queue = EventQueue<Int>(now: 0)
        var reference: [(time: Millis, sequence: Int, handle: EventHandle)] = []
        var state: UInt64 = 99
        func random(_ n: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % n
        }
        var sequence = 0
        var (mostPending, emptiedAfterHeap) = (0, 0)
        for step in 0..<40_000 {
            let many = step / 2_000 % 2 == 1  // phases in which events pile up, then drain
            let roll = random(10)
            mostPending = max(mostPending, queue.count)
            if queue.count == 0, mostPending > 16 {
                emptiedAfterHeap += 1
                mostPending = 0
            }
            if roll < (many ? 6 : 3) {
                let time = queue.now + Millis(random(50))
                let handle = queue.schedule(at: time, sequence)
                reference.append((time, sequence, handle))
                sequence += 1
            } else if roll == 5, !reference.isEmpty {
                let victim = reference.remove(at: Int(random(UInt64(reference.count))))
                queue.cancel(victim.handle)
            } else if let event = queue.next() {
                let earliest = reference.indices.min { (reference[$0].time, reference[$0].sequence) < (reference[$1].time, reference[$1].sequence) }!
                XCTAssertEqual(event.time, reference[earliest].time)
                XCTAssertEqual(event.payload, reference[earliest].sequence)
                reference.remove(at: earliest)
            } else {
                XCTAssertTrue(reference.isEmpty)
            }
        }
        XCTAssertGreaterThan(emptiedAfterHeap, 5, "the queue went into heap mode and emptied several times")
        while let event = queue.next() {
            let earliest = reference.indices.min { (reference[$0].time, reference[$0].sequence) < (reference[$1].time, reference[$1].sequence) }!
            XCTAssertEqual(event.payload, reference[earliest].sequence)
            reference.remove(at: earliest)
        }
        XCTAssertTrue(reference.isEmpty)
    }

    /// An event kept outside the queue with a reserved sequence number runs exactly where the
    /// queue would have run it had it been scheduled then: after earlier-scheduled ties, before later ones,
    /// with cancelled events ahead of it skipped.
    func testOutsideEventMergesAsIfQueued() {
        for pending in [3, 40] {  // sorted mode and heap mode
            var merged = EventQueue<Int>(now: 0)
            var queued = EventQueue<Int>(now: 0)
            var handles: [(EventHandle, EventHandle)] = []
            for i in 0..<pending {
                handles.append((merged.schedule(at: Millis(10 * (i % 5)), i), queued.schedule(at: Millis(10 * (i % 5)), i)))
            }
            // The outside event at t = 20, scheduled now: after the ties already queued at 20.
            let sequence = merged.reserveSequence()
            queued.schedule(at: 20, -1)
            // Scheduled after it: a tie at 20 that must run after it, and a cancelled event before it.
            merged.schedule(at: 20, 1_000)
            queued.schedule(at: 20, 1_000)
            merged.cancel(handles[1].0)
            queued.cancel(handles[1].1)
            var outsidePending = true
            var got: [Int] = [], want: [Int] = []
            while true {
                let time: Millis = outsidePending ? 20 : .max
                if let event = merged.next(before: time, sequence: outsidePending ? sequence : .max) {
                    got.append(event.payload)
                } else if outsidePending {
                    merged.advance(to: 20)
                    XCTAssertEqual(merged.now, 20)
                    got.append(-1)
                    outsidePending = false
                } else {
                    break
                }
            }
            while let event = queued.next() { want.append(event.payload) }
            XCTAssertEqual(got, want, "\(pending) pending")
            XCTAssertTrue(got.contains(-1) && got.firstIndex(of: -1)! < got.firstIndex(of: 1_000)!)
        }
    }

    /// The agenda a simulation owns grows in place past its first capacity (16), in heap mode,
    /// keeping every event, handle and tie; its `copy()` is independent of it.
    func testAgendaGrowsInPlaceAndCopiesAreIndependent() {
        let agenda = EventAgenda<Int>(now: 0)
        var handles: [EventHandle] = []
        for i in 0..<100 { handles.append(agenda.schedule(at: Millis(i % 7), i)) }
        for i in stride(from: 0, to: 100, by: 3) { agenda.cancel(handles[i]) }
        let copy = agenda.copy()
        copy.schedule(at: 0, -1)
        var got: [Int] = []
        while let event = agenda.next() { got.append(event.payload) }
        let live = (0..<100).filter { $0 % 3 != 0 }
        XCTAssertEqual(got, live.sorted { ($0 % 7, $0) < ($1 % 7, $1) })
        XCTAssertEqual(agenda.now, 6)
        var copied: [Int] = []
        while let event = copy.next() { copied.append(event.payload) }
        // Scheduled last, the new event runs after the ties already pending at 0.
        let atZero = got.filter { $0 % 7 == 0 }.count
        XCTAssertEqual(copied, Array(got[..<atZero]) + [-1] + got[atZero...], "the copy kept the events, and only it got the new one")
    }
}
