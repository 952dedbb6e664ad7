import DNSimTestSupport
import Foundation
import XCTest

/// `fit` of the push services' exports on the command line (issue 42, push exports): bad input
/// exits 2 at its line and column and writes nothing; `--into` sets the platform's `push.drop`.
final class PushExportFitTests: CommandLineTestCase {
    func write(_ name: String, _ text: String) -> String {
        let path = temporary.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    func read(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    func testMalformedExportsExitTwoAtTheirPlaceAndWriteNothing() throws {
        let sample = read(GoldenFiles.repositoryPath("Scenarios/telemetry/fcm-delivery-data.json"))
        let json = write(
            "bad.json", sample.replacingOccurrences(of: "\"droppedDeviceInactive\"", with: "\"droppedDeviceInactiv\""))
        let out = temporary.appendingPathComponent("out").path
        let result = invoke(["fit", json, "--out", out])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains(
                "bad.json:18:11: error: androidDeliveryData[0].data.messageOutcomePercents has an unknown field "
                    + "\"droppedDeviceInactiv\" (did you mean \"droppedDeviceInactive\"?)"), result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let apns = read(GoldenFiles.repositoryPath("Scenarios/telemetry/apns-delivery-metrics.csv"))
        let csv = write(
            "bad.csv", apns.replacingOccurrences(of: "2027-01-05,alert,56126,", with: "2027-01-05,alert,56 126,"))
        let csvResult = invoke(["fit", csv, "--out", out])
        XCTAssertEqual(csvResult.code, 2)
        XCTAssertTrue(
            csvResult.err.contains(
                "bad.csv:4:18: error: column received_by_apns: '56 126' is not a whole number of notifications"),
            csvResult.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testIntoSetsEachPlatformsPushDrop() throws {
        let scenario = write("push.yaml", read(GoldenFiles.repositoryPath("Scenarios/push-vs-local.yaml")))
        let fcm = invoke([
            "fit", GoldenFiles.repositoryPath("Scenarios/telemetry/fcm-delivery-data.json"), "--into", scenario,
            "--out", temporary.appendingPathComponent("fcm").path,
        ])
        XCTAssertEqual(fcm.code, 0, fcm.err)
        XCTAssertTrue(fcm.out.contains("platforms.android.push.drop: 0.005 → 0.04154"), fcm.out)
        let apns = invoke([
            "fit", GoldenFiles.repositoryPath("Scenarios/telemetry/apns-delivery-metrics.csv"), "--into", scenario,
            "--out", temporary.appendingPathComponent("apns").path,
        ])
        XCTAssertEqual(apns.code, 0, apns.err)
        XCTAssertTrue(apns.out.contains("platforms.ios.push.drop: 0.01 → 0.03665"), apns.out)
        let text = read(scenario)
        XCTAssertTrue(text.contains("drop: 0.04154, storeFor: 1d"), text)
        XCTAssertTrue(text.contains("      drop: 0.03665"), text)
        let yaml = read(temporary.appendingPathComponent("fcm/fit.yaml").path)
        XCTAssertTrue(
            yaml.contains(
                "- { key: platforms.android.push.drop, distribution: { normal: { mean: 0.04154, sd: 0.000112 } }, "
                    + "sample: 3199643 }"), yaml)
    }
}
