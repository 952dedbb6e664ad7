import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimScenario

/// `check` compares `segments.csv` as it compares `summary.csv` (docs/policy-changes.md, "Per fleet segment";
/// issue 56 item 4): a regression confined to a small fleet segment is not diluted by the rest of
/// the fleet, and `expect:` entries may bound one segment.
final class SegmentCheckTests: CommandLineTestCase {
    /// 100 Android devices, 4 of them (the keyed draw of a 3% share) in `oem`; both fetch with 2% failures.
    static func scenario(oemFailure: Double = 0.02, expect: String = "") -> String {
        let set = oemFailure == 0.02 ? "" : ", set: { fetch.failure: \(oemFailure) }"
        return """
            name: seg
            seed: 7
            devices: 100
            days: 30
            start: 2027-03-01
            timeZone: UTC
            plugin:
              contentFetch: { schedule: "25 18 * * *" }
              userNotification: { schedule: "30 18 * * *" }
            platforms:
              android:
                fetchAlarm: { delay: { uniform: { min: 0s, max: 2m } } }
            fetch: { latency: { lognormal: { median: 800ms, sigma: 0.6 } }, failure: 0.02 }
            server: { updatesPerDay: 1 }
            user: { appOpensPerDay: 1 }
            strategies: [independent]
            fleet:
              - { segment: stock, share: 0.97 }
              - { segment: oem, share: 0.03\(set) }

            """ + expect
    }

    func invoke(_ arguments: [String], environment: [String: String]) -> (code: Int32, out: String, err: String) {
        final class Output: @unchecked Sendable {
            var out = ""
            var err = ""
        }
        let output = Output()
        let console = Console(out: { output.out += $0 }, error: { output.err += $0 }, environment: environment)
        return (DNSimCommand.main(arguments, console: console), output.out, output.err)
    }

    /// `text` as `folder/seg.yaml`.
    func write(_ text: String, in folder: String) -> String {
        let directory = temporary.appendingPathComponent(folder)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("seg.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    /// The baseline: every device's fetch fails 2% of the time.
    func writeBaseline() -> String {
        let out = temporary.appendingPathComponent("baseline").path
        let result = invoke([write(Self.scenario(), in: "base"), "--out", out, "--quiet"])
        XCTAssertEqual(result.code, 0, result.err)
        return out
    }

    /// The case: only the 3% segment's fetch failure goes from 2% to 60%. The fleet's rates
    /// stay within their tolerance, so only the segment comparison catches it, and every output names it.
    func testARegressionConfinedToASmallSegmentFailsNamingTheSegment() throws {
        let baseline = writeBaseline()
        let worse = write(Self.scenario(oemFailure: 0.6), in: "worse")
        let summary = temporary.appendingPathComponent("step-summary.md").path
        let junit = temporary.appendingPathComponent("junit.xml").path
        let result = invoke(
            ["check", worse, "--baseline", baseline, "--quiet", "--junit", junit],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        XCTAssertEqual(result.code, 1, result.out + result.err)
        let regressions = result.out.split(separator: "\n").filter { $0.hasPrefix("REGRESSION ") }
        XCTAssertFalse(regressions.isEmpty, result.out)
        // Every regression is the segment's: the fleet-wide comparison alone would pass.
        let lines = regressions.joined(separator: "\n")
        XCTAssertTrue(regressions.allSatisfy { $0.contains(" in segment oem (4 devices): ") }, lines)
        let stale = "REGRESSION seg: independent/android stale in segment oem (4 devices): 3.3% → "
        XCTAssertTrue(regressions.contains { $0.hasPrefix(stale) }, lines)
        let errors = result.out.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        XCTAssertEqual(errors.count, regressions.count)
        XCTAssertTrue(errors.allSatisfy { $0.contains("in segment oem") })
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("name=\"baseline stale_rate in segment oem\""), xml)
        XCTAssertTrue(xml.contains("<failure message=\"independent/android stale in segment oem (4 devices): "), xml)
        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        XCTAssertTrue(markdown.contains("| independent/android | stale_rate in segment oem | 3.33% | "), markdown)

        // The JSON says the same, the fleet's own comparisons within tolerance.
        let json = invoke(["check", worse, "--baseline", baseline, "--quiet", "--format", "json"])
        XCTAssertEqual(json.code, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let scenario = try XCTUnwrap((object["scenarios"] as? [[String: Any]])?.first)
        let fleet = try XCTUnwrap(scenario["comparisons"] as? [[String: Any]])
        XCTAssertTrue(fleet.allSatisfy { $0["verdict"] as? String != "regression" })
        let segments = try XCTUnwrap(scenario["segment_comparisons"] as? [[String: Any]])
        XCTAssertEqual(Set(segments.compactMap { $0["segment"] as? String }), ["stock", "oem"])
        XCTAssertTrue(
            segments.contains {
                $0["segment"] as? String == "oem" && $0["metric"] as? String == "stale_rate"
                    && $0["verdict"] as? String == "regression"
            })
        let failures = try XCTUnwrap(scenario["failures"] as? [[String: Any]])
        XCTAssertTrue(failures.allSatisfy { $0["segment"] as? String == "oem" })

        // The same scenario against its own baseline passes, segment by segment.
        let same = invoke(["check", write(Self.scenario(), in: "same"), "--baseline", baseline, "--quiet", "--strict"])
        XCTAssertEqual(same.code, 0, same.out)
        XCTAssertTrue(same.out.contains("34 segment figure(s) (2 segments)"), same.out)
    }

    /// A baseline written without `segments.csv` compares the fleet only; a damaged one is refused (exit 2).
    func testABaselineWithoutOrWithADamagedSegmentsFile() throws {
        let baseline = writeBaseline()
        let file = "\(baseline)/seg/segments.csv"
        let worse = write(Self.scenario(oemFailure: 0.6), in: "worse")
        let whole = try String(contentsOfFile: file, encoding: .utf8)
        try FileManager.default.removeItem(atPath: file)
        let fleetOnly = invoke(["check", worse, "--baseline", baseline, "--quiet"])
        XCTAssertEqual(fleetOnly.code, 0, "the fleet alone is within tolerance: \(fleetOnly.out)")
        XCTAssertFalse(fleetOnly.out.contains("segment figure"), fleetOnly.out)

        try whole.replacingOccurrences(
            of: "stock,independent/android,independent,android,",
            with: "stock,independent/android,"
        )
        .write(toFile: file, atomically: true, encoding: .utf8)
        let damaged = invoke(["check", worse, "--baseline", baseline, "--quiet"])
        XCTAssertEqual(damaged.code, 2, damaged.out)
        XCTAssertTrue(damaged.err.hasPrefix("\(file):2:"), damaged.err)
        XCTAssertTrue(
            damaged.err.contains(": error: alarm_wakeups_per_device_day is 't_across_devices', not a number"),
            damaged.err)
        XCTAssertTrue(damaged.err.contains("regenerate it"), damaged.err)
    }

    /// `expect: { segment }` bounds the segment's row: the fleet's stale rate is under 10%, the segment's is not.
    func testAnExpectationOfASegmentBoundsItsRow() throws {
        let expect =
            "expect:\n  - { arm: independent/android, metric: stale, max: 10% }\n"
            + "  - { arm: independent/android, metric: stale, max: 10%, segment: oem }\n"
        let path = write(Self.scenario(oemFailure: 0.6, expect: expect), in: "expect")
        let result = invoke(["check", path, "--quiet", "--out", temporary.appendingPathComponent("out").path])
        XCTAssertEqual(result.code, 1, result.out + result.err)
        let regressions = result.out.split(separator: "\n").filter { $0.hasPrefix("REGRESSION ") }
        XCTAssertEqual(regressions.count, 1, result.out)
        let line = String(regressions[0])
        XCTAssertTrue(line.hasPrefix("REGRESSION seg: independent/android stale_rate in segment oem: "), line)
        XCTAssertTrue(line.hasSuffix("is above the expected max 10.00% (\(path):22:5)"), line)
    }

    /// An unknown segment, or one in a scenario without a fleet, is bad input at its place (exit 2).
    func testAnUnknownSegmentIsBadInput() {
        let entry = "expect:\n  - { arm: independent/android, metric: stale, max: 10%, segment: oen }\n"
        let typo = write(Self.scenario(expect: entry), in: "typo")
        let result = invoke(["validate", typo])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("\(typo):21:67: "), result.err)
        XCTAssertTrue(
            result.err.contains(
                "expect[1].segment 'oen' is not a segment of the fleet; its segments are "
                    + "stock, oem (did you mean 'oem'?)"), result.err)

        // A segment of a platform mix runs only its platform's arms.
        let mix =
            Self.scenario().components(separatedBy: "fleet:\n")[0]
            .replacingOccurrences(of: "platforms:\n  android:\n", with: "platforms:\n  ios: {}\n  android:\n")
            + "fleet:\n  - { segment: iphone, share: 0.4, platform: ios }\n"
            + "  - { segment: oem, share: 0.6, platform: android }\n"
            + "expect:\n  - { arm: \"*/ios\", metric: stale, max: 10%, segment: oem }\n"
        let mixed = invoke(["validate", write(mix, in: "mix")])
        XCTAssertEqual(mixed.code, 2)
        XCTAssertTrue(
            mixed.err.contains(
                "expect[1].segment 'oem' holds android devices only, which run none of "
                    + "the arms '*/ios' matches; its arms are independent/android"), mixed.err)

        let noFleet =
            Self.scenario().components(separatedBy: "fleet:\n")[0]
            + "expect:\n  - { arm: independent/android, metric: stale, max: 10%, segment: oem }\n"
        let bare = write(noFleet, in: "bare")
        let other = invoke(["check", bare, "--quiet"])
        XCTAssertEqual(other.code, 2)
        XCTAssertTrue(other.err.contains("\(bare):18:67: "), other.err)
        XCTAssertTrue(other.err.contains("names a fleet segment, but this scenario has no fleet: section"), other.err)
    }
}
