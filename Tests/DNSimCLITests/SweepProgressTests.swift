import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimRun

/// A sweep on a terminal shows one bar over the scenario and all its points (issue 26, item 12).
final class SweepProgressTests: XCTestCase {
    final class Captured: @unchecked Sendable {
        var text = ""
    }

    func testOneBarCoversEveryPointAndNeverGoesBack() {
        let captured = Captured()
        let console = Console(out: { _ in }, error: { captured.text += $0 }, errorIsTerminal: true)
        let progress = SweepProgress(
            bar: ProgressBar(console: console, label: "s sweep", after: 0), runs: 3, devices: 100)
        XCTAssertEqual(progress.total, 300, "points × devices")
        progress.run(0)(100, 100)
        Thread.sleep(forTimeInterval: 0.15)
        progress.run(1)(50, 100)
        Thread.sleep(forTimeInterval: 0.15)
        progress.run(1)(20, 200)  // a precision target grew the run: the bar holds still
        Thread.sleep(forTimeInterval: 0.15)
        progress.run(2)(100, 100)
        let draws = captured.text.split(separator: "\r").filter { $0.hasPrefix("s sweep") }
        let counts = draws.compactMap { draw in
            draw.split(separator: " ").first { $0.hasSuffix("/300") }.map { String($0.dropLast(4)) }
        }
        XCTAssertEqual(counts, ["100", "150", "150", "300"], captured.text)
        XCTAssertTrue(draws.allSatisfy { $0.contains("ETA") }, captured.text)
        progress.finish()
        XCTAssertTrue(captured.text.hasSuffix("\r\u{1B}[K"), "the bar is cleared before the tables")
    }
}
