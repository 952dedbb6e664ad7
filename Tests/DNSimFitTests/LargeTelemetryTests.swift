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
            XCTAssertEqual(
                (error as! FitError).description,
                "\(path): error: is 1000000001 bytes; fit reads files of at most 1000000000 bytes "
                    + "(1 GB, about 12 million rows): fit a sample of the rows, e.g. every tenth device")
        }
    }

    /// 900 MB with a bad second row, in a child process limited to 1.4 GB of address space
    /// (`ulimit -v`): it held the file twice, and a table sized by it, and aborted under the limit;
    /// mapped, it stops at line 2 with exit 2. (A child's peak RSS cannot be measured from here:
    /// Linux carries the parent's high-water mark into a spawned child.)
    func testABadSecondRowOfAHugeFileFailsWithoutReadingTheRest() throws {
        let executable = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap {
            $0?.deletingLastPathComponent()
        }
        .map { $0.appendingPathComponent("dnsim-events") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
        guard let executable else {
            throw XCTSkip("no dnsim-events executable beside the tests; run 'swift build' first")
        }
        let path = try sparseFile(size: 900_000_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -v 1400000 && exec \"$0\" fit \"$1\" --out \"$2\" --quiet", executable.path, path,
            folder.appendingPathComponent("fit").path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, message)
        XCTAssertTrue(
            message.hasPrefix("\(path):2:4: error: column submitted_at: 'garbage' is not an ISO 8601 time"), message)
    }
}
