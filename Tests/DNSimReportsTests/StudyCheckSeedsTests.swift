import DNSimAnalysis
import Foundation
import XCTest
@testable import DNSimReports

/// `check` of a study passes the correct model against its own baseline at other seeds
/// (docs/model.md §9, "Checking a study"): the tolerances count both the worlds drawn and the devices
/// inside each world, so a reseed (new worlds, new devices) stays within them. The Monte Carlo
/// tolerances are four standard errors per figure, but 10 figures are compared per seed, so the
/// issue's bar is 19 of 20 seeds. And only a worse figure is a regression.
final class StudyCheckSeedsTests: XCTestCase {
    static func baseline(_ study: UncertaintyStudy) throws -> BaselineDecision {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-StudyCheckSeeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("decision.json").path
        try Data(DecisionJSON.render(study, UncertaintyAnalysis(study)).utf8).write(to: URL(fileURLWithPath: path))
        return try BaselineDecision.load(path)
    }

    func testTheCorrectModelPassesAtNineteenOfTwentyOtherSeeds() throws {
        let text = UncertaintyStudyTests.scenario(samples: 8)
        let baseline = try Self.baseline(try UncertaintyStudyTests.study(text))
        var passed = 0
        var failures: [String] = []
        for seed in 101...120 {
            let study = try UncertaintyStudyTests.study(text.replacingOccurrences(of: "seed: 7\n", with: "seed: \(seed)\n"))
            XCTAssertEqual(study.seed, UInt64(seed))
            let comparison = StudyComparison(baseline: baseline, study: study, analysis: UncertaintyAnalysis(study))
            let regressed = comparison.figures.filter(\.regressed)
            if regressed.isEmpty && comparison.changedRecommendations.isEmpty { passed += 1 } else {
                failures.append("seed \(seed): " + (regressed.map(\.description) + comparison.changedRecommendations.map { "\($0.platform) \($0.before ?? "none") → \($0.after ?? "none")" })
                    .joined(separator: "; "))
            }
        }
        print("StudyCheckSeeds: \(passed) of 20 pass\n" + failures.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(passed, 19, failures.joined(separator: "\n"))
    }

    /// A figure that got better beyond its tolerance is an improvement, not a regression; the same
    /// move the other way is one.
    func testOnlyAWorseFigureIsARegression() throws {
        let study = try UncertaintyStudyTests.study(UncertaintyStudyTests.scenario(samples: 8))
        var baseline = try Self.baseline(study)
        let arm = "chained/android"
        let regret = try XCTUnwrap(baseline.platforms["android"]?.arms[arm]?.expectedRegret)
        baseline.platforms["android"]!.arms[arm]!.expectedRegret = regret + 5
        let better = StudyComparison(baseline: baseline, study: study, analysis: UncertaintyAnalysis(study))
        let figure = try XCTUnwrap(better.figures.first { $0.arm == arm && $0.name == "expected_regret" })
        XCTAssertTrue(figure.improved)
        XCTAssertFalse(figure.regressed)
        baseline.platforms["android"]!.arms[arm]!.expectedRegret = regret - 5
        let worse = StudyComparison(baseline: baseline, study: study, analysis: UncertaintyAnalysis(study))
        XCTAssertTrue(try XCTUnwrap(worse.figures.first { $0.arm == arm && $0.name == "expected_regret" }).regressed)
    }
}
