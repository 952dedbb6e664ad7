import Foundation
import XCTest

/// `run --emit-telemetry` writes what `fit` reads, and fitting it recovers the
/// scenario's own numbers: the simulator checked against known truth.
final class TelemetryRoundTripTests: CommandLineTestCase {
    func testFittingEmittedLaunchesRecoversTheScenariosDelay() throws {
        let text = """
            name: rt
            seed: 5
            devices: 400
            days: 120
            start: 2027-01-01
            plugin:
              contentFetch: { schedule: "25 18 * * *" }
              userNotification: { schedule: "30 18 * * *" }
            platforms:
              ios:
                fetchTask: { delay: { weibull: { shape: 0.8, scale: 2h } }, never: 0.2 }
            fetch: { latency: { lognormal: { median: 800ms, sigma: 0.6 } }, failure: 0.05 }
            user: { appOpensPerDay: 1 }
            strategies: [independent]
            """
        let scenario = temporary.appendingPathComponent("rt.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: scenario, contents: Data(text.utf8)))
        let telemetry = temporary.appendingPathComponent("telemetry").path
        let run = invoke([
            scenario, "--quiet", "--out", temporary.appendingPathComponent("report").path, "--emit-telemetry",
            telemetry,
        ])
        XCTAssertEqual(run.code, 0, run.err)
        for file in ["app-opens.csv", "independent-ios/bg-launches.csv", "independent-ios/fetch-attempts.csv"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(telemetry)/\(file)"), file)
        }

        let out = temporary.appendingPathComponent("fit").path
        let fit = invoke([
            "fit", "\(telemetry)/independent-ios/bg-launches.csv", "--families", "weibull", "--bootstrap", "0",
            "--out", out, "--quiet",
        ])
        XCTAssertEqual(fit.code, 0, fit.err)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/fit.json")))
                as? [String: Any])
        let weibull = try XCTUnwrap((json["fits"] as? [String: Any])?["weibull"] as? [String: Any])
        let intervals = try XCTUnwrap(weibull["ci"] as? [String: [Double]])
        // Within 4 standard errors (the 95% half-width / 1.96) of the truth.
        for (name, truth) in [("shape", 0.8), ("scale_s", 7_200.0), ("never", 0.2)] {
            let estimate = try XCTUnwrap(weibull[name] as? Double)
            let interval = try XCTUnwrap(intervals[name])
            let standardError = (interval[1] - interval[0]) / 2 / 1.96
            XCTAssertEqual(
                estimate, truth, accuracy: 4 * standardError, "\(name): \(estimate) [\(interval[0]), \(interval[1])]")
        }
        // The opens were logged too: Poisson at 1 a day over 400 devices × 120 days.
        let opens =
            try String(contentsOfFile: "\(telemetry)/app-opens.csv", encoding: .utf8).split(separator: "\n").count - 1
        XCTAssertEqual(Double(opens), 48_000, accuracy: 4 * 48_000.0.squareRoot())
    }

    func testABadTelemetryFileIsALineNumberedErrorExitTwo() throws {
        let path = temporary.appendingPathComponent("bad.csv").path
        let rows = [
            "request_id,submitted_at,earliest_begin,launched_at,observed_until",
            "r1,2027-01-01T00:00:00Z,2027-01-01T18:25:00Z,yesterday,2027-01-02T00:00:00Z",
        ]
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(rows.joined(separator: "\n").utf8)))
        let result = invoke(["fit", path])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.hasPrefix("\(path):2:46: error: column launched_at:"), result.err)
    }
}
