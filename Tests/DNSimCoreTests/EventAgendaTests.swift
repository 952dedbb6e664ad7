import XCTest

@testable import DNSimCore

/// The event kernel's agenda, the one the simulator runs on (`EventAgenda` over `AgendaStorage`).
final class EventAgendaTests: XCTestCase {
    func testEventsComeOutInTimeOrderWithFIFOTies() {
        let agenda = EventAgenda<String>(now: 0)
        agenda.schedule(at: 30, "c")
        agenda.schedule(at: 10, "a1")
        agenda.schedule(at: 20, "b")
        agenda.schedule(at: 10, "a2")
        agenda.schedule(at: 10, "a3")
        var order: [String] = []
        while let (time, payload) = agenda.next() {
            XCTAssertEqual(agenda.now, time)
            order.append(payload)
        }
        XCTAssertEqual(order, ["a1", "a2", "a3", "b", "c"])
    }

    func testCancelledEventNeverFires() {
        let agenda = EventAgenda<Int>(now: 0)
        let keep = agenda.schedule(at: 5, 1)
        let drop = agenda.schedule(at: 3, 2)
        agenda.schedule(at: 7, 3)
        agenda.cancel(drop)
        XCTAssertEqual(agenda.count, 3, "a cancelled event stays in the heap until it reaches the top")
        XCTAssertEqual(agenda.next()?.payload, 1)
        agenda.cancel(keep)  // already ran: harmless
        XCTAssertEqual(agenda.next()?.payload, 3)
        XCTAssertNil(agenda.next())
        XCTAssertEqual(agenda.count, 0)
    }

    func testManyEventsMatchSortedOrder() {
        let agenda = EventAgenda<Int>(now: 0)
        var state: UInt64 = 12345
        var expected: [(Millis, Int)] = []
        for i in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let time = Millis(state >> 54)  // many ties
            agenda.schedule(at: time, i)
            expected.append((time, i))
        }
        expected.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var got: [(Millis, Int)] = []
        while let event = agenda.next() { got.append(event) }
        XCTAssertEqual(got.map(\.0), expected.map(\.0))
        XCTAssertEqual(got.map(\.1), expected.map(\.1))
    }

    func testResetClearsPendingAndCancelled() {
        let agenda = EventAgenda<Int>(now: 0)
        let handle = agenda.schedule(at: 1, 1)
        agenda.cancel(handle)
        agenda.reset(now: 100)
        XCTAssertEqual(agenda.now, 100)
        XCTAssertNil(agenda.next())
        agenda.schedule(at: 100, 9)
        XCTAssertEqual(
            agenda.next()?.payload, 9, "a reset must not carry old cancellations onto reused sequence numbers")
    }

    func testStaleHandleDoesNotCancelTheEventReusingItsSlot() {
        let agenda = EventAgenda<Int>(now: 0)
        let ran = agenda.schedule(at: 1, 1)
        XCTAssertEqual(agenda.next()?.payload, 1)
        agenda.schedule(at: 2, 2)  // takes the slot the first event freed
        agenda.cancel(ran)
        agenda.cancel(ran)
        XCTAssertEqual(agenda.next()?.payload, 2)
        XCTAssertNil(agenda.next())
    }

    func testCopiesAreIndependent() {
        let original = EventAgenda<String>(now: 0)
        for i in 0..<40 { original.schedule(at: Millis(40 - i), "e\(i)") }
        let handle = original.schedule(at: 0, "first")
        let copy = original.copy()
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
        let agenda = EventAgenda<Token>(now: 0)
        do {
            let token = Token()
            watched = token
            for i in 0..<1_000 { agenda.schedule(at: Millis(i % 7), i == 500 ? token : Token()) }
        }
        XCTAssertEqual(agenda.count, 1_000)
        XCTAssertNotNil(watched)
        agenda.reset(now: 0)
        XCTAssertNil(watched, "reset releases pending payloads")
        agenda.schedule(at: 3, Token())
        XCTAssertEqual(agenda.count, 1)
    }

    /// Schedules, cancellations and pops at random, the number pending rising
    /// past the sorted array's limit into heap mode and back to empty, against
    /// a plain sorted list; the storage's invariants are checked after every operation.
    func testMatchesAReferenceAcrossSortedAndHeapModes() {
        let agenda = EventAgenda<Int>(now: 0)
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
            mostPending = max(mostPending, agenda.count)
            if agenda.count == 0, mostPending > 16 {
                emptiedAfterHeap += 1
                mostPending = 0
            }
            if roll < (many ? 6 : 3) {
                let time = agenda.now + Millis(random(50))
                let handle = agenda.schedule(at: time, sequence)
                reference.append((time, sequence, handle))
                sequence += 1
            } else if roll == 5, !reference.isEmpty {
                let victim = reference.remove(at: Int(random(UInt64(reference.count))))
                agenda.cancel(victim.handle)
            } else if let event = agenda.next() {
                let earliest = reference.indices.min {
                    (reference[$0].time, reference[$0].sequence) < (reference[$1].time, reference[$1].sequence)
                }!
                XCTAssertEqual(event.time, reference[earliest].time)
                XCTAssertEqual(event.payload, reference[earliest].sequence)
                reference.remove(at: earliest)
            } else {
                XCTAssertTrue(reference.isEmpty)
            }
            agenda.storage.checkInvariants()
        }
        XCTAssertGreaterThan(emptiedAfterHeap, 5, "the agenda went into heap mode and emptied several times")
        while let event = agenda.next() {
            let earliest = reference.indices.min {
                (reference[$0].time, reference[$0].sequence) < (reference[$1].time, reference[$1].sequence)
            }!
            XCTAssertEqual(event.payload, reference[earliest].sequence)
            reference.remove(at: earliest)
            agenda.storage.checkInvariants()
        }
        XCTAssertTrue(reference.isEmpty)
    }

    /// An event kept outside the agenda with a reserved sequence number runs exactly where the
    /// agenda would have run it had it been scheduled then: after earlier-scheduled ties, before later ones,
    /// with cancelled events ahead of it skipped.
    func testOutsideEventMergesAsIfQueued() {
        for pending in [3, 40] {  // sorted mode and heap mode
            let merged = EventAgenda<Int>(now: 0)
            let queued = EventAgenda<Int>(now: 0)
            var handles: [(EventHandle, EventHandle)] = []
            for i in 0..<pending {
                handles.append(
                    (merged.schedule(at: Millis(10 * (i % 5)), i), queued.schedule(at: Millis(10 * (i % 5)), i)))
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
        XCTAssertEqual(
            copied, Array(got[..<atZero]) + [-1] + got[atZero...],
            "the copy kept the events, and only it got the new one")
    }
}
