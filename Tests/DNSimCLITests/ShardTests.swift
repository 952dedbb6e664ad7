import DNSimTestSupport
import XCTest

/// Shards 1…N merged give the single-machine reports byte for byte; a missing or duplicated shard
/// is refused, and so is a merge run from another folder than the shards (issue 28, item 15).
final class ShardTests: CommandLineTestCase {
    func run(_ arguments: [String]) -> (code: Int32, text: String) {
        let result = invoke(arguments)
        return (result.code, result.out + result.err)
    }

    func files(_ directory: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            result[name] = FileManager.default.contents(atPath: "\(directory)/\(name)")
        }
        return result
    }

    func testMergedShardsEqualTheSingleRun() {
        let scenario = GoldenFiles.scenarioPath("small.yaml")
        let single = temporary.appendingPathComponent("single").path
        XCTAssertEqual(run([scenario, "--devices", "20", "--out", single, "--quiet"]).code, 0)
        // --out DIR writes DIR/small@devices=20/, for a run as for a merge (the shards record --devices).
        let expected = files("\(single)/small@devices=20")
        XCTAssertEqual(expected.count, 8, "summary.csv, summary.md, report.html, four charts, manifest.json")
        for n in [1, 3, 8] {
            let shards = temporary.appendingPathComponent("shards-\(n)").path
            for k in 1...n {
                XCTAssertEqual(
                    run([
                        scenario, "--devices", "20", "--shard", "\(k)/\(n)", "--out", shards, "--quiet", "--jobs",
                        "\(k % 3 + 1)",
                    ]).code, 0)
            }
            let merged = temporary.appendingPathComponent("merged-\(n)").path
            let result = run(["merge", shards, "--out", merged, "--quiet"])
            XCTAssertEqual(result.code, 0, result.text)
            XCTAssertEqual(try? FileManager.default.contentsOfDirectory(atPath: merged), ["small@devices=20"])
            XCTAssertEqual(
                files("\(merged)/small@devices=20"), expected, "\(n) shards merged differ from the single run")
        }
    }

    /// A sweep shards by the same device slices for every point; merged, it
    /// gives the single run's reports and sweep files byte for byte.
    func testMergedShardsOfASweepEqualTheSingleRun() throws {
        let base = String(
            decoding: FileManager.default.contents(atPath: GoldenFiles.scenarioPath("small.yaml"))!, as: UTF8.self)
        let scenario = temporary.appendingPathComponent("swept.yaml").path
        _ = FileManager.default.createFile(
            atPath: scenario,
            contents: Data(
                (base
                    + "\nsweep:\n  - { key: lead, values: [2m, 5m] }\n  - { key: fetch.failure, values: [0.0, 0.2] }\n")
                    .utf8))
        let single = temporary.appendingPathComponent("single").path
        XCTAssertEqual(run([scenario, "--devices", "12", "--out", single, "--quiet"]).code, 0)
        let expected = files("\(single)/small@devices=12")
        XCTAssertNotNil(expected["sweep.csv"])
        let shards = temporary.appendingPathComponent("shards").path
        for k in 1...3 {
            XCTAssertEqual(run([scenario, "--devices", "12", "--shard", "\(k)/3", "--out", shards, "--quiet"]).code, 0)
        }
        let merged = temporary.appendingPathComponent("merged").path
        let result = run(["merge", shards, "--out", merged, "--quiet"])
        XCTAssertEqual(result.code, 0, result.text)
        XCTAssertEqual(files("\(merged)/small@devices=12"), expected)
    }

    func testMissingOrDuplicatedShardIsRefused() throws {
        let scenario = GoldenFiles.scenarioPath("small.yaml")
        let shards = temporary.appendingPathComponent("shards").path
        for k in [1, 3] {
            XCTAssertEqual(run([scenario, "--devices", "9", "--shard", "\(k)/3", "--out", shards, "--quiet"]).code, 0)
        }
        let missing = run(["merge", shards, "--out", temporary.appendingPathComponent("m").path])
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.text.contains("missing shard 2 of 3"), missing.text)

        let copy = temporary.appendingPathComponent("copy").path
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "\(shards)/small@devices=9/shard-1-of-3.json", toPath: "\(copy)/shard-1-of-3.json")
        let duplicated = run(["merge", shards, copy, "--out", temporary.appendingPathComponent("m").path])
        XCTAssertEqual(duplicated.code, 2)
        XCTAssertTrue(duplicated.text.contains("shard 1 of 3 appears twice"), duplicated.text)

        let other = temporary.appendingPathComponent("other").path
        XCTAssertEqual(
            run([scenario, "--devices", "9", "--seed", "99", "--shard", "2/3", "--out", other, "--quiet"]).code, 0)
        let mixed = run(["merge", shards, other, "--out", temporary.appendingPathComponent("m").path])
        XCTAssertEqual(mixed.code, 2)
        XCTAssertTrue(mixed.text.contains("come from different runs (seed"), mixed.text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.appendingPathComponent("m").path))
    }

    func testMergeFromAnotherFolderNamesTheShardsRecordedScenarioPath() throws {
        let folder = temporary.appendingPathComponent("shards").path
        let copy = temporary.appendingPathComponent("relative.yaml")
        try FileManager.default.copyItem(atPath: GoldenFiles.scenarioPath("small.yaml"), toPath: copy.path)
        let here = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(temporary.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
        for k in 1...2 {
            XCTAssertEqual(
                invoke(["relative.yaml", "--devices", "4", "--shard", "\(k)/2", "--out", folder, "--quiet"]).code, 0)
        }
        // --devices 4 tags the shards' folder: shards/small@devices=4/.
        let shards = "\(folder)/small@devices=4"
        try FileManager.default.createDirectory(atPath: "elsewhere", withIntermediateDirectories: true)
        XCTAssertTrue(
            FileManager.default.changeCurrentDirectoryPath(temporary.appendingPathComponent("elsewhere").path))
        let result = invoke(["merge", folder, "--out", "m", "--quiet"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.hasPrefix(
                "error: relative.yaml, the scenario \(shards)/shard-1-of-2.json records, does not exist from "),
            result.err)
        XCTAssertTrue(result.err.contains("run merge from the folder the shards ran in"), result.err)
    }
}
