import DNSimTestSupport
import Foundation
import XCTest

/// `check` and `metrics.maxContentAge`: a baseline records the age it measured `within_age` with
/// (manifest.json's `maxContentAge_ms`, only when set); `check` compares `within_age_rate` as any
/// rate, and refuses a scenario that sets another age rather than compare two measures.
final class WithinAgeCheckTests: CommandLineTestCase {
    func scenario(age: String) throws -> String {
        let path = temporary.appendingPathComponent("t.yaml").path
        let text = ScenarioTexts.appending("metrics: { maxContentAge: \(age) }")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testCheckComparesWithinAgeAndRefusesAnotherAge() throws {
        let reports = temporary.appendingPathComponent("Reports").path
        XCTAssertEqual(invoke([try scenario(age: "12h"), "--out", reports, "--quiet"]).code, 0)
        let manifest = try String(contentsOfFile: "\(reports)/t/manifest.json", encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"maxContentAge_ms\" : 43200000"), manifest)
        let same = invoke(["check", try scenario(age: "12h"), "--baseline", reports, "--strict"])
        XCTAssertEqual(same.code, 0, same.out + same.err)
        XCTAssertTrue(same.out.contains("maxContentAge 12h"), same.out)
        let other = invoke(["check", try scenario(age: "1d"), "--baseline", reports])
        XCTAssertEqual(other.code, 2, other.out + other.err)
        XCTAssertTrue(other.err.contains("metrics.maxContentAge is 1d here, but the baseline"), other.err)
    }
}
