import Foundation
import XCTest
@testable import DNSimFit

/// `fit` on a huge file (issue 28, item 8): above `TelemetryFile.maximumBytes` it is refused
/// before anything is read, and below it the file is mapped and parsed as it goes, so a bad
/// second row fails without the rest read into memory. The files are sparse: no disk is used.
final class LargeTelemetryTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        super.setUp()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-large-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// A bg file whose second line is bad, extended with zero bytes (a hole) to `size`.
    func sparseFile(size: Int64) throws -> String {
        let path = folder.appendingPathComponent("big.csv").path
        let text = TelemetryKind.bg.header + "\nr1,garbage,x,y,z\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        XCTAssertEqual(truncate(path, off_t(size)), 0)
        return path
    }

    func testAFileAboveTheLimitIsRefusedBeforeItIsRead() throws {
        let path = try sparseFile(size: TelemetryFile.maximumBytes + 1)
        XCTAssertThrowsError(try TelemetryFile.read(path: path)) { error in
            XCTAssertEqual((error as! FitError).description, "\(path): error: is 1000000001 bytes; fit reads files of at most 1000000000 bytes "
                           + "(1 GB, about 12 million rows): fit a sample of the rows, e.g. every tenth device")
        }
    }

    /// 900 MB with a bad second row: the fit in a child process peaks far below the file's size
    /// (it held the file twice, and a table sized by it, before).
    func testABadSecondRowOfAHugeFileFailsWithoutReadingTheRest() throws {
        let executable = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0?.deletingLastPathComponent() }
            .map { $0.appendingPathComponent("dnsim-events") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let executable else { throw XCTSkip("no dnsim-events executable beside the tests; run 'swift build' first") }
        let path = try sparseFile(size: 900_000_000)
        let (status, peakKB) = try Self.run(executable.path, ["fit", path, "--out", folder.appendingPathComponent("fit").path, "--quiet"])
        XCTAssertEqual(status, 2)
        XCTAssertLessThan(peakKB, 200_000, "peak resident memory \(peakKB) kB for a 900 MB file whose line 2 is bad")
    }

    /// Runs a program and returns its exit status and its peak resident set in kB (from wait4's rusage).
    static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, Int) {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, tool, &actions, nil, argv, environ) == 0 else { throw XCTSkip("cannot start \(tool)") }
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        return ((status >> 8) & 0xFF, usage.ru_maxrss)
    }
}
