import DNSimTestSupport
import Foundation
import TestStatistics
import XCTest

/// A processing task that requires external power runs only while the phone is idle and charging,
/// and its drawn delay accrues only then (docs/model.md §2). `run --emit-telemetry` writes the
/// requests with their device and needs, and eligibility.csv the periods that held them; `fit
/// --eligibility` measures each delay over eligible time only and so recovers the scenario's delay.
/// Without the periods `fit` refuses, and with `--assume-eligible` it absorbs the waits.
final class EligibilityRoundTripTests: CommandLineTestCase {
    /// Fetch at 00:00, the phone on its charger from 23:00 and idle from 02:00 until 07:00: every
    /// request waits at least 2 h before its delay starts to run.
    static func scenario(devices: Int, days: Int, seed: Int) -> String {
        """
        name: eligibility-rt
        seed: \(seed)
        devices: \(devices)
        days: \(days)
        start: 2027-01-04
        plugin:
          contentFetch: { schedule: "0 0 * * *" }
          userNotification: { schedule: "0 7 * * *" }
        platforms:
          ios:
            fetchTask: { kind: processing, requiresExternalPower: true, delay: { lognormal: { median: 40m, sigma: 0.8 } }, never: 0.3 }
        fetch: { latency: { lognormal: { median: 800ms, sigma: 0.6 } }, failure: 0.05 }
        user:
          appOpensPerDay: 1
          charging: { start: "23:00", end: "07:00" }
          idle: { start: "02:00", end: "07:00" }
        strategies: [independent]
        """
    }

    static let truth: [(name: String, value: Double)] = [("median_s", 2400), ("sigma", 0.8), ("never", 0.3)]

    /// Runs the scenario with `--emit-telemetry`; the arm's folder.
    func emit(devices: Int, days: Int, seed: Int, name: String) throws -> String {
        let scenario = temporary.appendingPathComponent("\(name).yaml").path
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: scenario, contents: Data(Self.scenario(devices: devices, days: days, seed: seed).utf8)))
        let telemetry = temporary.appendingPathComponent("\(name)-telemetry").path
        let run = invoke([
            scenario, "--quiet", "--out", temporary.appendingPathComponent("\(name)-report").path, "--emit-telemetry",
            telemetry,
        ])
        XCTAssertEqual(run.code, 0, run.err)
        return "\(telemetry)/independent-ios"
    }

    /// Fits the arm's bg-launches.csv (lognormal, Wald intervals) with `extra`; fit.json's lognormal entry and the document.
    func fit(_ folder: String, _ extra: [String], name: String) throws -> (
        lognormal: [String: Any], json: [String: Any]
    ) {
        let out = temporary.appendingPathComponent(name).path
        let fit = invoke(
            [
                "fit", "\(folder)/bg-launches.csv", "--families", "lognormal", "--bootstrap", "0", "--out", out,
                "--quiet",
            ] + extra)
        XCTAssertEqual(fit.code, 0, fit.err)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/fit.json")))
                as? [String: Any])
        return (try XCTUnwrap((json["fits"] as? [String: Any])?["lognormal"] as? [String: Any]), json)
    }

    func testProcessingLaunchesWithChargingWindowsRoundTripOnlyWithEligibility() throws {
        let folder = try emit(devices: 300, days: 60, seed: 7, name: "rt")
        let header = try String(contentsOfFile: "\(folder)/bg-launches.csv", encoding: .utf8).prefix { $0 != "\n" }
        XCTAssertEqual(
            header,
            "request_id,submitted_at,earliest_begin,launched_at,observed_until,device,kind,requires_power,requires_network"
        )
        let periods = try String(contentsOfFile: "\(folder)/eligibility.csv", encoding: .utf8)
        XCTAssertTrue(
            periods.hasPrefix("device,state,from,to\ndevice-1,logged,2027-01-04T00:00:00Z,"),
            String(periods.prefix(200)))
        // 07:00 to 02:00 not idle, 07:00 to 23:00 not charging, each day.
        XCTAssertTrue(periods.contains("\ndevice-1,notIdle,2027-01-04T07:00:00Z,2027-01-05T02:00:00Z\n"))
        XCTAssertTrue(periods.contains("\ndevice-1,notCharging,2027-01-04T07:00:00Z,2027-01-04T23:00:00Z\n"))

        // With the periods: every parameter's 95% interval holds the truth (this seed's; coverage below).
        let (measured, json) = try fit(folder, ["--eligibility", "\(folder)/eligibility.csv"], name: "fit-eligible")
        let intervals = try XCTUnwrap(measured["ci"] as? [String: [Double]])
        for (name, truth) in Self.truth {
            let interval = try XCTUnwrap(intervals[name])
            XCTAssertTrue(
                interval[0] <= truth && truth <= interval[1],
                "\(name): \(truth) outside [\(interval[0]), \(interval[1])]")
        }
        let eligibility = try XCTUnwrap(json["eligibility"] as? [String: Any])
        XCTAssertEqual(eligibility["method"] as? String, "measured")
        XCTAssertEqual(eligibility["needing"] as? Int, json["rows"] as? Int)
        XCTAssertEqual(eligibility["unlisted"] as? Int, 0)

        // Assumed always eligible: the 2 h wait for the idle window lands in the delay; the median
        // more than triples and the truth lies far outside its interval.
        let (assumed, assumedJSON) = try fit(folder, ["--assume-eligible"], name: "fit-assumed")
        let median = try XCTUnwrap(assumed["median_s"] as? Double)
        let medianInterval = try XCTUnwrap((assumed["ci"] as? [String: [Double]])?["median_s"])
        XCTAssertGreaterThan(median, 3 * 2400)
        XCTAssertGreaterThan(medianInterval[0], 2400)
        XCTAssertEqual((assumedJSON["eligibility"] as? [String: Any])?["method"] as? String, "assumed")
        let markdown = try String(
            contentsOfFile: temporary.appendingPathComponent("fit-assumed/fit.md").path, encoding: .utf8)
        XCTAssertTrue(markdown.contains("**Eligibility assumed.**"), markdown)
    }

    func testFitRefusesRequestsThatNeedEligibilityWithoutItAndAcceptsWhenToldToAssumeIt() throws {
        let folder = try emit(devices: 30, days: 20, seed: 3, name: "refuse")
        let bg = "\(folder)/bg-launches.csv", out = temporary.appendingPathComponent("refused").path
        let refused = invoke(["fit", bg, "--bootstrap", "0", "--out", out, "--quiet"])
        XCTAssertEqual(refused.code, 2)
        // Points at the first row that needs eligibility.
        XCTAssertTrue(refused.err.hasPrefix("\(bg):2:"), refused.err)
        XCTAssertTrue(refused.err.contains(": error: "), refused.err)
        for phrase in [
            "need eligibility", "processing request that requires external power", "--eligibility FILE",
            "--assume-eligible",
        ] {
            XCTAssertTrue(refused.err.contains(phrase), "\(phrase): \(refused.err)")
        }
        XCTAssertEqual(refused.err.split(separator: "\n").count, 1, "one line: \(refused.err)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "a refused fit writes nothing")

        let assumed = invoke(["fit", bg, "--bootstrap", "0", "--out", out, "--quiet", "--assume-eligible"])
        XCTAssertEqual(assumed.code, 0, assumed.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/fit.md"))

        // An eligibility file that lists none of the requests' devices is refused the same way.
        let other = temporary.appendingPathComponent("other.csv").path
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: other,
                contents: Data(
                    "device,state,from,to\nphone-9,logged,2027-01-04T00:00:00Z,2027-02-01T00:00:00Z\n".utf8)))
        let unlisted = invoke(["fit", bg, "--bootstrap", "0", "--out", out, "--quiet", "--eligibility", other])
        XCTAssertEqual(unlisted.code, 2)
        XCTAssertTrue(unlisted.err.contains("does not list their devices"), unlisted.err)

        // A bad period is a line:column error in the eligibility file.
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: other,
                contents: Data(
                    "device,state,from,to\ndevice-1,charging,2027-01-04T00:00:00Z,2027-02-01T00:00:00Z\n".utf8)))
        let bad = invoke(["fit", bg, "--bootstrap", "0", "--out", out, "--quiet", "--eligibility", other])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(
            bad.err.hasPrefix(
                "\(other):2:10: error: column state: 'charging' is not a state (did you mean 'notCharging'?)"), bad.err)
    }

    /// A file without the new columns needs no eligibility: fitted as before, nothing said of it.
    func testAFileWithoutTheColumnsIsFittedAsBefore() throws {
        let bg = GoldenFiles.repositoryPath("Scenarios/telemetry/bg-launches.csv")
        let out = temporary.appendingPathComponent("plain").path
        let fit = invoke(["fit", bg, "--bootstrap", "0", "--out", out, "--quiet"])
        XCTAssertEqual(fit.code, 0, fit.err)
        let markdown = try String(contentsOfFile: "\(out)/fit.md", encoding: .utf8)
        XCTAssertFalse(markdown.contains("ligibility"), markdown)
        let json = try String(contentsOfFile: "\(out)/fit.json", encoding: .utf8)
        XCTAssertFalse(json.contains("eligibility"))
    }

    /// Coverage over seeds: each seed's telemetry (80 devices × 30 days, about 2,400 requests) is
    /// emitted and fitted with its eligibility periods; each parameter's 95% interval (Wald, as
    /// with --bootstrap 0) must cover the truth in a share of seeds consistent with 94–96%: the
    /// count lies in the union of the exact binomial acceptance regions (false alarm 10⁻⁴ each) for
    /// 0.94 and 0.96. 60 seeds by default (accepts 48…60 of 60), 600 with DNSIM_LONG (539…592).
    func testIntervalsCoverTheTruthOverSeeds() throws {
        let seeds = TestMode.long ? 600 : 60
        let low = BinomialAcceptance(trials: seeds, probability: 0.94),
            high = BinomialAcceptance(trials: seeds, probability: 0.96)
        let accepted = low.range.lowerBound...high.range.upperBound
        var covered = Dictionary(uniqueKeysWithValues: Self.truth.map { ($0.name, 0) })
        for seed in 1...seeds {
            let folder = try emit(devices: 80, days: 30, seed: seed, name: "cov\(seed)")
            let (lognormal, _) = try fit(
                folder, ["--eligibility", "\(folder)/eligibility.csv"], name: "cov\(seed)-fit")
            let intervals = try XCTUnwrap(lognormal["ci"] as? [String: [Double]])
            for (name, truth) in Self.truth {
                let interval = try XCTUnwrap(intervals[name])
                if interval[0] <= truth && truth <= interval[1] { covered[name]! += 1 }
            }
            try? FileManager.default.removeItem(atPath: temporary.appendingPathComponent("cov\(seed)-telemetry").path)
            try? FileManager.default.removeItem(atPath: temporary.appendingPathComponent("cov\(seed)-report").path)
        }
        print(
            "eligibility round trip: covered "
                + Self.truth.map { "\($0.name) \(covered[$0.name]!)" }.joined(separator: ", ")
                + " of \(seeds) seeds (accepted \(accepted))")
        for (name, _) in Self.truth {
            XCTAssertTrue(
                accepted.contains(covered[name]!),
                "\(name): covered in \(covered[name]!) of \(seeds) seeds; accepted \(accepted)")
        }
    }
}
