import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimRun

/// summary.md's Reproduce line is a command a shell runs as written: paths with spaces, quotes
/// and shell characters are quoted (issue 16).
final class ReproduceLineTests: CommandLineTestCase {
    let small = GoldenFiles.scenarioPath("small.yaml")  // 30 days from 2027-03-01, America/New_York

    func testTheReproduceLineIsShellSafe() throws {
        XCTAssertEqual(ScenarioRuns.shellQuoted("Scenarios/new-activity.yaml"), "Scenarios/new-activity.yaml")
        XCTAssertEqual(ScenarioRuns.shellQuoted("my scenarios/x.yaml"), "'my scenarios/x.yaml'")
        XCTAssertEqual(ScenarioRuns.shellQuoted("it's.yaml"), #"'it'\''s.yaml'"#)
        XCTAssertEqual(ScenarioRuns.shellQuoted("$HOME/`x`;*.yaml"), "'$HOME/`x`;*.yaml'")
        XCTAssertEqual(ScenarioRuns.shellQuoted(""), "''")

        let folder = temporary.appendingPathComponent("my scenarios")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("it's small.yaml").path
        try FileManager.default.copyItem(atPath: small, toPath: path)
        let out = temporary.appendingPathComponent("report").path
        XCTAssertEqual(invoke([path, "--devices", "2", "--out", out, "--quiet"]).code, 0)
        let markdown = try String(contentsOfFile: "\(out)/small@devices=2/summary.md", encoding: .utf8)
        let quoted = "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        XCTAssertTrue(markdown.contains("```sh\ndnsim-events \(quoted) --seed 3 --devices 2\n```"), markdown)
    }
}
