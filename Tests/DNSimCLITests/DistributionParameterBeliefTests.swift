import DNSimTestSupport
import Foundation
import XCTest

/// A belief about a distribution's own parameter (issue 44, item 12): a `normal` on a lognormal's
/// `sigma`, whose values must be positive, is truncated at 0 like a belief on any bounded key, so
/// every world is valid, rather than refused with a message about a negative sigma.
final class DistributionParameterBeliefTests: CommandLineTestCase {
    func testANormalBeliefOnASigmaIsTruncatedAtZero() throws {
        let text = ScenarioTexts.study(samples: 8)
            .replacingOccurrences(
                of: "fetchAlarm: { delay: { fixed: 1m } }",
                with: "fetchAlarm: { delay: { lognormal: { median: 1m, sigma: 0.5 } } }"
            )
            .replacingOccurrences(
                of:
                    "- { key: platforms.android.fetchAlarm.delay.fixed, distribution: { uniform: { min: 0s, max: 10m } } }",
                with:
                    "- { key: platforms.android.fetchAlarm.delay.lognormal.sigma, distribution: { normal: { mean: 0.3, sd: 0.5 } } }"
            )
        XCTAssertTrue(text.contains("lognormal.sigma, distribution: { normal"), "the fixture changed: adapt the test")
        let path = temporary.appendingPathComponent("sigma.yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let result = invoke(["validate", path])
        // P(sigma < 0) = 27% untruncated: of 32 worlds, some would be refused.
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("all valid"), result.out)
    }

    /// The same for a duration that must be longer than zero (a lognormal's `median`): a normal belief
    /// is truncated at 1 ms, and a uniform from 0s is refused at the distribution, not as a world whose
    /// median "must be longer than zero".
    func testABeliefOnAMedianStaysAboveZero() throws {
        let base = ScenarioTexts.study(samples: 8)
            .replacingOccurrences(
                of: "fetchAlarm: { delay: { fixed: 1m } }",
                with: "fetchAlarm: { delay: { lognormal: { median: 1m, sigma: 0.5 } } }")
        let line =
            "- { key: platforms.android.fetchAlarm.delay.fixed, distribution: { uniform: { min: 0s, max: 10m } } }"
        XCTAssertTrue(base.contains(line), "the fixture changed: adapt the test")
        let key = "platforms.android.fetchAlarm.delay.lognormal.median"
        let normal = temporary.appendingPathComponent("median-normal.yaml").path
        _ = FileManager.default.createFile(
            atPath: normal,
            contents: Data(
                base.replacingOccurrences(
                    of: line, with: "- { key: \(key), distribution: { normal: { mean: 1m, sd: 10m } } }"
                ).utf8))
        let accepted = invoke(["validate", normal])
        XCTAssertEqual(accepted.code, 0, accepted.err)
        XCTAssertTrue(accepted.out.contains("all valid"), accepted.out)
        let uniform = temporary.appendingPathComponent("median-uniform.yaml").path
        _ = FileManager.default.createFile(
            atPath: uniform,
            contents: Data(
                base.replacingOccurrences(
                    of: line, with: "- { key: \(key), distribution: { uniform: { min: 0s, max: 10m } } }"
                ).utf8))
        let refused = invoke(["validate", uniform])
        XCTAssertEqual(refused.code, 2, refused.err)
        XCTAssertTrue(
            refused.err.contains(
                "error: uncertainty.parameters[1].distribution.uniform reaches 0s, "
                    + "outside the range of '\(key)' (1ms to "),
            refused.err)
        XCTAssertFalse(refused.err.contains("longer than zero"), refused.err)
    }
}
