import XCTest

@testable import DNSimCore

/// `CycleOutcome.classify` and the late rule, case by case at their edges (docs/model.md §4).
final class CycleOutcomeTests: XCTestCase {
    let fetchTime: Millis = 1_000_000
    let freshWithin: Millis = 30 * SimTime.minute

    func outcome(shownAt display: Millis, fetchedAt: Millis?) -> CycleOutcome {
        CycleOutcome.classify(
            .shown(at: display, contentFetchedAt: fetchedAt), fetchTime: fetchTime, freshWithin: freshWithin)
    }

    func testShownContentIsFreshUpToFreshWithinAndStaleBeyond() {
        let fetched = fetchTime + 5 * SimTime.minute
        XCTAssertEqual(outcome(shownAt: fetched, fetchedAt: fetched), .fresh)
        XCTAssertEqual(
            outcome(shownAt: fetched + freshWithin, fetchedAt: fetched), .fresh, "exactly freshWithin old is fresh")
        XCTAssertEqual(outcome(shownAt: fetched + freshWithin + 1, fetchedAt: fetched), .stale, "1 ms older is stale")
    }

    func testContentFetchedBeforeTheWindowIsStaleHoweverNew() {
        XCTAssertEqual(
            outcome(shownAt: fetchTime, fetchedAt: fetchTime), .fresh, "fetched exactly at F is in the window")
        XCTAssertEqual(
            outcome(shownAt: fetchTime, fetchedAt: fetchTime - 1), .stale, "1 ms before F is the previous window")
    }

    func testNoContentIsFallbackAtAnyTime() {
        XCTAssertEqual(outcome(shownAt: fetchTime, fetchedAt: nil), .fallback)
        XCTAssertEqual(outcome(shownAt: fetchTime + 10 * SimTime.day, fetchedAt: nil), .fallback)
    }

    func testNothingShownIsSuppressedOnlyWhenNothingWasNew() {
        let suppressed: [UnshownReason] = [.fetchFoundNoUpdates, .ownFetchFoundNoUpdates, .handlerFoundNoUpdates]
        let missed: [UnshownReason] = [
            .cancelledBeforeShown, .nothingByNextNotifyTime, .noContentAndNoGuard, .alarmCleared,
            .fetchFailedAndSkipped, .pushLost, .pushExpired, .pushReplaced(by: 3), .pushHeldPastRunEnd,
        ]
        for reason in suppressed {
            XCTAssertEqual(
                CycleOutcome.classify(.notShown(reason), fetchTime: fetchTime, freshWithin: freshWithin), .suppressed,
                "\(reason)")
        }
        for reason in missed {
            XCTAssertEqual(
                CycleOutcome.classify(.notShown(reason), fetchTime: fetchTime, freshWithin: freshWithin), .missed,
                "\(reason)")
        }
        XCTAssertTrue(
            (suppressed + missed).allSatisfy {
                !CycleOutcome.classify(.notShown($0), fetchTime: fetchTime, freshWithin: freshWithin).isShown
            })
    }

    func testLateIsStrictlyAfterTheThreshold() {
        let lateAfter = 15 * SimTime.minute
        XCTAssertFalse(CycleOutcome.isLate(lateness: lateAfter, lateAfter: lateAfter), "exactly lateAfter is on time")
        XCTAssertTrue(CycleOutcome.isOnLateThreshold(lateness: lateAfter, lateAfter: lateAfter))
        XCTAssertTrue(CycleOutcome.isLate(lateness: lateAfter + 1, lateAfter: lateAfter), "1 ms after is late")
        XCTAssertFalse(CycleOutcome.isOnLateThreshold(lateness: lateAfter + 1, lateAfter: lateAfter))
        XCTAssertFalse(CycleOutcome.isLate(lateness: lateAfter - 1, lateAfter: lateAfter))
    }

    func testLatenessIsNeverNegative() {
        XCTAssertEqual(CycleOutcome.lateness(display: 100, notifyTime: 250), 0, "shown before T counts as on time")
        XCTAssertEqual(CycleOutcome.lateness(display: 250, notifyTime: 250), 0)
        XCTAssertEqual(CycleOutcome.lateness(display: 251, notifyTime: 250), 1)
    }

    /// The rate metrics are the outcomes, in their order, then late and notified-before-fetch.
    func testRateMetricsWrapTheOutcomes() {
        XCTAssertEqual(
            RateMetric.allCases.prefix(CycleOutcome.allCases.count), CycleOutcome.allCases.map(RateMetric.outcome)[...])
        XCTAssertEqual(
            RateMetric.allCases.map(\.rawValue), Array(RateMetric.allCases.indices), "each metric has its own slot")
        for outcome in CycleOutcome.allCases { XCTAssertEqual(RateMetric.outcome(outcome).name, outcome.name) }
        XCTAssertEqual(RateMetric.allCases.map(\.name).suffix(2), ["late", "notified_before_fetch"])
    }
}
