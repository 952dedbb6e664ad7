import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimReports

/// An output folder that is writable under a parent that is not (issue 44): a volume mounted at
/// `/results` under a container's read-only `/`. What is checked and written is the folder itself:
/// `merge --out /results` and every other command that writes into it succeed, with their staging
/// folders inside it (on the volume, so the renames never cross file systems), and leave none;
/// a read-only folder is still refused before anything runs. Two tmpfs mounts, the outer one
/// remounted read-only, which binds root too: these tests need root (as CI has), and are skipped
/// elsewhere.
final class ReadOnlyParentTests: CommandLineTestCase {
    var mounts: [String] = []

    override func tearDown() {
        for mount in mounts.reversed() { _ = FullDiskTests.run("/bin/umount", [mount]) }
        super.tearDown()
    }

    /// `root/`, read-only, holding `root/results/`, a writable volume; returns the volume's path.
    func mountVolume() throws -> String {
        guard getuid() == 0 else { throw XCTSkip("mounting a tmpfs needs root (CI runs as root)") }
        let root = temporary.appendingPathComponent("root").path, results = root + "/results"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for folder in [root, results] {
            if folder == results {
                try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
            }
            guard FullDiskTests.run("/bin/mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", folder]) == 0 else {
                throw XCTSkip("cannot mount a tmpfs here (a container without CAP_SYS_ADMIN?)")
            }
            mounts.append(folder)
        }
        XCTAssertEqual(FullDiskTests.run("/bin/mount", ["-o", "remount,ro", root]), 0)
        XCTAssertNotEqual(mkdir(root + "/probe", 0o700), 0, "the parent is read-only, for root too")
        return results
    }

    /// Entries under `folder` whose names are a staging folder's.
    func stagingFolders(under folder: String) -> [String] {
        let paths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
        return paths.filter { StagingFolders.Name(parsing: URL(fileURLWithPath: $0).lastPathComponent) != nil }
    }

    func testEveryCommandWritesIntoAWritableFolderUnderAReadOnlyParent() throws {
        let results = try mountVolume()
        let small = GoldenFiles.scenarioPath("small.yaml"), size = ["--devices", "4", "--days", "3"]
        let report = "\(results)/small@devices=4,days=3"
        func succeeds(_ arguments: [String]) {
            let result = invoke(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments.joined(separator: " ")): \(result.err)")
        }
        // The report folder is new, then exists: its staging folders are beside it, in the volume, then inside it.
        succeeds([small] + size + ["--out", results, "--quiet"])
        succeeds([small] + size + ["--cycles", "--out", results, "--emit-telemetry", results, "--quiet"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(report)/cycles.csv"))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: "\(results)/app-opens.csv"), "the telemetry, in the volume itself")
        // The shards elsewhere, merged into the volume: the Kubernetes merge Job's command.
        let shards = temporary.appendingPathComponent("shards").path
        for shard in ["1/2", "2/2"] { succeeds([small] + size + ["--shard", shard, "--out", shards, "--quiet"]) }
        try? FileManager.default.removeItem(atPath: report)
        succeeds(["merge", shards, "--out", results, "--quiet"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(report)/summary.csv"))
        // A check against a baseline elsewhere, its report and JUnit file into the volume.
        let baseline = temporary.appendingPathComponent("baseline").path
        succeeds([small] + size + ["--out", baseline, "--quiet"])
        succeeds(
            ["check", small] + size + [
                "--baseline", baseline, "--out", results, "--junit", "\(results)/junit.xml", "--quiet",
            ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(results)/junit.xml"))
        // A fit whose folder is the volume itself.
        succeeds([
            "fit", GoldenFiles.repositoryPath("Scenarios/telemetry/bg-launches.csv"), "--bootstrap", "0", "--out",
            results, "--quiet",
        ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(results)/fit.yaml"))
        XCTAssertEqual(stagingFolders(under: results), [], "no staging folder left in the volume")
    }

    func testAReadOnlyFolderIsStillRefusedBeforeTheRun() throws {
        let results = try mountVolume()
        XCTAssertEqual(FullDiskTests.run("/bin/mount", ["-o", "remount,ro", results]), 0)
        let missing = temporary.appendingPathComponent("missing.yaml").path  // never read: --out fails first
        for command in [
            [missing], ["check", missing], ["merge", temporary.path],
            ["fit", GoldenFiles.repositoryPath("Scenarios/telemetry/bg-launches.csv")],
        ] {
            let result = invoke(command + ["--out", results])
            XCTAssertEqual(result.code, 2, "\(command)")
            XCTAssertTrue(
                result.err.hasPrefix("error: --out: cannot create files in \(results): "), "\(command): \(result.err)")
        }
    }
}
