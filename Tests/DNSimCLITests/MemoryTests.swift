import DNSimTestSupport
import Foundation
import XCTest

/// Peak memory stays flat when the simulated days grow tenfold: statistics
/// are fixed-size and nothing is kept per cycle. Measured on the built
/// executable in a child process, whose peak RSS (VmHWM) nothing else touches.
final class MemoryTests: XCTestCase {
    func peakKilobytes(_ executable: URL, days: Int) throws -> Int {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-mem-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        // GNU time's %M: the child's peak resident set, in kB.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = [
            "-f", "%M", executable.path, GoldenFiles.scenarioPath("small.yaml"), "--devices", "30",
            "--days", String(days), "--jobs", "1", "--quiet", "--out", out.path,
        ]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let text = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    func testPeakMemoryIsFlatWhenDaysGrowTenfold() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = ["debug", "release"].map { root.appendingPathComponent(".build/\($0)/dnsim-events") }
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        else {
            throw XCTSkip("needs the built dnsim-events executable and /usr/bin/time")
        }
        let short = try peakKilobytes(executable, days: 60)
        let long = try peakKilobytes(executable, days: 600)
        XCTAssertGreaterThan(short, 0)
        XCTAssertGreaterThan(long, 0)
        // Ten times the days may add the per-device world of the horizon (a few hundred kB), no more.
        XCTAssertLessThan(long, short + 4_096, "peak RSS grew from \(short) kB to \(long) kB with 10× the days")
    }
}
