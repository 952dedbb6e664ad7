import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// A fleet that carries the install base's platform mix (`fleet[].platform`): each device runs
/// one platform's arms, and the reports add the whole install base.
final class PlatformMixTests: CommandLineTestCase {
    static let mix = FleetTests.withFleet(
        """
          - { segment: iphone, share: 0.3, platform: ios }
          - { segment: android-stock, share: 0.45, platform: android }
          - { segment: android-restricted, share: 0.25, platform: android, set: { platforms.android.exactAlarmPermission: false } }
        """)

    func errors(_ text: String) -> [String] {
        do { _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "fleet.yaml"); return [] } catch {
            return error.diagnostics.map(\.message)
        }
    }

    /// Every device is in one platform's arms: the iOS arms' devices and the Android arms' add to
    /// the run's, each platform's count is its segments' binomial draw, and a paired difference
    /// only pairs devices that ran both arms.
    func testEachDeviceRunsOnePlatformsArms() throws {
        let plan = try ScenarioLoader.load(bytes: Array(Self.mix.utf8), file: "fleet.yaml").plan(devices: 2_000).get()
        XCTAssertTrue(try XCTUnwrap(plan.fleet).mixesPlatforms)
        let result = ParallelRunner.run(plan: plan, jobs: 2)
        let devices = Dictionary(grouping: plan.arms.indices, by: { plan.arms[$0].platform }).mapValues {
            $0.map { result.arms[$0].devices }
        }
        let ios = try XCTUnwrap(devices[.ios]), android = try XCTUnwrap(devices[.android])
        XCTAssertEqual(Set(ios).count, 1, "every iOS arm runs the same devices")
        XCTAssertEqual(Set(android).count, 1)
        XCTAssertEqual(ios[0] + android[0], 2_000)
        // 30% iOS: binomial(2,000, 0.3), within 4 standard deviations.
        XCTAssertEqual(Double(ios[0]), 600, accuracy: 4 * (2_000 * 0.3 * 0.7).squareRoot())
        for pair in result.pairs {
            XCTAssertEqual(
                pair.devices, result.arms[pair.minuend].devices, "pairs count only the devices that ran both arms")
        }
        let segments = try XCTUnwrap(result.segments)
        XCTAssertEqual(
            segments[0].indices.filter { plan.arms[$0].platform == .android }.map { segments[0][$0].devices }, [0, 0])
    }

    /// The run writes install-base.csv: each strategy's arms merged, platform `all`, the counts the
    /// platforms' sums; summary.md has the table; the same bytes for any --jobs.
    func testTheReportsAddTheWholeInstallBase() throws {
        let scenario = temporary.appendingPathComponent("fleet.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: scenario, contents: Data(Self.mix.utf8)))
        let one = temporary.appendingPathComponent("one").path, two = temporary.appendingPathComponent("two").path
        XCTAssertEqual(invoke([scenario, "--out", one, "--quiet", "--jobs", "1"]).code, 0)
        XCTAssertEqual(invoke([scenario, "--out", two, "--quiet", "--jobs", "2"]).code, 0)
        let names = ["summary.csv", "segments.csv", "install-base.csv", "summary.md"]
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: "\(one)/fleet/\(name)"),
                FileManager.default.contents(atPath: "\(two)/fleet/\(name)"),
                name)
        }
        func table(_ name: String) throws -> [[String: String]] {
            let text = String(
                decoding: try XCTUnwrap(FileManager.default.contents(atPath: "\(one)/fleet/\(name)")), as: UTF8.self)
            let lines = text.split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
        }
        let summary = try table("summary.csv"), base = try table("install-base.csv")
        XCTAssertEqual(base.map { $0["arm"] }, ["independent/all", "chained/all"])
        for row in base {
            let label = try XCTUnwrap(row["arm"]).replacingOccurrences(of: "/all", with: "")
            let arms = summary.filter { $0["arm"]!.hasPrefix(label + "/") }
            XCTAssertEqual(arms.count, 2)
            XCTAssertEqual(row["platform"], "all")
            for column in ["devices", "cycles", "fresh", "stale", "fallback", "suppressed", "missed"] {
                XCTAssertEqual(
                    Int(try XCTUnwrap(row[column])), arms.map { Int($0[column]!)! }.reduce(0, +), "\(label) \(column)")
            }
        }
        XCTAssertEqual(
            try table("segments.csv").filter { $0["segment"] == "iphone" }.map { $0["platform"] }, ["ios", "ios"])
        let md = String(
            decoding: try XCTUnwrap(FileManager.default.contents(atPath: "\(one)/fleet/summary.md")), as: UTF8.self)
        XCTAssertTrue(md.contains("### Whole install base"), md)
    }

    func testAMixIsAllOrNothingAndCoversEverySimulatedPlatform() {
        XCTAssertEqual(
            errors(
                FleetTests.withFleet(
                    """
                      - { segment: a, share: 0.5, platform: ios }
                      - { segment: b, share: 0.5, platform: andriod }
                    """)), ["fleet[2].platform must be ios or android, not 'andriod' (did you mean 'android'?)"])
        XCTAssertEqual(
            errors(
                FleetTests.withFleet(
                    """
                      - { segment: a, share: 0.5, platform: ios }
                      - { segment: b, share: 0.5 }
                    """)),
            [
                "fleet segment 'b' names no platform while others do; give every segment its platform (the shares are then the "
                    + "install base's platform mix) or none"
            ])
        XCTAssertEqual(
            errors(
                FleetTests.withFleet(
                    """
                      - { segment: a, share: 0.5, platform: ios }
                      - { segment: b, share: 0.5, platform: ios }
                    """)),
            [
                "the fleet mixes platforms but no segment has platform android, which the scenario simulates; give it a segment "
                    + "or remove platforms.android"
            ])
    }
}
