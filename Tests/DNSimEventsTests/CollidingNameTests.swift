import Foundation
import XCTest
@testable import DNSimCLI
@testable import DNSimScenario

/// The rest of issue 28's item 15: labels that collide on a case-insensitive file system,
/// and `merge` run from another folder than the shards.
final class CollidingNameTests: CommandLineTestCase {
    func testLabelsThatDifferOnlyInCaseAreRefused() {
        let text = BadScenarioTests.minimal.replacingOccurrences(of: "strategies: [independent]",
                                                                 with: "strategies: [chained, { chained: { guard: none, label: Chained } }]")
        do {
            _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "c.yaml")
            XCTFail("refused")
        } catch {
            XCTAssertEqual(error.diagnostics.map(\.description), ["c.yaml:11:23: error: strategy label 'Chained' differs from 'chained' (line 11) only in case; "
                                                                  + "on a case-insensitive file system their files would collide: give it another label"])
        }
    }

    func testMergeFromAnotherFolderNamesTheShardsRecordedScenarioPath() throws {
        let folder = temporary.appendingPathComponent("shards").path
        let copy = temporary.appendingPathComponent("relative.yaml")
        try FileManager.default.copyItem(atPath: GoldenFiles.scenarioPath("small.yaml"), toPath: copy.path)
        let here = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(temporary.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
        for k in 1...2 { XCTAssertEqual(invoke(["relative.yaml", "--devices", "4", "--shard", "\(k)/2", "--out", folder, "--quiet"]).code, 0) }
        // --devices 4 tags the shards' folder: shards/small@devices=4/.
        let shards = "\(folder)/small@devices=4"
        try FileManager.default.createDirectory(atPath: "elsewhere", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(temporary.appendingPathComponent("elsewhere").path))
        let result = invoke(["merge", folder, "--out", "m", "--quiet"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.hasPrefix("error: relative.yaml, the scenario \(shards)/shard-1-of-2.json records, does not exist from "), result.err)
        XCTAssertTrue(result.err.contains("run merge from the folder the shards ran in"), result.err)
    }
}
