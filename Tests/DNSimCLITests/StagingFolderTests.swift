import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimReports
@testable import DNSimRun
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

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: temporary.appendingPathComponent(name).path)
    }

    func testNamesParse() {
        XCTAssertEqual(
            StagingFolders.Name(parsing: ".rep.cycles-Ab12Cd"),
            StagingFolders.Name(folder: "rep", kind: .cycles, tag: "Ab12Cd"))
        XCTAssertEqual(
            StagingFolders.Name(parsing: ".a.partial-3.cycles-17")?.folder, "a.partial-3", "the last marker counts")
        XCTAssertEqual(StagingFolders.Name(parsing: ".new-activity.partial-x9Yz01")?.kind, .partial)
        XCTAssertEqual(StagingFolders.Name(parsing: ".new-activity.removing-x9Yz01")?.kind, .removing)
        for name in [
            "rep.cycles-1", "..cycles-1", ".rep.cycles-", ".rep.cycles-x-1", ".rep.cycles-4242@ci-runner_1",
            ".rep.cycles-é1",
            ".rep", ".git",
        ] {
            XCTAssertNil(StagingFolders.Name(parsing: name), name)
        }
    }

    /// A new staging folder has a name of its own (two at once never share one, whatever their
    /// process ids), beside a report folder yet to be made, and holds the marker, locked while it is in use.
    func testAStagingFolderIsUniqueMarkedAndLocked() throws {
        let target = temporary.appendingPathComponent("new-activity")
        let first = try StagingFolders.create(for: target, kind: .cycles)
        let second = try StagingFolders.create(for: target, kind: .cycles)
        defer { StagingFolders.remove(first); StagingFolders.remove(second) }
        XCTAssertNotEqual(first, second)
        for folder in [first, second] {
            XCTAssertEqual(folder.deletingLastPathComponent().path, temporary.path)
            XCTAssertEqual(StagingFolders.Name(parsing: folder.lastPathComponent)?.folder, "new-activity")
            XCTAssertEqual(StagingFolders.Name(parsing: folder.lastPathComponent)?.kind, .cycles)
            let marker = try String(
                contentsOf: folder.appendingPathComponent(StagingFolders.markerName), encoding: .utf8)
            XCTAssertEqual(marker, StagingFolders.markerSignature + "pid \(getpid())\nhost \(StagingFolders.host)\n")
            XCTAssertFalse(lockIsFree(folder), "locked by its maker, this process")
        }
        StagingFolders.remove(first)
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.path))
    }

    /// A report folder that exists holds its own staging folders, so the renames out of them stay on
    /// its file system and need nothing of its parent; the reaper looks there too.
    func testAnExistingReportFolderHoldsItsOwnStagingFolders() throws {
        let target = try makeFolder("rep")
        let staging = try StagingFolders.create(for: target, kind: .partial)
        defer { StagingFolders.remove(staging) }
        XCTAssertEqual(staging.deletingLastPathComponent().path, target.path)
        XCTAssertEqual(StagingFolders.Name(parsing: staging.lastPathComponent)?.folder, "rep")
        try abandonedFolder("rep/.rep.cycles-Inside")
        try abandonedFolder(".rep.cycles-Beside")
        XCTAssertEqual(
            StagingFolders.removeStale(for: target).map(\.url.path),
            [
                temporary.appendingPathComponent(".rep.cycles-Beside").path,
                target.appendingPathComponent(".rep.cycles-Inside").path,
            ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: staging.path), "its own, in use, is kept")
    }

    /// Whether the marker's lock in `folder` can be taken now (taken and given back at once).
    func lockIsFree(_ folder: URL) -> Bool {
        let descriptor = open(folder.appendingPathComponent(StagingFolders.markerName).path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(descriptor, LOCK_UN)
        return true
    }

    /// A marked folder as a run that ended without removing it leaves one: the marker there, its lock free.
    @discardableResult
    func abandonedFolder(_ name: String, bytes: Int = 0, pid: String = "4242", host: String = "another-container")
        throws -> URL
    {
        let url = try makeFolder(name, bytes: bytes)
        try Data((StagingFolders.markerSignature + "pid \(pid)\nhost \(host)\n").utf8).write(
            to: url.appendingPathComponent(StagingFolders.markerName))
        return url
    }

    /// Only folders this tool marked and whose maker has ended go (issue 44, item 4): not a folder
    /// whose name merely has the pattern, not one whose lock another process holds (whatever its
    /// process id or host, so a run in another container sharing the folder is safe), not this
    /// process's own, not a link to a marked folder.
    func testOnlyMarkedFoldersWhoseLockIsFreeAreRemoved() throws {
        let target = temporary.appendingPathComponent("rep")
        try abandonedFolder(".rep.cycles-aB3dE6", bytes: 4_096)
        try abandonedFolder(".other.partial-Zz9Yy8", pid: "17", host: "ci-runner_1")  // another report's, beside it
        try abandonedFolder(".rep.removing-Qq1Ww2")  // a removal cut short
        try makeFolder(".rep.cycles-Nomark")  // the pattern, no marker
        try makeFolder(".rep.cycles-4242@\(StagingFolders.host)")  // an earlier version's name
        let forged = try makeFolder(".rep.partial-Forged")  // a marker file that is not this tool's
        try Data("something else\n".utf8).write(to: forged.appendingPathComponent(StagingFolders.markerName))
        try Data().write(to: temporary.appendingPathComponent(".rep.partial-Afile1"))  // a file, not a folder
        let elsewhere = try abandonedFolder("elsewhere/.rep.partial-Linked")
        try FileManager.default.createSymbolicLink(
            at: temporary.appendingPathComponent(".rep.partial-Alink1"), withDestinationURL: elsewhere)
        let own = try StagingFolders.create(for: target, kind: .cycles)  // this process's, in use
        defer { StagingFolders.remove(own) }
        // A live run in another process, known only by the lock it holds on its marker.
        let live = try abandonedFolder(".rep.cycles-Live01", pid: "\(getpid())", host: StagingFolders.host)
        let holder = try lockHolder(live)
        defer { holder.release() }

        let removed = StagingFolders.removeStale(for: target)
        XCTAssertEqual(
            removed.map(\.url.lastPathComponent),
            [".other.partial-Zz9Yy8", ".rep.cycles-aB3dE6", ".rep.removing-Qq1Ww2"])
        XCTAssertEqual(removed.map(\.bytes), [0, 4_096, 0])
        XCTAssertEqual(
            removed.map(\.owner),
            ["process 17 on ci-runner_1", "process 4242 on another-container", "process 4242 on another-container"])
        for kept in [
            ".rep.cycles-Nomark", ".rep.cycles-4242@\(StagingFolders.host)", ".rep.partial-Forged",
            ".rep.partial-Afile1",
            ".rep.partial-Alink1", "elsewhere/.rep.partial-Linked", own.lastPathComponent, ".rep.cycles-Live01",
        ] {
            XCTAssertTrue(exists(kept), kept)
        }
        // Once its holder is gone, the live run's folder is abandoned too.
        holder.release()
        XCTAssertEqual(StagingFolders.removeStale(for: target).map(\.url.lastPathComponent), [".rep.cycles-Live01"])
        XCTAssertTrue(exists(own.lastPathComponent))
    }

    /// A child process (`flock(1)`) holding the lock of `folder`'s marker until `release()`.
    final class LockHolder {
        let process = Process()
        let input = Pipe()

        /// Ends the child (its `cat` reads end of file), which drops the lock; waits for it.
        func release() {
            guard process.isRunning else { return }
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    func lockHolder(_ folder: URL) throws -> LockHolder {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else {
            throw XCTSkip("no flock(1) (util-linux) here")
        }
        let holder = LockHolder()
        // -o: the lock is flock's own, not inherited by cat, which only waits for its input to end.
        holder.process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.process.arguments = ["-x", "-o", folder.appendingPathComponent(StagingFolders.markerName).path, "cat"]
        holder.process.standardInput = holder.input
        holder.process.standardOutput = FileHandle.nullDevice
        try holder.process.run()
        // Held once this process can no longer take it (a guard against a child that never locks, not a timing assertion).
        let deadline = Date().addingTimeInterval(60)
        while lockIsFree(folder) && Date() < deadline { usleep(10_000) }
        XCTAssertFalse(lockIsFree(folder), "flock(1) took the lock")
        return holder
    }

    /// The next run removes the staging folder of a run killed outright (SIGKILL, which leaves no
    /// chance to clean up), and says so; the staging folders of a new report folder are beside it:
    /// in `--out DIR`, beside `DIR/small@devices=1000000/`.
    func testARunRemovesTheStagingFolderOfAKilledRun() throws {
        guard let executable = InterruptTests.executable else {
            throw XCTSkip("no dnsim-events executable beside the tests; run 'swift build' first")
        }
        let out = temporary.appendingPathComponent("report")
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            GoldenFiles.scenarioPath("small.yaml"), "--devices", "1000000", "--cycles", "--jobs", "1", "--out",
            out.path, "--quiet",
        ]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var staging: URL?
        // A guard against a child that never starts writing, not a timing assertion.
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning && Date() < deadline && staging == nil {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
            staging = names.first { StagingFolders.Name(parsing: $0) != nil }.map { out.appendingPathComponent($0) }
                .flatMap {
                    FileManager.default.fileExists(atPath: $0.appendingPathComponent(StagingFolders.markerName).path)
                        ? $0 : nil
                }
            usleep(20_000)
        }
        let folder = try XCTUnwrap(staging, "the run made its staging folder")
        XCTAssertFalse(lockIsFree(folder), "locked while the run goes on")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path), "a killed run cannot clean up")
        XCTAssertTrue(lockIsFree(folder), "the kernel dropped the lock with the process")

        let result = invoke([
            GoldenFiles.scenarioPath("small.yaml"), "--devices", "2", "--days", "2", "--out", out.path, "--quiet",
        ])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.err.contains("note: removed \(folder.path) ("), result.err)
        XCTAssertTrue(
            result.err.contains(
                "), a staging folder left by a run that has ended (process \(process.processIdentifier) on \(StagingFolders.host))"
            ),
            result.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["small@devices=2,days=2"])
    }

    /// A `--cycles` run leaves no staging folder behind and moves cycles.csv in with the report.
    func testACyclesRunLeavesOnlyItsReport() throws {
        let out = temporary.appendingPathComponent("report").path
        let result = invoke([
            GoldenFiles.scenarioPath("small.yaml"), "--devices", "20", "--days", "3", "--cycles", "--out", out,
            "--quiet",
        ])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), ["report"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out), ["small@devices=20,days=3"],
            "no staging folder beside the report")
        let rows = try String(contentsOfFile: "\(out)/small@devices=20,days=3/cycles.csv", encoding: .utf8).split(
            separator: "\n")
        XCTAssertEqual(rows.first.map(String.init), String(CycleLog.header.dropLast()))
        XCTAssertEqual(rows.count, 1 + 20 * 3 * 8)
        XCTAssertTrue(StagingFolders.registry.withLock { StagingFolders.registry.folders.isEmpty })
    }

    /// What the SIGINT handler does, while a worker keeps writing chunk files
    /// into the folder: afterwards neither the folder nor its renamed copy
    /// exists, and the worker's next file fails to open.
    func testInterruptRemovesTheFoldersAWorkerWritesInto() throws {
        let target = temporary.appendingPathComponent("rep")
        let folder = try StagingFolders.create(for: target, kind: .cycles)
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
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path), [],
            "no folder, renamed or not, is left")
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
        XCTAssertTrue(
            warning?.hasPrefix(
                "warning: --cycles will write about 1.4 GB to Reports/small/cycles.csv: "
                    + "100,000 devices × 30 cycles × 8 arms = 24,000,000 rows at about 60 bytes a row") == true,
            warning ?? "no warning")
        let small = try ScenarioRuns.plan(scenario, RunOverrides(devices: 60_000))
        XCTAssertNil(
            ReportStaging.sizeWarning(plan: small, maxDevices: 0, directory: "Reports/small"), "0.86 GB is under 1 GB")
        let growing = ReportStaging.sizeWarning(plan: small, maxDevices: 1_000_000, directory: "Reports/small")
        XCTAssertTrue(growing?.contains("will write up to about 14.4 GB") == true, growing ?? "no warning")
    }
}
