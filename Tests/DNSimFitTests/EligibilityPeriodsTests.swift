import DNSimFit
import XCTest

/// eligibility.csv read and applied by hand: a request's delay and follow-up count only the time
/// none of its holding states' periods covers, overlaps counted once.
final class EligibilityPeriodsTests: XCTestCase {
    static let header =
        "request_id,submitted_at,earliest_begin,launched_at,observed_until,device,kind,requires_power,requires_network"

    func testHeldTimeMergesOverlapsAndCountsOnlyTheSpan() throws {
        let periods = try EligibilityPeriods.parse(
            Array(
                """
                device,state,from,to
                a,notCharging,2027-01-04T00:00:00Z,2027-01-04T02:00:00Z
                a,lowPowerMode,2027-01-04T01:00:00Z,2027-01-04T03:00:00Z
                a,notIdle,2027-01-04T05:00:00Z,2027-01-04T06:00:00Z
                a,offline,2027-01-04T00:00:00Z,2027-01-05T00:00:00Z
                """.utf8), path: "e.csv")
        XCTAssertEqual(periods.rows, 4)
        XCTAssertEqual(periods.deviceCount, 1)
        let hour: Int64 = 3_600_000, t0: Int64 = 1_799_020_800_000  // 2027-01-04T00:00:00Z
        let needs = BackgroundRequestNeeds(processing: true, requiresPower: true)
        let held = try XCTUnwrap(periods.heldTime(device: "a", needs: needs))
        // Not charging 0–2 h and Low Power Mode 1–3 h: 3 h held, not 4; not idle 5–6 h; offline does not hold it.
        XCTAssertEqual(held.held(from: t0, to: t0 + 4 * hour), 3 * hour)
        XCTAssertEqual(held.held(from: t0 + 90 * 60_000, to: t0 + 10 * hour), 90 * 60_000 + hour)
        XCTAssertEqual(held.eligible(from: t0, to: t0 + 7 * hour), 3 * hour)
        // A refresh request is held by Low Power Mode only (and force-quit).
        XCTAssertEqual(periods.heldTime(device: "a", needs: .none)?.held(from: t0, to: t0 + 7 * hour), 2 * hour)
        XCTAssertNil(periods.heldTime(device: "b", needs: .none))

        // The same in a bg file: launched at 04:00 after submission at 00:00 → 1 h; not launched,
        // observed to 07:00 → censored at 3 h.
        let rows = [
            Self.header,
            "r1,2027-01-04T00:00:00Z,,2027-01-04T04:00:00Z,2027-01-04T04:00:00Z,a,processing,true,false",
            "r2,2027-01-04T00:00:00Z,,,2027-01-04T07:00:00Z,a,processing,true,false",
        ]
        let csv = Array(
            (rows
                + (3...40).map {
                    "r\($0),2027-01-04T00:00:00Z,,2027-01-04T04:00:00Z,2027-01-04T04:00:00Z,a,processing,true,"
                })
                .joined(separator: "\n").utf8)
        let file = try TelemetryFile.parse(csv, path: "bg.csv", eligibility: EligibilityOptions(periods: periods))
        guard case .backgroundLaunches(let data) = file.content else { return XCTFail("not a bg file") }
        XCTAssertEqual(data.sample.events.first, 3600)
        XCTAssertEqual(data.sample.censored, [3 * 3600])
        guard case .measured(let measure) = data.eligibility else { return XCTFail("\(data.eligibility)") }
        XCTAssertEqual(measure.listed, 40)
        XCTAssertEqual(measure.needing, 40)

        // Without the periods the file is refused at r1's requires_power field; assumed, fitted from 00:00.
        XCTAssertThrowsError(try TelemetryFile.parse(csv, path: "bg.csv")) { error in
            let message = (error as? FitError)?.description ?? ""
            XCTAssertTrue(message.hasPrefix("bg.csv:2:"), message)
            XCTAssertTrue(message.contains("40 of 40 requests need eligibility"), message)
        }
        let assumed = try TelemetryFile.parse(
            csv, path: "bg.csv", eligibility: EligibilityOptions(assumeEligible: true))
        guard case .backgroundLaunches(let plain) = assumed.content else { return XCTFail("not a bg file") }
        XCTAssertEqual(plain.sample.events.first, 4 * 3600)
        XCTAssertEqual(plain.eligibility, .assumed(needing: 40))
    }

    /// The eligibility file is held to the other telemetry's rules: a placeholder year and binary
    /// bytes are refused at their line and column.
    func testPlaceholderYearsAndBinaryBytesAreRefused() {
        func failure(_ row: String) -> String? {
            do {
                _ = try EligibilityPeriods.parse(Array("device,state,from,to\n\(row)\n".utf8), path: "e.csv")
                return nil
            } catch { return error.description }
        }
        XCTAssertEqual(
            failure("a,offline,2027-01-04T00:00:00Z,9999-12-31T23:59:59Z"),
            "e.csv:2:32: error: column to: '9999-12-31T23:59:59Z' is outside 1969–9899 (a scenario's years), "
                + "so not an instant a phone logged; fix or drop the row")
        XCTAssertEqual(
            failure("a\u{0},offline,2027-01-04T00:00:00Z,2027-01-04T01:00:00Z"),
            "e.csv:2:2: error: not UTF-8 text (binary data, or another encoding such as Latin-1, at byte 22); "
                + "export it as UTF-8 CSV")
        XCTAssertNil(failure("a,offline,2027-01-04T00:00:00Z,2027-01-04T01:00:00Z"))
    }

    func testRowsThatNeedNothingAreFittedAsBeforeAndBadNeedsAreRowErrors() throws {
        let refresh =
            [Self.header]
            + (1...30).map {
                "r\($0),2027-01-04T00:00:00Z,,2027-01-04T04:00:00Z,2027-01-04T05:00:00Z,a,refresh,false,false"
            }
        let file = try TelemetryFile.parse(Array(refresh.joined(separator: "\n").utf8), path: "bg.csv")
        guard case .backgroundLaunches(let data) = file.content else { return XCTFail("not a bg file") }
        XCTAssertEqual(data.eligibility, .notNeeded)
        XCTAssertTrue(file.ignoredColumns.isEmpty)
        let bad = [Self.header, "r1,2027-01-04T00:00:00Z,,,2027-01-04T05:00:00Z,a,refresh,true,false"]
        XCTAssertThrowsError(try TelemetryFile.parse(Array(bad.joined(separator: "\n").utf8), path: "bg.csv")) {
            error in
            XCTAssertEqual(
                (error as? FitError)?.description,
                "bg.csv:2:58: error: column requires_power: true on a refresh request; only a "
                    + "processing request (BGProcessingTaskRequest.requiresExternalPower) can require external power")
        }
    }
}
