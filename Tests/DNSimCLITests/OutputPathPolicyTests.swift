import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimReports

/// Every path the user names for output (issue 44, item 1): never an input or a baseline's file,
/// never a folder, a read-only file or a file the tool did not write; a FIFO or a character
/// device is written through, never replaced by a rename.
final class OutputPathPolicyTests: CommandLineTestCase {
    var scenario: String { GoldenFiles.scenarioPath("small.yaml") }
    var quick: [String] { ["--devices", "6", "--days", "3", "--quiet"] }

    func path(_ name: String) -> String { temporary.appendingPathComponent(name).path }

    func makeFIFO(_ name: String) throws -> String {
        let fifo = path(name)
        guard mkfifo(fifo, 0o644) == 0 else { throw XCTSkip("mkfifo: \(String(cString: strerror(errno)))") }
        return fifo
    }

    /// A baseline of `small` (6 devices × 3 days) in `base/`, and the folder holding it.
    func baseline() -> (root: String, folder: String) {
        let root = path("base")
        XCTAssertEqual(invoke([scenario, "--out", root] + quick).code, 0)
        return (root, "\(root)/small@devices=6,days=3")
    }

    func assertRefused(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = invoke(arguments)
        XCTAssertEqual(result.code, 2, result.err, file: file, line: line)
        XCTAssertTrue(result.err.contains(message), result.err, file: file, line: line)
        XCTAssertEqual(
            result.err.split(separator: "\n").filter { $0.hasPrefix("error:") }.count, 1, result.err, file: file,
            line: line)
    }

    // MARK: --junit

    func testJUnitNeverReplacesAnInputABaselineFileOrAFileItDidNotWrite() throws {
        let (root, folder) = baseline()
        let check = ["check", scenario, "--baseline", root] + quick
        let summary = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/summary.csv"))
        let scenarioBytes = try Data(contentsOf: URL(fileURLWithPath: scenario))
        assertRefused(
            check + ["--junit", scenario],
            "error: --junit: \(scenario): is a scenario being checked, which this command reads")
        assertRefused(
            check + ["--junit", "\(folder)/summary.csv"],
            "error: --junit: \(folder)/summary.csv: is in \(folder)/, the baseline small is checked against")
        assertRefused(
            check + ["--junit", "\(folder)/new.xml"], "is in \(folder)/, the baseline small is checked against")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: scenario)), scenarioBytes)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/summary.csv")), summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/new.xml"))

        let mine = path("mine.xml"), readOnly = path("read-only.xml")
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: mine))
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: readOnly))
        chmod(readOnly, 0o444)
        assertRefused(
            check + ["--junit", mine],
            "error: --junit: \(mine): exists and is not a JUnit report written by dnsim-events check")
        assertRefused(check + ["--junit", readOnly], "error: --junit: \(readOnly): is read-only")
        XCTAssertEqual(try String(contentsOfFile: mine, encoding: .utf8), "my notes\n")
        XCTAssertEqual(try String(contentsOfFile: readOnly, encoding: .utf8), "kept\n")

        // A JUnit report of an earlier check is replaced, and a link to it stays a link.
        let report = path("junit.xml"), link = path("link.xml")
        XCTAssertEqual(invoke(check + ["--junit", report]).code, 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: report)
        try Data((CheckOutput.junitOpening + " stale").utf8).write(to: URL(fileURLWithPath: report))
        XCTAssertEqual(invoke(check + ["--junit", link]).code, 0)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: link), report, "the link is still a link")
        XCTAssertTrue(
            try String(contentsOfFile: report, encoding: .utf8).hasPrefix(CheckOutput.junitOpening + " tests="))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix(".") }, [],
            "no staging folder is left")
    }

    func testJUnitIsWrittenThroughAFIFOAndACharacterDevice() throws {
        let (root, _) = baseline()
        let check = ["check", scenario, "--baseline", root] + quick
        let fifo = try makeFIFO("junit.fifo")
        final class Box: @unchecked Sendable { var data = Data() }
        let received = Box(), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if let handle = FileHandle(forReadingAtPath: fifo) { received.data = handle.readDataToEndOfFile() }
            done.signal()
        }
        XCTAssertEqual(invoke(check + ["--junit", fifo]).code, 0)
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertTrue(
            String(decoding: received.data, as: UTF8.self).hasPrefix(CheckOutput.junitOpening),
            "written through the FIFO")
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")

        // /dev/null itself is never touched: a decision, then a copy of it where root may make one.
        XCTAssertEqual(try OutputPathPolicy().action(for: "/dev/null", ownOutput: "a JUnit report"), .writeThrough)
        let null = path("null")
        guard getuid() == 0, mknod(null, S_IFCHR | 0o666, (1 << 8) | 3) == 0 else { return }
        XCTAssertEqual(invoke(check + ["--junit", null]).code, 0)
        XCTAssertEqual(lstat(null, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "still a character device")
    }

    func testTheDecisionForEachKindOfPath() throws {
        let policy = OutputPathPolicy(
            inputs: [(scenario, "the scenario")],
            readFolders: [(temporary.appendingPathComponent("base").path, "a baseline")])
        XCTAssertEqual(try policy.action(for: path("new.xml"), ownOutput: "x"), .create)
        XCTAssertEqual(try policy.action(for: path("sub/new.xml"), ownOutput: "x"), .create)
        XCTAssertThrowsError(try policy.action(for: scenario, ownOutput: "x"))
        XCTAssertThrowsError(try policy.action(for: temporary.path, ownOutput: "x"), "a folder")
        let socketPath = path("s.sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        defer { close(fd) }
        if bound == 0 {
            XCTAssertThrowsError(try policy.action(for: socketPath, ownOutput: "x")) { error in
                XCTAssertEqual((error as? OutputPathPolicy.Refusal)?.reason, "is a socket, not a file")
            }
        }
        let mine = path("mine.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: mine))
        XCTAssertEqual(
            try policy.action(for: mine, ownOutput: nil), .replace, "init --force replaces any writable regular file")
        XCTAssertEqual(try policy.action(for: mine, ownOutput: "x") { _ in true }, .replace)
        XCTAssertThrowsError(try policy.action(for: mine, ownOutput: "x"))
    }

    // MARK: Folders: --out, --emit-telemetry, fit --out

    func testAReportFolderKeepsFIFOsLinksAndFilesItDidNotWrite() throws {
        let out = path("out"), folder = "\(out)/small@devices=6,days=3"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo("\(folder)/summary.csv", 0o644), 0)
        assertRefused(
            [scenario, "--out", out] + quick,
            "error: --out: \(folder)/summary.csv: is a FIFO, which writing summary.csv would replace")
        XCTAssertEqual(unlink("\(folder)/summary.csv"), 0)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/summary.csv", withDestinationPath: scenario)
        assertRefused([scenario, "--out", out] + quick, "error: --out: \(folder)/summary.csv: is ")
        XCTAssertEqual(unlink("\(folder)/summary.csv"), 0)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/manifest.json"))
        assertRefused(
            ["check", scenario, "--out", out] + quick,
            "\(folder)/manifest.json: exists and is not part of a report, shard or fit written by dnsim-events")
        XCTAssertEqual(try String(contentsOfFile: "\(folder)/manifest.json", encoding: .utf8), "mine\n")
        // An earlier report is replaced, as always.
        try FileManager.default.removeItem(atPath: folder)
        XCTAssertEqual(invoke([scenario, "--out", out] + quick).code, 0)
        XCTAssertEqual(invoke([scenario, "--out", out, "--cycles"] + quick).code, 0)
    }

    func testTelemetryNeverReplacesAnInputOrAFileThatIsNotALog() throws {
        let copy = path("s.yaml")
        try FileManager.default.copyItem(atPath: scenario, toPath: copy)
        assertRefused(
            [copy, "--out", path("out"), "--emit-telemetry", copy] + quick,
            "error: --emit-telemetry: \(copy): is a scenario being run")
        let logs = path("logs")
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        try Data("my own opens\n".utf8).write(to: URL(fileURLWithPath: "\(logs)/app-opens.csv"))
        let result = invoke([copy, "--out", path("out"), "--emit-telemetry", logs] + quick)
        XCTAssertEqual(result.code, 2, result.err)
        XCTAssertTrue(
            result.err.contains(
                "error: \(logs)/app-opens.csv: exists and is not a telemetry log written by dnsim-events"), result.err)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: path("out")), "nothing was written: not the report either")
        XCTAssertEqual(try String(contentsOfFile: "\(logs)/app-opens.csv", encoding: .utf8), "my own opens\n")
        // Its own logs are replaced.
        try FileManager.default.removeItem(atPath: "\(logs)/app-opens.csv")
        XCTAssertEqual(invoke([copy, "--out", path("out"), "--emit-telemetry", logs] + quick).code, 0)
        XCTAssertEqual(invoke([copy, "--out", path("out"), "--emit-telemetry", logs] + quick).code, 0)
    }

    func testInitNeverReplacesItsConfigurationOrAFIFO() throws {
        let config = path("config.json")
        try Data("{\"contentFetch\": {}}\n".utf8).write(to: URL(fileURLWithPath: config))
        assertRefused(
            ["init", "--from", config, "--out", config, "--force", "--quiet"],
            "error: --out: \(config): is the configuration read (--from), which this command reads")
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), "{\"contentFetch\": {}}\n")
        let readOnly = path("ro.yaml")
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: readOnly))
        chmod(readOnly, 0o444)
        assertRefused(
            ["init", "--name", "x", "--out", readOnly, "--force", "--quiet"], "error: --out: \(readOnly): is read-only")

        let fifo = try makeFIFO("scenario.fifo")
        final class Box: @unchecked Sendable { var data = Data() }
        let received = Box(), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if let handle = FileHandle(forReadingAtPath: fifo) { received.data = handle.readDataToEndOfFile() }
            done.signal()
        }
        let result = invoke(["init", "--name", "x", "--out", fifo, "--force", "--quiet"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertTrue(String(decoding: received.data, as: UTF8.self).hasPrefix("# x: a dnsim-events scenario"))
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
    }

    func testFitOutNeverReplacesTheScenarioItSetsKeysIn() throws {
        let telemetry = GoldenFiles.repositoryPath("Scenarios/telemetry/app-opens.csv")
        let into = path("fit.yaml")
        try FileManager.default.copyItem(
            atPath: GoldenFiles.repositoryPath("Scenarios/new-activity.yaml"), toPath: into)
        let before = try Data(contentsOf: URL(fileURLWithPath: into))
        assertRefused(
            ["fit", telemetry, "--into", into, "--out", temporary.path, "--bootstrap", "0", "--quiet"],
            "error: --out: \(temporary.path)/fit.yaml: is the scenario fit sets keys in (--into)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: into)), before)
        let mine = path("fits")
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: "\(mine)/fit.md"))
        assertRefused(
            ["fit", telemetry, "--out", mine, "--bootstrap", "0", "--quiet"],
            "\(mine)/fit.md: exists and is not part of")
        try FileManager.default.removeItem(atPath: "\(mine)/fit.md")
        XCTAssertEqual(invoke(["fit", telemetry, "--out", mine, "--bootstrap", "0", "--quiet"]).code, 0)
        XCTAssertEqual(
            invoke(["fit", telemetry, "--out", mine, "--bootstrap", "0", "--quiet"]).code, 0, "its own fit is replaced")
    }
}
