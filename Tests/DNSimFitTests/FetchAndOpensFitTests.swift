import CGSL
import DNSimFit
import XCTest

/// The fetch and opens kinds on synthetic files with known answers.
final class FetchAndOpensFitTests: XCTestCase {
    func testFetchSharesAndLatency() throws {
        let r = gsl_rng_alloc(dnsim_rng_mt19937())!
        defer { gsl_rng_free(r) }
        gsl_rng_set(r, 8)
        let start: Int64 = 1_798_761_600_000
        var rows: [FetchAttemptRow] = []
        var timeouts = 0
        for i in 0..<1000 {
            let at = start + Int64(i) * 86_400_000 / 10
            let latency = Int64((gsl_ran_lognormal(r, log(0.8), 0.6) * 1000).rounded())
            if i % 50 == 0 {
                rows.append(FetchAttemptRow(startedAt: at, finishedAt: at + 150, outcome: .error))
            } else if latency > 3000 {
                timeouts += 1
                rows.append(FetchAttemptRow(startedAt: at, finishedAt: at + 3000, outcome: .timeout))
            } else {
                rows.append(
                    FetchAttemptRow(startedAt: at, finishedAt: at + latency, outcome: i % 3 == 0 ? .empty : .ok))
            }
        }
        let file = try TelemetryFile.parse(Array(TelemetryWriter.csv(rows).utf8), path: "fetch.csv")
        guard case .fetchAttempts(let fit) = try TelemetryFit.run(file, options: FitOptions(bootstrap: 0)) else {
            return XCTFail("not fetch")
        }
        XCTAssertEqual(fit.error.count, 20)
        XCTAssertEqual(fit.timeout.count, timeouts)
        XCTAssertEqual(fit.failure.count, 20 + timeouts)
        XCTAssertEqual(fit.failure.total, 1000)
        // Wilson's interval by its formula.
        let z = gsl_cdf_ugaussian_Pinv(0.975), n = 1000.0, p = 0.02
        let center = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        XCTAssertEqual(fit.error.low, center - half, accuracy: 1e-12)
        XCTAssertEqual(fit.error.high, center + half, accuracy: 1e-12)
        let empties = rows.filter { $0.outcome == .empty }.count
        XCTAssertEqual(fit.empty.count, empties)
        XCTAssertEqual(fit.empty.total, 1000 - 20 - timeouts)
        let lognormal = try XCTUnwrap(fit.latency.fit(for: .lognormal))
        XCTAssertNil(lognormal.never)
        XCTAssertTrue(lognormal.parameter("median_s")!.covers(0.8), "\(lognormal.parameters)")
        XCTAssertTrue(lognormal.parameter("sigma")!.covers(0.6), "\(lognormal.parameters)")
        XCTAssertEqual(fit.latency.best.family, .lognormal)
    }

    /// Four devices in four zones, opening 1, 2, 3 and 4 times every local day
    /// for 10 January days at fixed local hours.
    func testOpensPerDayAndLocalHourWeights() throws {
        let zones: [(String, Int64)] = [("UTC", 0), ("America/New_York", -5), ("Europe/Berlin", 1), ("Asia/Tokyo", 9)]
        let hours: [Int64] = [8, 20, 12, 18]
        var rows: [AppOpenRow] = []
        for (device, zone) in zones.enumerated() {
            for day in 0..<10 {
                for k in 0...device {
                    // 2027-01-04 local.
                    let local = 1_799_020_800_000 + Int64(day) * 86_400_000 + hours[k] * 3_600_000 + 1_234
                    rows.append(
                        AppOpenRow(
                            deviceID: "d\(device)", openedAt: local - zone.1 * 3_600_000,
                            timeZone: device == 0 ? nil : zone.0))
                }
            }
        }
        let file = try TelemetryFile.parse(Array(TelemetryWriter.csv(rows).utf8), path: "opens.csv")
        guard case .appOpens(let fit) = try TelemetryFit.run(file) else { return XCTFail("not opens") }
        XCTAssertEqual(fit.devices, 4)
        XCTAssertEqual(fit.days, 10)
        XCTAssertEqual(fit.opensPerDay, 2.5, accuracy: 1e-12)
        XCTAssertEqual(fit.spread, (5.0 / 3).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(fit.dispersion, (500.0 / 3) / 25, accuracy: 1e-12)
        var expected = [Double](repeating: 0, count: 24)
        expected[8] = 9.6; expected[20] = 7.2; expected[12] = 4.8; expected[18] = 2.4
        for hour in 0..<24 { XCTAssertEqual(fit.hourWeights[hour], expected[hour], accuracy: 1e-12, "hour \(hour)") }
        XCTAssertEqual(fit.data.timeZones, ["America/New_York", "Asia/Tokyo", "Europe/Berlin", "UTC"])
    }

    func testUnknownTimeZoneNamesTheColumn() {
        let lines =
            ["device_id,opened_at,time_zone"]
            + (0..<40).map { "d\($0),2027-01-05T08:00:00Z,\($0 == 7 ? "Mars/Olympus" : "UTC")" }
        XCTAssertThrowsError(try TelemetryFile.parse(Array(lines.joined(separator: "\n").utf8), path: "opens.csv")) {
            error in
            XCTAssertEqual(
                (error as? FitError)?.description,
                "opens.csv:9:25: error: column time_zone: 'Mars/Olympus' is not an IANA time zone; expected e.g. America/New_York or UTC"
            )
        }
    }
}
