import DNSimTestSupport
import Foundation
import XCTest

/// A console write that fails (issue 44, item 7), on the built executable in a child process: a
/// full disk or a closed stdout is exit 2 with one line on stderr, never a trap (exit 132 and a
/// backtrace); a reader gone (EPIPE, SIGPIPE ignored) stops the process quietly with 141. No
/// staging folder is left either way.
final class StandardStreamTests: CommandLineTestCase {
    /// Runs `script` in /bin/sh with the executable as `$0`: its exit status and stderr.
    func shell(_ script: String, _ arguments: [String] = [], stdout: Any? = nil) throws -> (
        status: Int32, reason: Process.TerminationReason, err: String
    ) {
        guard let executable = InterruptTests.executable else {
            throw XCTSkip("no dnsim-events executable beside the tests; run 'swift build' first")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, executable.path] + arguments
        process.currentDirectoryURL = temporary
        let errors = Pipe()
        process.standardError = errors
        if let stdout { process.standardOutput = stdout }
        try process.run()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, err)
    }

    func testAFullDiskOnStdoutIsExit2WithOneLine() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
        for arguments in [["--version"], ["completions", "bash"], ["--help"]] {
            let result = try shell(#"exec "$0" "$@" >/dev/full"#, arguments)
            XCTAssertEqual(result.reason, .exit, "\(arguments)")
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
            XCTAssertEqual(
                result.err, "dnsim-events: cannot write to standard output: no space left on device\n", "\(arguments)")
        }
        // A run: its report is written, and then the summary cannot be; nothing is left half-done.
        let scenario = GoldenFiles.scenarioPath("small.yaml")
        let result = try shell(
            #"exec "$0" "$@" 2>/dev/null >/dev/full"#, [scenario, "--devices", "6", "--days", "3", "--out", "out"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent("out").path),
            ["small@devices=6,days=3"],
            "no staging folder is left")
    }

    func testAClosedStdoutIsExit2WithOneLine() throws {
        let result = try shell(#"exec "$0" --version >&-"#)
        XCTAssertEqual(result.reason, .exit)
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertEqual(result.err, "dnsim-events: cannot write to standard output: bad file descriptor\n")
    }

    func testAPipeClosedEarlyStopsQuietly() throws {
        // The reader is gone before the first write; with SIGPIPE ignored the write fails with EPIPE.
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let ignored = try shell(#"trap '' PIPE; exec "$0" completions bash"#, stdout: pipe.fileHandleForWriting)
        XCTAssertEqual(ignored.reason, .exit, "no trap, no signal")
        XCTAssertEqual(ignored.status, 141)
        XCTAssertEqual(ignored.err, "", "quiet, as coreutils are about a closed pipe")
        // With SIGPIPE as it usually is, the process still exits by itself with 141.
        let usual = try shell(#"exec "$0" completions bash"#, stdout: pipe.fileHandleForWriting)
        XCTAssertEqual(usual.reason, .exit)
        XCTAssertEqual(usual.status, 141, usual.err)
    }
}
