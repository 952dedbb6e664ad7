import XCTest

@testable import DNSimCore

/// The trace's English (`TraceEntry.detail`): updates named by their day and rank, not an internal
/// id, and one cycle or a range of cycles said as such (issue 26, item 16).
final class TraceWordingTests: XCTestCase {
    func testTraceNamesUpdatesAndSingleCycles() {
        let update = ServerModel.id(day: 1, rank: 17)
        XCTAssertEqual(update, 1_048_593, "the internal id the trace once showed")
        let returned = TraceEntry(
            time: 0, cycle: 7,
            event: .fetchReturned(updates: 2, ack: update, cached: NotificationCopy(title: "T", body: "B")))
        XCTAssertEqual(
            returned.detail, "fetch returned 2 update(s); ack moves to update 17 of server day 2; cached: T — B")
        XCTAssertEqual(
            TraceEntry(time: 0, cycle: 7, event: .fetchFailed(.network, ack: 0)).detail,
            "fetch failed (network error); nothing acked yet")
        XCTAssertEqual(
            TraceEntry(time: 0, cycle: 7, event: .guardsArmed(from: 7, through: 8)).detail, "guard armed for cycle 8")
        XCTAssertEqual(
            TraceEntry(time: 0, cycle: 7, event: .guardsArmed(from: 7, through: 14)).detail,
            "guards armed for cycles 8–14")
    }
}
