import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore

/// `merge` trusts no number in a shard file (issue 28, items 4 and 7): each
/// shard's header and sums are checked against its slice of the run before
/// anything merges, and the merge itself adds with overflow checks. A damaged
/// file is exit 2 naming its path and the field, never a report or a trap.
final class DamagedShardTests: CommandLineTestCase {
    var scenario: String { GoldenFiles.scenarioPath("small.yaml") }

    /// Runs both shards of six devices, edits shard 2 (and shard 1 with `first`), and merges.
    func merge(_ edit: (inout [String: Any]) -> Void, first: ((inout [String: Any]) -> Void)? = nil) throws -> (
        code: Int32, err: String, file: String
    ) {
        let folder = temporary.appendingPathComponent("shards-\(UUID().uuidString)").path
        for k in 1...2 {
            XCTAssertEqual(
                invoke([scenario, "--devices", "6", "--shard", "\(k)/2", "--out", folder, "--quiet"]).code, 0)
        }
        // --devices 6 tags the shards' folder: small@devices=6/.
        let shards = "\(folder)/small@devices=6"
        func rewrite(_ k: Int, _ change: (inout [String: Any]) -> Void) throws {
            let url = URL(fileURLWithPath: "\(shards)/shard-\(k)-of-2.json")
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
            change(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: url)
        }
        try rewrite(2, edit)
        if let first { try rewrite(1, first) }
        let out = temporary.appendingPathComponent("merged-\(UUID().uuidString)").path
        let result = invoke(["merge", folder, "--out", out, "--quiet"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no report from damaged shards")
        return (result.code, result.err, "\(shards)/shard-2-of-2.json")
    }

    /// `change` applied to the first arm of the shard's base result.
    static func firstArm(_ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
        { object in
            var result = object["result"] as! [String: Any]
            var arms = result["arms"] as! [[String: Any]]
            change(&arms[0])
            result["arms"] = arms
            object["result"] = result
        }
    }

    func assertRefused(
        _ outcome: (code: Int32, err: String, file: String), _ field: String, _ reason: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(outcome.code, 2, outcome.err, file: file, line: line)
        XCTAssertEqual(
            outcome.err,
            "\(outcome.file): error: \(field) \(reason): the shard file is damaged or was edited; run that shard again\n",
            file: file, line: line)
    }

    func testACountAboveTheArmsCyclesIsRefused() throws {
        // Three devices of 30 daily cycles: a fresh count of 900 would report a fresh rate of 10.
        assertRefused(
            try merge(Self.firstArm { arm in arm["counts"] = [900] + (arm["counts"] as! [Int]).dropFirst() }),
            "result.arms[0].counts[0]", "is 900, above the arm's cycles (90)")
    }

    func testANegativeCountIsRefused() throws {
        assertRefused(
            try merge(Self.firstArm { $0["fetches"] = -4 }), "result.arms[0].fetches", "is -4; a count is at least 0")
    }

    func testZeroCyclesForDevicesThatRanIsRefused() throws {
        assertRefused(
            try merge(Self.firstArm { $0["cycles"] = 0 }), "result.arms[0].cycles",
            "is 0; devices × fewestCycles is at least 90")
    }

    func testOverlappingAndBackwardsDeviceRangesAreRefused() throws {
        assertRefused(
            try merge { $0["deviceRange"] = [2, 6] }, "deviceRange",
            "is [2, 6], but shard 2 of 2 of 6 devices holds [3, 6]")
        assertRefused(
            try merge { $0["deviceRange"] = [6, 3] }, "deviceRange",
            "is [6, 3], but shard 2 of 2 of 6 devices holds [3, 6]")
        assertRefused(try merge { $0["shard"] = 0 }, "shard", "is 0; it is between 1 and shardCount (2)")
    }

    func testAHistogramWhoseBucketsDoNotAddUpIsRefused() throws {
        let outcome = try merge(
            Self.firstArm { arm in
                var lateness = arm["lateness"] as! [String: Any]
                lateness["buckets"] = [[0, 100_000_000_000_000_000]]
                arm["lateness"] = lateness
            })
        XCTAssertEqual(outcome.code, 2)
        XCTAssertTrue(outcome.err.hasPrefix("\(outcome.file): error: result.arms[0].lateness.total is "), outcome.err)
        XCTAssertTrue(outcome.err.contains("but its buckets add up to 100000000000000000"), outcome.err)
        let maximum = try merge(
            Self.firstArm { arm in
                var age = arm["contentAge"] as! [String: Any]
                age["maximum"] = 1
                arm["contentAge"] = age
            })
        XCTAssertTrue(
            maximum.err.contains("result.arms[0].contentAge.maximum is 1, outside the histogram's top bucket"),
            maximum.err)
    }

    func testAPairWithTooFewCrossProductsIsRefused() throws {
        // Found by Fuzz/ShardFuzzer: the checked merge indexed the short list and trapped (SIGILL).
        let outcome = try merge { object in
            var result = object["result"] as! [String: Any]
            var pairs = result["pairs"] as! [[String: Any]]
            let crossProducts = pairs[0]["crossProducts"] as! [Int]
            pairs[0]["crossProducts"] = Array(crossProducts.dropLast())
            result["pairs"] = pairs
            object["result"] = result
        }
        let count = PairedDifference.crossCount
        assertRefused(
            outcome, "result.pairs[0].crossProducts",
            "has \(count - 1) entries; there are \(count) pairs of rate metrics")
    }

    func testAShardOfAnotherArmCountIsRefused() throws {
        assertRefused(
            try merge { object in
                var result = object["result"] as! [String: Any]
                result["arms"] = Array((result["arms"] as! [Any]).prefix(2))
                object["result"] = result
            }, "result.arms", "has 2 arm(s); the scenario has 8")
    }

    /// Item 7: sums near 2^63 in each shard are each plausible, but their sum is not.
    func testSumsThatOverflowWhenMergedAreRefused() throws {
        let huge = Self.firstArm { arm in
            arm["updates"] = Int64.max - 10
            arm["updateSquares"] = Int64.max - 10
        }
        let outcome = try merge(huge, first: huge)
        XCTAssertEqual(outcome.code, 2, outcome.err)
        XCTAssertEqual(
            outcome.err,
            "\(outcome.file): error: the sum of result.arms[0].updates exceeds 9223372036854775807 (2^63 − 1): "
                + "the shard file is damaged or was edited; run that shard again\n")
    }

    func testCheckedMergeNamesTheFieldAndPlainMergeStillAdds() throws {
        var a = DurationHistogram()
        a.add(5)
        var b = a
        try b.mergeChecked(a)
        XCTAssertEqual(b.total, 2)
        XCTAssertEqual(b.quantile(1), 5)
        var sum: Int64 = .max - 1
        XCTAssertThrowsError(try MergeOverflow.add(&sum, 2, "x")) { XCTAssertEqual(($0 as! MergeOverflow).field, "x") }
        XCTAssertEqual(sum, .max - 1, "left as it was")
    }
}
