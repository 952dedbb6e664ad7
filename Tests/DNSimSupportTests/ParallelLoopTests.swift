import DNSimSupport
import Foundation
import XCTest

/// The parallel loops give every index once and their results in index order, on any number of
/// threads.
final class ParallelLoopTests: XCTestCase {
    func testMapKeepsIndexOrder() {
        XCTAssertEqual(ParallelLoop.map(1_000) { $0 * $0 }, (0..<1_000).map { $0 * $0 })
        XCTAssertEqual(ParallelLoop.map(1) { $0 + 7 }, [7])
        XCTAssertEqual(ParallelLoop.map(0) { $0 }, [])
    }

    func testClaimingRunsEveryIndexOnceWhateverTheWorkers() {
        for workers in [1, 2, 3, 64] {
            let slots = IndexedSlots<Int>(count: 500)
            let calls = IndexedSlots<Bool>(count: 500)
            ParallelLoop.claiming(500, workers: workers) { index in
                XCTAssertNil(calls.values[index], "index \(index) claimed twice")
                calls.store(true, at: index)
                slots.store(index * 3, at: index)
            }
            XCTAssertEqual(slots.all(), (0..<500).map { $0 * 3 }, "\(workers) workers")
        }
        ParallelLoop.claiming(0, workers: 4) { _ in XCTFail("no index to claim") }
    }

    func testStridedCoversEveryIndexAndStopsAWorkerAtFalse() {
        let slots = IndexedSlots<Int>(count: 101)
        ParallelLoop.strided(101, jobs: 4) { index in
            slots.store(index, at: index)
            return true
        }
        XCTAssertEqual(slots.all(), Array(0..<101))

        // One job: it stops at the first false, so nothing past index 10 runs.
        let stopped = IndexedSlots<Int>(count: 50)
        ParallelLoop.strided(50, jobs: 1) { index in
            stopped.store(index, at: index)
            return index < 10
        }
        XCTAssertEqual(stopped.values.compactMap { $0 }, Array(0...10))
    }

    func testSlotsCountWhatIsStored() {
        let slots = IndexedSlots<String>(count: 3)
        XCTAssertEqual(slots.store("a", at: 2), 1)
        XCTAssertEqual(slots.store("b", at: 0), 2)
        XCTAssertEqual(slots.store("c", at: 0), 2, "storing again fills no new slot")
        XCTAssertEqual(slots.values, ["c", nil, "a"])
    }

    func testIndexClaimsHandsOutEachIndexOnceInOrder() {
        let claims = IndexClaims(count: 3)
        XCTAssertEqual([claims.claim(), claims.claim(), claims.claim(), claims.claim()], [0, 1, 2, nil])
    }
}
