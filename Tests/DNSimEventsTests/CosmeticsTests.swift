import Foundation
import XCTest
@testable import DNSimCLI
@testable import DNSimRun
@testable import DNSimCore
@testable import DNSimReports

/// Small things a new team notices (issue 26, item 16): joined paths, trace wording, one precision per cell.
final class CosmeticsTests: CommandLineTestCase {
    func testAFolderWithATrailingSlashJoinsWithOneSlash() throws {
        let small = GoldenFiles.scenarioPath("small.yaml")
        let shards = temporary.appendingPathComponent("shards").path
        let run = invoke([small, "--devices", "6", "--days", "3", "--shard", "1/3", "--out", shards + "/"])
        XCTAssertEqual(run.code, 0, run.err)
        // --devices and --days tag the shards' folder: shards/small@devices=6,days=3/.
        let folder = "\(shards)/small@devices=6,days=3"
        XCTAssertTrue(run.out.contains("written to \(folder)/shard-1-of-3.json\n"), run.out)
        XCTAssertFalse(run.out.contains("//"), run.out)
        XCTAssertEqual(try MergeCommand.readPartials([shards + "/"]).map(\.file), ["\(folder)/shard-1-of-3.json"])
        XCTAssertEqual(try MergeCommand.readPartials([folder + "/"]).map(\.file), ["\(folder)/shard-1-of-3.json"])
        XCTAssertEqual(ParsedArguments.folder("/"), "/")
        XCTAssertEqual(ParsedArguments.folder("a//"), "a")
    }

    func testTraceNamesUpdatesAndSingleCycles() {
        let update = ServerModel.id(day: 1, rank: 17)
        XCTAssertEqual(update, 1_048_593, "the internal id the trace once showed")
        let returned = TraceEntry(time: 0, cycle: 7, event: .fetchReturned(updates: 2, ack: update, cached: NotificationCopy(title: "T", body: "B")))
        XCTAssertEqual(returned.detail, "fetch returned 2 update(s); ack moves to update 17 of server day 2; cached: T — B")
        XCTAssertEqual(TraceEntry(time: 0, cycle: 7, event: .fetchFailed(.network, ack: 0)).detail,
                       "fetch failed (network error); nothing acked yet")
        XCTAssertEqual(TraceEntry(time: 0, cycle: 7, event: .guardsArmed(from: 7, through: 8)).detail, "guard armed for cycle 8")
        XCTAssertEqual(TraceEntry(time: 0, cycle: 7, event: .guardsArmed(from: 7, through: 14)).detail, "guards armed for cycles 8–14")
    }

    func testDurationsInOneCellShareUnitAndPrecision() {
        XCTAssertEqual(SummaryMarkdown.seconds([2_000, 5_200, 12_000]), "2.0 s / 5.2 s / 12.0 s")
        XCTAssertEqual(SummaryMarkdown.seconds([1_314_000, 30_600_000, 77_400_000]), "21.9 min / 8.5 h / 21.5 h", "each value keeps its unit")
        XCTAssertEqual(SummaryMarkdown.seconds(12_000), "12 s", "a lone figure keeps its short form")
        XCTAssertEqual(SummaryMarkdown.seconds([120, 800, 59_000]), "120 ms / 800 ms / 59.0 s")
        XCTAssertEqual(SummaryMarkdown.seconds([nil, nil, nil]), "– / – / –")
        XCTAssertEqual(SummaryMarkdown.seconds([0, 0]), "0.0 s / 0.0 s")
    }
}
