import DNSimTestSupport
import Foundation
import XCTest

/// A fleet shard's per-segment statistics are checked like the rest of it (issue 28, item 4):
/// their shape is the fleet's (the merge indexes them, so a short list would trap), each
/// segment is a real slice of the shard, and the segments add up to the arm they break down.
final class DamagedFleetShardTests: CommandLineTestCase {
    var scenario: String { GoldenFiles.repositoryPath("Scenarios/android-fleet.yaml") }

    /// Both shards of 8 devices × 5 days, shard 2's result edited, then merged.
    func merge(_ edit: (inout [String: Any]) -> Void) throws -> (code: Int32, err: String, file: String) {
        let folder = temporary.appendingPathComponent("shards-\(UUID().uuidString)").path
        for k in 1...2 {
            XCTAssertEqual(
                invoke([scenario, "--devices", "8", "--days", "5", "--shard", "\(k)/2", "--out", folder, "--quiet"])
                    .code, 0)
        }
        // --devices and --days tag the shards' folder.
        let file = "\(folder)/android-fleet@devices=8,days=5/shard-2-of-2.json"
        let url = URL(fileURLWithPath: file)
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var result = try XCTUnwrap(object["result"] as? [String: Any])
        edit(&result)
        object["result"] = result
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        let out = temporary.appendingPathComponent("merged-\(UUID().uuidString)").path
        let merged = invoke(["merge", folder, "--out", out, "--quiet"])
        XCTAssertEqual(
            FileManager.default.fileExists(atPath: out), merged.code == 0, "a report only from shards that merge")
        return (merged.code, merged.err, file)
    }

    func assertRefused(
        _ outcome: (code: Int32, err: String, file: String), _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(outcome.code, 2, outcome.err, file: file, line: line)
        XCTAssertEqual(
            outcome.err,
            "\(outcome.file): error: \(message): the shard file is damaged or was edited; run that shard again\n",
            file: file, line: line)
    }

    /// `[segment][arm]` of the result, edited in place.
    static func segments(_ change: @escaping (inout [[[String: Any]]]) -> Void) -> (inout [String: Any]) -> Void {
        { result in
            var segments = result["segments"] as! [[[String: Any]]]
            change(&segments)
            result["segments"] = segments
        }
    }

    func testTheUndamagedShardsMerge() throws {
        let outcome = try merge { _ in }
        XCTAssertEqual(outcome.code, 0, outcome.err)
    }

    func testASegmentMissingAnArmIsRefusedRatherThanTrapping() throws {
        assertRefused(
            try merge(Self.segments { $0[1].removeLast() }),
            "result.segments holds [3, 2, 3, 3, 3] arm(s) per segment; "
                + "the fleet has 5 segment(s) × 3 arm(s)")
        assertRefused(
            try merge(Self.segments { $0.removeLast() }),
            "result.segments holds [3, 3, 3, 3] arm(s) per segment; the fleet has 5 segment(s) × 3 arm(s)")
    }

    func testMissingSegmentsAreRefused() throws {
        assertRefused(
            try merge { $0["segments"] = nil },
            "result.segments is missing; the fleet has 5 segment(s) × 3 arm(s)")
    }

    func testSegmentsThatDoNotAddUpToTheArmAreRefused() throws {
        // Shard 2 holds devices 5–8, two in each of segments 2 and 3 here (arms 0 and 2 of segment 3 differ). Each edit keeps every
        // segment consistent in itself, so only the sums over the segments can tell.
        assertRefused(
            try merge(Self.segments { $0[1][0] = $0[3][0] }),
            "result.segments[*][0].devices add up to 6; the shard holds 4 device(s)")
        let swapped = try merge(Self.segments { $0[3].swapAt(0, 2) })
        XCTAssertEqual(swapped.code, 2, swapped.err)
        XCTAssertTrue(swapped.err.contains("error: result.segments[*][0].counts add up to ["), swapped.err)
        XCTAssertTrue(swapped.err.contains("], but arm 0's counts are ["), swapped.err)
    }

    func testASegmentWithMoreDevicesThanTheShardIsRefused() throws {
        assertRefused(
            try merge(Self.segments { $0[1][2]["devices"] = 9 }),
            "result.segments[1][2].devices is 9, above the shard's 4 device(s)")
    }
}
