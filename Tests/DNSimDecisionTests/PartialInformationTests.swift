import XCTest

@testable import DNSimDecision

/// `PartialInformation.honest`: when a region the worlds do not support joins its neighbour, the
/// flip left between two other arms is decided and placed anew for them (`refit`), between its
/// neighbours' cuts; a flip whose arms did not change is left as it was found.
final class PartialInformationTests: XCTestCase {
    typealias Change = PartialInformation.Change
    static let worlds = 100
    static let order = Array(0..<worlds)
    static let values = (0..<worlds).map { Double($0) / Double(worlds) }

    /// `honest` over `changes` where every flip is supported: what it keeps, and how many it refitted.
    func supported(_ changes: [Change]) -> (found: [Change], refits: Int) {
        var refits = 0
        let found = PartialInformation.honest(
            changes, order: Self.order, values: Self.values, logScale: false,
            refit: { change, _ in
                refits += 1
                return change
            },
            ahead: { _, _, _, _ in true })
        return (found, refits)
    }

    /// A → B → C where B is not clearly ahead of A in its region: B joins A, and the flip that was
    /// B → C becomes A → C, refitted over all the worlds (no neighbour left on either side).
    func testAFlipBetweenNewArmsIsRefitted() {
        let changes = [
            Change(from: 0, to: 1, start: 30, byLead: false, cut: 30),
            Change(from: 1, to: 2, start: 60, byLead: false, cut: 60),
        ]
        var refits: [(change: Change, window: Range<Int>)] = []
        let found = PartialInformation.honest(
            changes, order: Self.order, values: Self.values, logScale: false,
            refit: { change, window in
                refits.append((change, window))
                var refitted = change
                refitted.byLead = true
                refitted.cut = 45
                return refitted
            },
            ahead: { winner, loser, _, _ in !(winner == 1 && loser == 0) })
        XCTAssertEqual(refits.count, 1)
        XCTAssertEqual(refits.first.map { [$0.change.from, $0.change.to, $0.change.cut] }, [0, 2, 60])
        XCTAssertEqual(refits.first?.window, 0..<Self.worlds)
        XCTAssertEqual(found.map { [$0.from, $0.to, $0.cut] }, [[0, 2, 45]])
        XCTAssertEqual(found.map(\.byLead), [true])
    }

    /// Every flip supported: nothing joins and nothing is refitted.
    func testSupportedFlipsAreKeptAsFound() {
        let changes = [
            Change(from: 0, to: 1, start: 30, byLead: true, cut: 31),
            Change(from: 1, to: 2, start: 60, byLead: false, cut: 58),
        ]
        let (found, refits) = supported(changes)
        XCTAssertEqual(refits, 0)
        XCTAssertEqual(found.map { [$0.from, $0.to, $0.cut] }, [[0, 1, 31], [1, 2, 58]])
        XCTAssertEqual(found.map(\.byLead), [true, false])
    }

    /// A flip and a flip back closer than 3% of the range are noise: A → B → A → C keeps A → C as
    /// found (its arms never changed), with no refit.
    func testAFlipBackWithinThreePercentLeavesTheOuterFlipAlone() {
        let changes = [
            Change(from: 0, to: 1, start: 40, byLead: true, cut: 40),
            Change(from: 1, to: 0, start: 42, byLead: true, cut: 42),
            Change(from: 0, to: 2, start: 70, byLead: true, cut: 70),
        ]
        let (found, refits) = supported(changes)
        XCTAssertEqual(refits, 0)
        XCTAssertEqual(found.map { [$0.from, $0.to, $0.cut] }, [[0, 2, 70]])
    }
}
