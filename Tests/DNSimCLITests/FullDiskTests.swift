import DNSimTestSupport
import Foundation
import XCTest

/// Every write handles its error (issue 28, items 6 and 11): on a full disk a run is exit 2
/// with the path and "no space left on device", leaves no staging folder or partial file, and
/// leaves the report from before as it was. The disk is a 64 kB tmpfs, so these tests need
/// to mount one (root, as in CI); elsewhere they are skipped and say why.
final class FullDiskTests: CommandLineTestCase {
    var disk: URL!

    /// Mounts the disk (XCTest's setUpWithError runs before the temporary folder exists).
    func mountDisk() throws {
        disk = temporary.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard getuid() == 0 else {
            disk = nil
            throw XCTSkip("mounting a 64 kB tmpfs needs root (CI runs as root)")
        }
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path]) == 0 else {
            disk = nil
            throw XCTSkip("cannot mount a tmpfs here (a container without CAP_SYS_ADMIN?)")
        }
    }

    override func tearDown() {
        if let disk { _ = Self.run("/bin/umount", [disk.path]) }
        super.tearDown()
    }

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    var scenario: String { GoldenFiles.scenarioPath("small.yaml") }

    /// A small report (summary.csv and manifest.json) that fits on the disk, and its bytes: `--out` is `out`,
    /// the report its `small@devices=60/` folder, the one the runs below with `--devices 60` write again.
    func previousReport() throws -> (out: String, folder: String, files: [String: Data]) {
        let out = disk.appendingPathComponent("report").path
        XCTAssertEqual(invoke([scenario, "--devices", "60", "--format", "csv", "--out", out, "--quiet"]).code, 0)
        let folder = "\(out)/small@devices=60"
        return (out, folder, try files(folder))
    }

    func files(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            result[name] = FileManager.default.contents(atPath: "\(folder)/\(name)")
        }
        return result
    }

    /// What the disk holds at its top: no staging folder (`.report.partial-…`) is left.
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() }

    /// Exit 2 and one line of error, after the `note` a run with overrides begins with (where it writes), if any.
    func assertNoSpace(
        _ result: (code: Int32, out: String, err: String), note: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(result.code, 2, result.err, file: file, line: line)
        var error = result.err
        if let note {
            XCTAssertTrue(error.hasPrefix(note + "\n"), result.err, file: file, line: line)
            error = String(error.dropFirst(note.count + 1))
        }
        XCTAssertTrue(error.hasPrefix("error: cannot write \(disk.path)/"), result.err, file: file, line: line)
        XCTAssertTrue(
            error.contains(": no space left on device; nothing was written to "), result.err, file: file, line: line)
        XCTAssertFalse(error.contains("Domain="), "no Foundation error dump", file: file, line: line)
        XCTAssertEqual(error.split(separator: "\n").count, 1, result.err, file: file, line: line)
    }

    /// What a run with `--devices 60 --out out` says first: it writes `out/small@devices=60/`, not `out/small/`.
    func note(_ out: String) -> String {
        "note: small: --devices differ from \(scenario), so this run writes \(out)/small@devices=60/ "
            + "and leaves \(out)/small/ (a baseline written without them) as it is"
    }

    func testCyclesOnAFullDiskIsExitTwoAndKeepsThePreviousReport() throws {
        try mountDisk()
        let previous = try previousReport()
        let result = invoke([scenario, "--devices", "60", "--out", previous.out, "--cycles", "--quiet"])
        assertNoSpace(result, note: note(previous.out))
        XCTAssertTrue(result.err.hasSuffix("(the report already in \(previous.folder)/ is as it was)\n"), result.err)
        XCTAssertEqual(try entries(), ["report"], "no staging folder is left")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: previous.out), ["small@devices=60"],
            "none beside the report either")
        XCTAssertEqual(try files(previous.folder), previous.files, "the previous report is intact")
    }

    func testTelemetryOnAFullDiskWritesNeitherItNorTheReport() throws {
        try mountDisk()
        let previous = try previousReport()
        let telemetry = disk.appendingPathComponent("telemetry").path
        let result = invoke([
            scenario, "--devices", "60", "--format", "csv", "--out", previous.out, "--emit-telemetry", telemetry,
            "--quiet",
        ])
        assertNoSpace(result, note: note(previous.out))
        XCTAssertTrue(result.err.contains("nothing was written to \(previous.folder)/ or \(telemetry)/"), result.err)
        XCTAssertEqual(try entries(), ["report"], "no telemetry folder, no 0-byte file, no staging folder")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: previous.out), ["small@devices=60"],
            "no staging folder beside the report")
        XCTAssertEqual(try files(previous.folder), previous.files)
    }

    func testAShardOnAFullDiskIsExitTwoWithItsPath() throws {
        try mountDisk()
        let filler = disk.appendingPathComponent("filler")
        XCTAssertTrue(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        XCTAssertThrowsError(try handle.write(contentsOf: Data(count: 70_000)), "more than the disk holds")
        try handle.close()
        let result = invoke([
            scenario, "--devices", "6", "--shard", "1/2", "--out", disk.appendingPathComponent("shards").path,
            "--quiet",
        ])
        assertNoSpace(result)
        XCTAssertTrue(
            result.err.contains("nothing was written to \(disk.path)/shards/small@devices=6/shard-1-of-2.json"),
            result.err)
        // --out shards is the parent of shards/small@devices=6/, so it was made: it is removed again with the staging folder.
        XCTAssertEqual(
            try entries().filter { $0 != "filler" }, [], "no staging folder and no empty --out folder is left")
    }

    /// Fills the disk but for a few bytes.
    func fill() throws {
        let filler = disk.appendingPathComponent("filler")
        XCTAssertTrue(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        XCTAssertThrowsError(try handle.write(contentsOf: Data(count: 70_000)), "more than the disk holds")
        try handle.close()
    }

    /// Issue 44, item 12: the folders a failed write made for its output (`--out`, `--emit-telemetry`,
    /// `init --out`'s parents) are removed again; a folder that was there stays.
    func testAFullDiskLeavesNoFolderTheRunMade() throws {
        try mountDisk()
        try fill()
        let out = disk.appendingPathComponent("new/deeper").path
        assertNoSpace(invoke([scenario, "--devices", "60", "--out", out, "--quiet"]), note: note(out))
        XCTAssertEqual(try entries(), ["filler"], "no new/ nor new/deeper/ is left")
        let telemetry = disk.appendingPathComponent("logs/app").path
        let report = temporary.appendingPathComponent("report").path
        XCTAssertEqual(
            invoke([scenario, "--devices", "6", "--out", report, "--emit-telemetry", telemetry, "--quiet"]).code, 2)
        XCTAssertEqual(try entries(), ["filler"], "no logs/ is left")
        XCTAssertEqual(
            invoke(["init", "--name", "x", "--out", disk.appendingPathComponent("scenarios/x.yaml").path, "--quiet"])
                .code, 2)
        XCTAssertEqual(try entries(), ["filler"], "no scenarios/ is left")
        // A folder the user made is theirs, empty or not.
        let mine = disk.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: false)
        XCTAssertEqual(invoke([scenario, "--devices", "6", "--out", mine.path, "--quiet"]).code, 2)
        XCTAssertEqual(try entries(), ["filler", "mine"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mine.path), [])
    }
}
