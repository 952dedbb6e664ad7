import DNSimTestSupport
import Foundation
import XCTest
@testable import DNSimCLI
@testable import DNSimRun
@testable import DNSimReports
@testable import DNSimScenario

/// Staging folders: their names, the removal of those left by dead
/// processes, the removal on interrupt while a worker still writes, and the
/// size warning before a large `--cycles` run.
final class StagingFolderTests: CommandLineTestCase {
    @discardableResult
    func makeFolder(_ name: String, bytes: Int = 0) throws -> URL {
        let url = temporary.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if bytes > 0 { try Data(count: bytes).write(to: url.appendingPathComponent("devices-000000000.csv")) }
        return url
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: temporary.appendingPathComponent(name).path) }

    func testNamesParse() {
        XCTAssertEqual(StagingFolders.Name(parsing: ".rep.cycles-4242@ci-runner_1"),
                       StagingFolders.Name(folder: "rep", kind: .cycles, pid: 4242, host: "ci-runner_1"))
        XCTAssertEqual(StagingFolders.Name(parsing: ".rep.cycles-4242"), StagingFolders.Name(folder: "rep", kind: .cycles, pid: 4242, host: nil),
                       "the names of earlier versions have no host")
        XCTAssertEqual(StagingFolders.Name(parsing: ".a.partial-3.cycles-17@h")?.folder, "a.partial-3", "the last marker counts")
        XCTAssertEqual(StagingFolders.Name(parsing: ".new-activity.partial-9@h")?.kind, .partial)
        XCTAssertEqual(StagingFolders.Name(parsing: ".new-activity.removing-9@h")?.kind, .removing)
        for name in ["rep.cycles-1", "..cycles-1", ".rep.cycles-", ".rep.cycles-x1", ".rep.cycles-1@", ".rep.cycles-0", ".rep.cycles--1",
                     ".rep.cycles-99999999999", ".rep", ".git"] {
            XCTAssertNil(StagingFolders.Name(parsing: name), name)
        }
        let own = StagingFolders.url(beside: URL(fileURLWithPath: "/r/new-activity"), kind: .cycles)
        XCTAssertEqual(own.deletingLastPathComponent().path, "/r")
        XCTAssertEqual(StagingFolders.Name(parsing: own.lastPathComponent),
                       StagingFolders.Name(folder: "new-activity", kind: .cycles, pid: getpid(), host: StagingFolders.host))
    }

    /// Only folders of this host's dead processes go: not a live one, not
    /// this process's, not another machine's, not what merely looks similar.
    func testStaleFoldersOfDeadProcessesAreRemoved() throws {
        let host = StagingFolders.host
        let dead: Int32 = 4_000_001, alive: Int32 = 4_000_002
        try makeFolder(".rep.cycles-\(dead)", bytes: 4_096)               // an earlier version's name
        try makeFolder(".rep.cycles-\(dead)@\(host)", bytes: 10)
        try makeFolder(".other.partial-\(dead)@\(host)")                  // another report's, beside it
        try makeFolder(".rep.removing-\(dead)@\(host)")                   // an interrupted removal
        try makeFolder(".rep.cycles-\(alive)@\(host)")
        try makeFolder(".rep.cycles-\(getpid())@\(host)")
        try makeFolder(".rep.cycles-\(dead)@another-machine")
        try makeFolder(".rep.backup-\(dead)")
        try Data().write(to: temporary.appendingPathComponent(".rep.partial-\(dead)"))  // a file, not a folder
        let removed = StagingFolders.removeStale(beside: temporary.appendingPathComponent("rep")) { $0 == alive }
        XCTAssertEqual(removed.map(\.url.lastPathComponent), [".other.partial-\(dead)@\(host)", ".rep.cycles-\(dead)",
                                                               ".rep.cycles-\(dead)@\(host)", ".rep.removing-\(dead)@\(host)"])
        XCTAssertEqual(removed.map(\.bytes), [0, 4_096, 10, 0])
        XCTAssertEqual(removed.map(\.pid), [dead, dead, dead, dead])
        for kept in [".rep.cycles-\(alive)@\(host)", ".rep.cycles-\(getpid())@\(host)", ".rep.cycles-\(dead)@another-machine",
                     ".rep.backup-\(dead)", ".rep.partial-\(dead)"] {
            XCTAssertTrue(exists(kept), kept)
        }
    }

    func testIsRunningTellsLiveFromDeadProcesses() {
        XCTAssertTrue(StagingFolders.isRunning(getpid()))
        XCTAssertTrue(StagingFolders.isRunning(1), "EPERM or not, pid 1 exists")
        XCTAssertFalse(StagingFolders.isRunning(999_999_999), "above Linux's largest pid (4,194,304)")
    }

    /// The next run removes what an interrupted one left, and says so. The staging
    /// folders are beside the report folder: in `--out DIR`, beside `DIR/small@devices=2,days=2/`
    /// (the one an interrupted run of the same command left is named after that folder, tag and all).
    func testARunRemovesTheStagingFoldersOfADeadProcess() throws {
        try makeFolder("report/.small@devices=2,days=2.cycles-999999999", bytes: 42_000)
        let out = temporary.appendingPathComponent("report").path
        let result = invoke([GoldenFiles.scenarioPath("small.yaml"), "--devices", "2", "--days", "2", "--out", out, "--quiet"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.err.contains("note: removed \(out)/.small@devices=2,days=2.cycles-999999999 (42 kB), left by process 999999999, "
                                          + "which is no longer running"), result.err)
        XCTAssertFalse(exists("report/.small@devices=2,days=2.cycles-999999999"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["small@devices=2,days=2"])
    }

    /// A `--cycles` run leaves no staging folder behind and moves cycles.csv in with the report.
    func testACyclesRunLeavesOnlyItsReport() throws {
        let out = temporary.appendingPathComponent("report").path
        let result = invoke([GoldenFiles.scenarioPath("small.yaml"), "--devices", "20", "--days", "3", "--cycles", "--out", out, "--quiet"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), ["report"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["small@devices=20,days=3"], "no staging folder beside the report")
        let rows = try String(contentsOfFile: "\(out)/small@devices=20,days=3/cycles.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.first.map(String.init), String(CycleLog.header.dropLast()))
        XCTAssertEqual(rows.count, 1 + 20 * 3 * 8)
        XCTAssertTrue(StagingFolders.registry.withLock { StagingFolders.registry.folders.isEmpty })
    }

    /// What the SIGINT handler does, while a worker keeps writing chunk files
    /// into the folder: afterwards neither the folder nor its renamed copy
    /// exists, and the worker's next file fails to open.
    func testInterruptRemovesTheFoldersAWorkerWritesInto() throws {
        let target = temporary.appendingPathComponent("rep")
        let folder = try StagingFolders.create(beside: target, kind: .cycles)
        final class Worker: @unchecked Sendable {
            var written = 0
            var failed = false
        }
        let worker = Worker()
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            while true {
                let url = folder.appendingPathComponent(String(format: "devices-%09d.csv", worker.written * 16))
                guard FileManager.default.createFile(atPath: url.path, contents: Data(count: 1_000)) else { break }
                worker.written += 1
                if worker.written == 3 { started.signal() }
            }
            worker.failed = true
            done.signal()
        }.start()
        started.wait()
        let removed = StagingFolders.registry.withLock { StagingFolders.removeRegistered() }
        done.wait()
        XCTAssertEqual(removed, 1)
        XCTAssertTrue(worker.failed)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "no folder, renamed or not, is left")
    }

    /// A report move and an interrupt never interleave: `commit` holds the lock the interrupt takes.
    func testACommitHoldsTheLockTheInterruptTakes() {
        StagingFolders.commit {
            XCTAssertFalse(StagingFolders.registry.lock.try(), "the interrupt would wait for the commit")
        }
        XCTAssertTrue(StagingFolders.registry.lock.try())
        StagingFolders.registry.lock.unlock()
    }

    func testALargeCyclesRunIsWarnedAboutWithItsEstimate() throws {
        let scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("small.yaml"))
        let big = try ScenarioRuns.plan(scenario, RunOverrides(devices: 100_000))
        let warning = ReportStaging.sizeWarning(plan: big, maxDevices: 0, directory: "Reports/small")
        XCTAssertTrue(warning?.hasPrefix("warning: --cycles will write about 1.4 GB to Reports/small/cycles.csv: "
            + "100,000 devices × 30 cycles × 8 arms = 24,000,000 rows at about 60 bytes a row") == true, warning ?? "no warning")
        let small = try ScenarioRuns.plan(scenario, RunOverrides(devices: 60_000))
        XCTAssertNil(ReportStaging.sizeWarning(plan: small, maxDevices: 0, directory: "Reports/small"), "0.86 GB is under 1 GB")
        let growing = ReportStaging.sizeWarning(plan: small, maxDevices: 1_000_000, directory: "Reports/small")
        XCTAssertTrue(growing?.contains("will write up to about 14.4 GB") == true, growing ?? "no warning")
    }
}
