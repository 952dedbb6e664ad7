import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimScenario

/// `bench` on an uncertainty study times the study against a plain run of the same device-days,
/// and the speed criterion's scenario is the study the issue names.
final class StudyBenchTests: CommandLineTestCase {
    /// In the long mode only (README, "Long tests"): `bench` also runs its fixed benchmarks, a
    /// million-row fit among them, about 40 s in a debug build.
    func testBenchTimesAStudyAgainstThePlainRunOfItsDeviceDays() throws {
        try XCTSkipUnless(
            TestMode.long, "bench runs its fixed benchmarks for about 40 s in a debug build; DNSIM_LONG=1 runs it")
        let path = temporary.appendingPathComponent("study.yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(ScenarioTexts.study(samples: 4).utf8))
        let result = invoke(["bench", path, "--days", "3", "--jobs", "1"])
        XCTAssertEqual(result.code, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("scenario") && $0.contains("worlds/s") })
        XCTAssertTrue(lines[header].hasSuffix("study/plain"), lines[header])
        // 4 × (2 + 2) = 16 worlds × 8 devices × 3 days × 2 arms.
        let row = lines[header + 2].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        XCTAssertEqual(Array(row.prefix(6)), ["study", "16", "8", "2", "768", "1"], lines[header + 2])
        XCTAssertTrue(row.last!.hasSuffix("×"), lines[header + 2])
    }

    func testTheSpeedCriterionScenarioIsTheIssuesStudy() throws {
        let scenario = try ScenarioLoader.load(path: GoldenFiles.repositoryPath("docs/bench/uncertainty-speed.yaml"))
        let settings = try XCTUnwrap(scenario.uncertainty)
        XCTAssertEqual(settings.design, .sobol)
        XCTAssertEqual(settings.parameters.count, 4)
        XCTAssertEqual(settings.worldCount, 384)
        XCTAssertEqual(settings.devices, 200)
        XCTAssertEqual(scenario.days, 365)
        XCTAssertEqual(try scenario.plan().get().arms.count, 4)
    }
}
