import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore

/// A shard file names the scenario `merge` re-reads, a path the user did not give (issue 44,
/// item 2). Edited to name any readable file, it must never make `merge` print that file: the
/// shards must agree on the path, its bytes must match their digest before it is parsed, and a
/// problem is reported by path and kind, never with a line of the file.
final class ForgedShardTests: CommandLineTestCase {
    /// What a forged path may name: a YAML key and password (an unknown key is quoted), a CSV
    /// (its first line is quoted), text that is not YAML (its line is shown under a caret).
    static let secrets = [
        "password: hunter2SECRET\ntoken: SECRET\n",
        "user,SECRET,token\n",
        "[SECRET: {\n",
    ]

    /// Both shards of four devices, `edit` applied to shard 2 (and to shard 1 with `both`), merged.
    func merge(both: Bool = true, _ edit: (inout [String: Any]) -> Void) throws -> (
        code: Int32, out: String, err: String
    ) {
        let folder = temporary.appendingPathComponent("shards-\(UUID().uuidString)").path
        for k in 1...2 {
            XCTAssertEqual(
                invoke([
                    GoldenFiles.scenarioPath("small.yaml"), "--devices", "4", "--shard", "\(k)/2", "--out", folder,
                    "--quiet",
                ]).code, 0)
        }
        for k in both ? [1, 2] : [2] {
            let url = URL(fileURLWithPath: "\(folder)/small@devices=4/shard-\(k)-of-2.json")
            var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            edit(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: url)
        }
        let out = temporary.appendingPathComponent("merged-\(UUID().uuidString)").path
        let result = invoke(["merge", folder, "--out", out])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no report from forged shards")
        return result
    }

    func secret(_ text: String) throws -> String {
        let path = temporary.appendingPathComponent("secret-\(UUID().uuidString).txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func assertUnquoted(
        _ result: (code: Int32, out: String, err: String), _ expected: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(result.code, 2, result.out + result.err, file: file, line: line)
        XCTAssertTrue(
            result.err.hasPrefix("error: ") && result.err.contains(expected), "\(expected) not in \(result.err)",
            file: file, line: line)
        XCTAssertFalse(
            (result.out + result.err).contains("SECRET"), "the forged file was quoted: \(result.err)", file: file,
            line: line)
        XCTAssertEqual(
            result.err.split(separator: "\n").count, 1, "one line, no excerpt: \(result.err)", file: file, line: line)
    }

    func testAShardNamingAnotherFileIsRefusedByItsDigestWithoutQuotingIt() throws {
        for text in Self.secrets {
            let path = try secret(text)
            let result = try merge { $0["scenarioFile"] = path }
            assertUnquoted(
                result, "\(path) changed since the shards ran (digest \(PartialResult.digest(Array(text.utf8)))")
        }
    }

    /// One shard edited: the shards disagree on the scenario's path, whichever comes first.
    func testShardsNamingDifferentScenarioFilesComeFromDifferentRuns() throws {
        let path = try secret(Self.secrets[0])
        let result = try merge(both: false) { $0["scenarioFile"] = path }
        assertUnquoted(result, "come from different runs (scenario file \(path) vs ")
    }

    /// The digest forged too (the file's own): what is wrong and where, and how to see it, never a line.
    func testAForgedDigestStillNeverQuotesTheFile() throws {
        for text in Self.secrets {
            let path = try secret(text)
            let result = try merge {
                $0["scenarioFile"] = path
                $0["scenarioDigest"] = PartialResult.digest(Array(text.utf8))
            }
            assertUnquoted(result, "no longer loads: ")
            XCTAssertTrue(result.err.contains("see them with: dnsim-events validate \(path)"), result.err)
        }
    }

    /// A scenario given through a symbolic link is a regular file still: it merges.
    func testAScenarioGivenThroughALinkStillMerges() throws {
        let link = temporary.appendingPathComponent("link.yaml").path
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: GoldenFiles.scenarioPath("small.yaml"))
        let folder = temporary.appendingPathComponent("shards").path
        for k in 1...2 {
            XCTAssertEqual(invoke([link, "--devices", "4", "--shard", "\(k)/2", "--out", folder, "--quiet"]).code, 0)
        }
        let result = invoke(["merge", folder, "--out", temporary.appendingPathComponent("merged").path, "--quiet"])
        XCTAssertEqual(result.code, 0, result.err)
    }

    /// A device or folder is never read as the scenario (a FIFO would block, /dev/zero never end).
    func testAShardNamingADeviceOrFolderIsRefused() throws {
        for path in ["/dev/null", temporary.path] {
            let result = try merge { $0["scenarioFile"] = path }
            assertUnquoted(result, "\(path), the scenario ")
            XCTAssertTrue(result.err.contains("records, is not a regular file"), result.err)
        }
    }
}
