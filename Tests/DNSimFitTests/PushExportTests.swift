import CGSL
import Foundation
import XCTest

@testable import DNSimFit

/// The push services' delivery exports (issue 42, push exports): the shipped FCM and APNs samples
/// fit `drop` to their pooled dropped share exactly, and bad input is refused at its line and column.
final class PushExportTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fcm = root.appendingPathComponent("Scenarios/telemetry/fcm-delivery-data.json").path
    static let apns = root.appendingPathComponent("Scenarios/telemetry/apns-delivery-metrics.csv").path

    func push(_ path: String) throws -> PushDeliveryFit {
        guard case .pushDelivery(let fit) = try TelemetryFit.run(try TelemetryFile.read(path: path)) else {
            XCTFail("not read as a push export")
            throw FitError(file: path, line: nil, message: "not a push export")
        }
        return fit
    }

    func failure(_ text: String, name: String = "t.json") -> FitError? {
        do {
            let file = try TelemetryFile.parse(Array(text.utf8), path: name)
            _ = try TelemetryFit.run(file)
            return nil
        } catch { return error }
    }

    /// Σ accepted × (tooMany + inactive + ttl)% / Σ accepted, from the sample read by Foundation's own JSON parser.
    func testFCMSampleFitsDropToItsDroppedShare() throws {
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.fcm))) as? [String: Any])
        let entries = try XCTUnwrap(json["androidDeliveryData"] as? [[String: Any]])
        var accepted = 0.0, dropped = 0.0, stopped = 0.0, doze = 0.0
        for entry in entries {
            let data = try XCTUnwrap(entry["data"] as? [String: Any])
            let n = try XCTUnwrap(Double(try XCTUnwrap(data["countMessagesAccepted"] as? String)))
            let outcome = try XCTUnwrap(data["messageOutcomePercents"] as? [String: Double])
            let performance = try XCTUnwrap(data["deliveryPerformancePercents"] as? [String: Double])
            accepted += n
            dropped +=
                n
                * ["droppedTooManyPendingMessages", "droppedDeviceInactive", "droppedTtlExpired"].map {
                    outcome[$0] ?? 0
                }.reduce(0, +) / 100
            stopped += n * (outcome["droppedAppForceStopped"] ?? 0) / 100
            doze += n * (performance["delayedDeviceDoze"] ?? 0) / 100
        }
        let fit = try push(Self.fcm)
        XCTAssertEqual(fit.key, "platforms.android.push.drop")
        XCTAssertEqual(fit.drop.total, Int(accepted))
        XCTAssertEqual(fit.drop.share, dropped / accepted, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(fit.share("droppedAppForceStopped")).share, stopped / accepted, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(fit.share("delayedDeviceDoze")).share, doze / accepted, accuracy: 1e-12)
        XCTAssertLessThan(fit.drop.low, fit.drop.share)
        XCTAssertGreaterThan(fit.drop.high, fit.drop.share)
        let settings = FitYAML.settings(.pushDelivery(fit))
        XCTAssertEqual(settings.map(\.key), ["platforms.android.push.drop"])
        XCTAssertEqual(
            try XCTUnwrap(Double(settings[0].value)), dropped / accepted,
            accuracy: 0.1 * (fit.drop.high - fit.drop.low) / 3.92)
        let (included, _) = SamplingDistribution.all(.pushDelivery(fit))
        XCTAssertEqual(included.map(\.key), ["platforms.android.push.drop"])
    }

    func testAPNsSampleFitsDropToItsDiscardedShare() throws {
        let lines = try String(contentsOfFile: Self.apns, encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        var received = 0, discarded = 0
        for line in lines.dropFirst() {
            let row = Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",").map(String.init)))
            received += Int(row["received_by_apns"]!)!
            discarded += [
                "discarded_token_unregistered", "discarded_token_unregistered_from_storage", "discarded_expired",
            ].map { Int(row[$0]!)! }
                .reduce(0, +)
        }
        let fit = try push(Self.apns)
        XCTAssertEqual(fit.key, "platforms.ios.push.drop")
        XCTAssertEqual(fit.drop.total, received)
        XCTAssertEqual(fit.drop.share, Double(discarded) / Double(received), accuracy: 1e-15)
    }

    /// The console's own metric names as a header read as the snake-case columns.
    func testAPNsConsoleMetricNamesAreColumns() throws {
        var lines = try String(contentsOfFile: Self.apns, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[0] =
            "Date,Push Type,Received by APNs,Delivered to Device,Delivered to Device (From Storage),Stored - Device Offline,"
            + "Stored - Power Considerations,Discarded - Token Unregistered,Discarded - Token Unregistered (From Storage),"
            + "Discarded - Expired,Discarded - Disabled,Discarded - Disabled (From Storage)"
        let file = try TelemetryFile.parse(Array(lines.joined(separator: "\n").utf8), path: "console.csv")
        XCTAssertEqual(file.kind, .apns)
        guard case .pushDelivery(let fit) = try TelemetryFit.run(file) else { return XCTFail("not a push export") }
        XCTAssertEqual(fit.drop, try push(Self.apns).drop)
    }

    static let entry = """
        {"androidDeliveryData": [
          {"appId": "a", "date": {"year": 2027, "month": 1, "day": 4}, "analyticsLabel": "x",
           "data": {"countMessagesAccepted": "1000", "messageOutcomePercents": {"delivered": 95, "droppedDeviceInactive": 5}}}
        ]}
        """

    func testFCMProblemsAreRefusedAtTheirLineAndColumn() throws {
        XCTAssertEqual(
            failure(#"{"androidDeliveryData": [1,]}"#)?.description,
            "t.json:1:28: error: a trailing comma before ']' is not JSON")
        XCTAssertEqual(
            failure(Self.entry.replacingOccurrences(of: "countMessagesAccepted", with: "countMessageAccepted"))?
                .description,
            "t.json:3:13: error: androidDeliveryData[0].data has an unknown field \"countMessageAccepted\" "
                + "(did you mean \"countMessagesAccepted\"?)")
        XCTAssertEqual(
            failure(Self.entry.replacingOccurrences(of: #""countMessagesAccepted": "1000", "#, with: ""))?.description,
            "t.json:3:12: error: androidDeliveryData[0].data has no \"countMessagesAccepted\"")
        XCTAssertEqual(
            failure(Self.entry.replacingOccurrences(of: #""delivered": 95"#, with: #""delivered": 195"#))?.description,
            "t.json:3:86: error: androidDeliveryData[0].data.messageOutcomePercents.delivered must be a percentage from 0 to 100"
        )
        XCTAssertEqual(
            failure(Self.entry.replacingOccurrences(of: #""day": 4"#, with: #""day": 32"#))?.description,
            "t.json:2:26: error: androidDeliveryData[0].date: 2027-1-32 is not a date (a whole day is needed)")
        XCTAssertEqual(
            failure(#"{"androidDeliveryDat": []}"#)?.description,
            "t.json:1:2: error: the JSON object (fit reads an FCM Data API response) has no \"androidDeliveryData\"; "
                + "it has \"androidDeliveryDat\" (did you mean \"androidDeliveryData\"?)")
        XCTAssertEqual(
            failure(#"{"androidDeliveryData": []}"#)?.description,
            "t.json:1:25: error: androidDeliveryData is empty: there is nothing to fit")
        XCTAssertNil(failure(Self.entry))
    }

    /// proto3's JSON writes an int64 as a string and leaves a zero percentage out; both are read.
    func testFCMCountsAsNumbersAndAbsentPercentagesAsZero() throws {
        let text = Self.entry.replacingOccurrences(of: #""1000""#, with: "1000")
        let file = try TelemetryFile.parse(Array(text.utf8), path: "t.json")
        guard case .pushDelivery(let fit) = try TelemetryFit.run(file) else { return XCTFail("not a push export") }
        XCTAssertEqual(fit.drop.share, 0.05, accuracy: 1e-15)
        XCTAssertEqual(fit.share("droppedAppForceStopped")?.count, 0)
        XCTAssertNil(fit.share("delayedDeviceDoze"), "no entry has deliveryPerformancePercents: no delay shares")
    }

    func testAPNsProblemsAreRefusedAtTheirLineAndColumn() throws {
        let header =
            "date,received_by_apns,delivered_to_device,discarded_token_unregistered,discarded_expired,discarded_disabled"
        XCTAssertEqual(
            failure(
                header.replacingOccurrences(of: "discarded_expired", with: "discarded_expird")
                    + "\n2027-01-04,10,9,1,0,0\n",
                name: "a.csv")?.description,
            "a.csv:1:72: error: column 'discarded_expird' is not a delivery metric (did you mean 'discarded_expired'?)")
        XCTAssertEqual(
            failure(header + "\n2027-01-04,10,9,1,0,0\n2027-01-05,10k,9,1,0,0\n", name: "a.csv")?.description,
            "a.csv:3:12: error: column received_by_apns: '10k' is not a whole number of notifications")
        XCTAssertEqual(
            failure(header + "\n2027-1-4,10,9,1,0,0\n", name: "a.csv")?.description,
            "a.csv:2:1: error: column date: '2027-1-4' is not a day; expected e.g. 2027-01-04")
        XCTAssertEqual(
            failure(header + "\n2027-01-04,10,0,8,8,0\n", name: "a.csv")?.description,
            "a.csv: error: the discarded notifications (discarded_token_unregistered + discarded_expired) add up to 16, "
                + "more than the 10 received_by_apns: these cannot be shares of them")
        XCTAssertEqual(
            failure(header + "\n2027-01-04,10,99,1,0,0\n", name: "a.csv")?.description,
            "a.csv:2:15: error: column delivered_to_device: 99 is more than received_by_apns (10) on this row")
        // Delivered from storage, or expired there, may be of earlier days' notifications: not refused.
        let stored = header + ",delivered_to_device_from_storage"
        XCTAssertNil(failure(stored + "\n2027-01-04,10,9,1,0,0,30\n2027-01-05,1000,990,10,0,0,0\n", name: "s.csv"))
        XCTAssertNil(failure(header + "\n2027-01-04,10,9,1,0,0\n", name: "a.csv"))
    }

    /// The Jeffreys interval is GSL's Beta quantile where GSL converges; where it does not, the
    /// Cornish–Fisher approximation that replaces it is within a small part of an sd of the exact quantile.
    func testJeffreysIntervalAndItsLargeSampleApproximation() {
        let small = PooledShare(count: 3, total: 40)
        XCTAssertEqual(small.low, gsl_cdf_beta_Pinv(0.025, 3.5, 37.5), accuracy: 1e-12)
        XCTAssertEqual(small.high, gsl_cdf_beta_Pinv(0.975, 3.5, 37.5), accuracy: 1e-12)
        XCTAssertEqual(PooledShare(count: 0, total: 40).low, 0)
        XCTAssertEqual(PooledShare(count: 40, total: 40).high, 1)
        for (a, b) in [(400.5, 20_000.5), (2000.5, 9000.5)] {
            let exact = gsl_cdf_beta_Pinv(0.975, a, b)
            XCTAssertEqual(gsl_cdf_beta_P(exact, a, b), 0.975, accuracy: 1e-6, "GSL converges here")
            let sd = (a * b / ((a + b) * (a + b) * (a + b + 1))).squareRoot()
            let mean = a / (a + b), z = gsl_cdf_ugaussian_Pinv(0.975)
            let skew = 2 * (b - a) * (a + b + 1).squareRoot() / ((a + b + 2) * (a * b).squareRoot())
            XCTAssertEqual(mean + sd * (z + (z * z - 1) * skew / 6), exact, accuracy: 0.02 * sd)
        }
        let large = PooledShare(count: 125_053.3, total: 3_199_643)
        XCTAssertTrue(large.low.isFinite && large.high.isFinite)
        XCTAssertLessThan(large.low, large.share)
        XCTAssertGreaterThan(large.high, large.share)
    }
}
