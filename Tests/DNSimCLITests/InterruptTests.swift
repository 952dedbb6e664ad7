import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimReports
@testable import DNSimRun
@testable import DNSimScenario

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT in the middle of a `--cycles` run, on the
/// built executable in a child process: exit 128 + the signal with one line, no
/// staging folder left, the previous report untouched. (SIGPIPE is ignored; a
/// closed pipe is StandardStreamTests'.)
final class InterruptTests: CommandLineTestCase {
    /// `dnsim-events` beside the test bundle (SwiftPM builds it with the tests).
    static var executable: URL? {
        let folders = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap {
            $0?.deletingLastPathComponent()
        }
        return folders.map { $0.appendingPathComponent("dnsim-events") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    func testSIGINTRemovesStagingAndKeepsThePreviousReport() throws {
        try interrupt(with: SIGINT, name: "SIGINT", expectedStatus: 130)
    }

    func testSIGTERMRemovesStagingAndKeepsThePreviousReport() throws {
        try interrupt(with: SIGTERM, name: "SIGTERM", expectedStatus: 143)
    }

    // Issue 44, item 8: every signal a shell or a CI runner ends a job with cleans up as SIGINT does.

    func testSIGHUPRemovesStagingAndKeepsThePreviousReport() throws {
        try interrupt(with: SIGHUP, name: "SIGHUP", expectedStatus: 129)
    }

    func testSIGQUITRemovesStagingAndKeepsThePreviousReport() throws {
        try interrupt(with: SIGQUIT, name: "SIGQUIT", expectedStatus: 131)
    }

    func interrupt(with signo: Int32, name: String, expectedStatus: Int32) throws {
        guard let executable = Self.executable else {
            throw XCTSkip("no dnsim-events executable beside the tests; run 'swift build' first")
        }
        let scenario = GoldenFiles.scenarioPath("small.yaml")
        // --out report --devices 1000000 writes report/small@devices=1000000/; since the previous report is there, the
        // staging folders go inside it, and the snapshot below finds none left.
        let out = temporary.appendingPathComponent("report"),
            report = out.appendingPathComponent("small@devices=1000000")
        // The previous report in that folder: a quick one (4 devices × 3 days, written to report/small@devices=4,days=3/)
        // moved there, since a run of its own size would take as long as the one interrupted.
        XCTAssertEqual(invoke([scenario, "--devices", "4", "--days", "3", "--out", out.path, "--quiet"]).code, 0)
        try FileManager.default.moveItem(at: out.appendingPathComponent("small@devices=4,days=3"), to: report)
        let before = try snapshot(report)

        // Long enough that it is still running when the signal comes: it is sent as soon as rows are on disk.
        let process = Process()
        process.executableURL = executable
        process.arguments = [scenario, "--devices", "1000000", "--cycles", "--jobs", "2", "--out", out.path, "--quiet"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        // The child inherits this process's dispositions and keeps an inherited ignored HUP or QUIT
        // ignored by design (nohup); the test process may ignore them (a run under nohup), so the
        // child starts with the signal's default.
        let previous = signal(signo, SIG_DFL)
        defer { signal(signo, previous) }
        try process.run()
        signal(signo, previous)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The child's cycles staging folder, `.small@devices=1000000.cycles-<tag>`, inside the report folder (or beside it).
        let chunks = { () -> URL? in
            for folder in [out, report] {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                if let name = names.first(where: { StagingFolders.Name(parsing: $0)?.kind == .cycles }) {
                    return folder.appendingPathComponent(name)
                }
            }
            return nil
        }
        // A guard against a child that never starts writing, not a timing assertion.
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning && Date() < deadline {
            if let folder = chunks(),
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains(where: {
                    $0.hasPrefix("devices-")
                })
            {
                break
            }
            usleep(20_000)
        }
        XCTAssertTrue(process.isRunning, "the run was still going when it was interrupted")
        kill(process.processIdentifier, signo)
        // Bounded: a child that ignores the signal is a failure here, not a test run that never ends.
        let exitDeadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < exitDeadline { usleep(20_000) }
        XCTAssertFalse(process.isRunning, "\(name) did not end the run within 120 s")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()

        XCTAssertEqual(process.terminationReason, .exit, "it exits by itself rather than dying of the signal")
        XCTAssertEqual(process.terminationStatus, expectedStatus)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = stderr.split(separator: "\n")
        // First the note that --devices writes report/small@devices=1000000/, not report/small/.
        XCTAssertEqual(
            lines.first.map(String.init),
            "note: small: --devices differ from \(scenario), so this run writes \(report.path)/ "
                + "and leaves \(out.path)/small/ (a baseline written without them) as it is", stderr)
        // Then the size warning, its estimate derived from the plan (its wording is StagingFolderTests').
        let plan = try ScenarioRuns.plan(try ScenarioLoader.load(path: scenario), RunOverrides(devices: 1_000_000))
        let rows = Double(1_000_000 * plan.world.calendar.count * plan.arms.count)
        let estimate = String(format: "%.1f GB", rows * ReportStaging.bytesPerCycleRow / 1e9)
        XCTAssertTrue(
            lines.dropFirst().first?.hasPrefix(
                "warning: --cycles will write about \(estimate) to \(report.path)/cycles.csv: ") == true,
            stderr)
        XCTAssertEqual(
            lines.last.map(String.init),
            "dnsim-events: interrupted by \(name); removed 1 staging folder; no report folder was left half-written",
            stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path), ["report"], "no staging folder is left"
        )
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.path), ["small@devices=1000000"],
            "none beside the report either")
        XCTAssertEqual(try snapshot(report), before, "the previous report is untouched")
    }

    /// Every file of a folder, by name.
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }
}
