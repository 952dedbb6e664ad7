import DNSimDecision
import XCTest

/// PRIM (Friedman & Fisher 1999) finds the box where an arm fails: failures exactly where
/// x > 0.7 and y < 0.5 on a 40 × 40 grid, with a third column nothing depends on.
final class PatientRuleInductionTests: XCTestCase {
    func testFindsTheFailingCorner() {
        var parameters: [[Double]] = []
        for i in 0..<40 {
            for j in 0..<40 {
                parameters.append([(Double(i) + 0.5) / 40, (Double(j) + 0.5) / 40, Double((i * 7 + j * 3) % 40) / 40])
            }
        }
        let fails = parameters.map { $0[0] > 0.7 && $0[1] < 0.5 }
        let box = PatientRuleInduction.box(
            parameters: parameters, categorical: [false, false, false], fails: fails, constraint: "missed_rate")!
        print("PRIM box:", box)
        XCTAssertEqual(box.constraint, "missed_rate")
        XCTAssertEqual(box.limits.map(\.parameter), [0, 1], "the irrelevant column is not restricted")
        XCTAssertEqual(box.limits[0].low, 0.7, accuracy: 0.05)
        XCTAssertEqual(box.limits[1].high, 0.5, accuracy: 0.05)
        XCTAssertGreaterThanOrEqual(box.coverage, 0.5)
        XCTAssertGreaterThanOrEqual(box.density, 0.9)
    }

    func testNoFailureNoBoxAndEverywhereIsEmpty() {
        let parameters = (0..<100).map { [Double($0)] }
        XCTAssertNil(
            PatientRuleInduction.box(
                parameters: parameters, categorical: [false], fails: parameters.map { _ in false }, constraint: "c"))
        let all = PatientRuleInduction.box(
            parameters: parameters, categorical: [false], fails: parameters.map { _ in true }, constraint: "c")!
        XCTAssertEqual(all.limits, [])
        XCTAssertEqual([all.coverage, all.density], [1, 1])
    }
}
