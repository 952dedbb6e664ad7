import DNSimTestSupport
import Foundation
import TestStatistics
import XCTest

/// An Android WorkManager job held by Doze (docs/model.md §2, WorkManager: what `delay` is). The
/// fetch is due at 23:30 and the phone lies idle and unplugged from 00:00 to 07:00: a job whose
/// delay passes 30 min comes due in Doze and runs at the next maintenance window (01:00) or later.
/// `run --emit-telemetry` writes work-runs.csv and the Doze periods (eligibility.csv, state doze);
/// `fit --eligibility` measures each delay from the job's allowed instant and ends its follow-up at
/// the first Doze period after it, and so recovers the scenario's delay. Without the periods `fit`
/// refuses; with `--assume-eligible` it reads the waits for the maintenance window as delay.
final class WorkRoundTripTests: CommandLineTestCase {
    static func scenario(devices: Int, days: Int, seed: Int) -> String {
        """
        name: work-rt
        seed: \(seed)
        devices: \(devices)
        days: \(days)
        start: 2027-01-04
        plugin:
          contentFetch: { schedule: "30 23 * * *" }
          userNotification: { schedule: "0 1 * * *" }
        platforms:
          android:
            fetchWith: workManager
            doze: true
            standbyBucket: active
            workManager: { delay: { exponential: { mean: 20m } } }
        fetch: { latency: { lognormal: { median: 800ms, sigma: 0.6 } }, failure: 0.05 }
        user:
          appOpensPerDay: 1
          idle: { start: "00:00", end: "07:00" }
        strategies: [independent]
        """
    }

    static let truthMean = 1200.0

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
        return "\(telemetry)/independent-android"
    }

    /// Fits the arm's work-runs.csv (exponential, Wald intervals) with `extra`: the fitted mean, its interval, and fit.json.
    func fit(_ folder: String, _ extra: [String], name: String) throws -> (
        mean: Double, interval: [Double], json: [String: Any]
    ) {
        let out = temporary.appendingPathComponent(name).path
        let fit = invoke(
            [
                "fit", "\(folder)/work-runs.csv", "--families", "exponential", "--bootstrap", "0", "--out", out,
                "--quiet",
            ] + extra)
        XCTAssertEqual(fit.code, 0, fit.err)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/fit.json")))
                as? [String: Any])
        let exponential = try XCTUnwrap((json["fits"] as? [String: Any])?["exponential"] as? [String: Any])
        return (
            try XCTUnwrap(exponential["mean_s"] as? Double),
            try XCTUnwrap((exponential["ci"] as? [String: [Double]])?["mean_s"]), json
        )
    }

    func testAJobHeldByDozeRoundTripsOnlyWithTheDozePeriods() throws {
        let folder = try emit(devices: 200, days: 30, seed: 5, name: "rt")
        let runs = try String(contentsOfFile: "\(folder)/work-runs.csv", encoding: .utf8)
        XCTAssertTrue(
            runs.hasPrefix(
                "work_id,enqueued_at,earliest_run,ran_at,observed_until,device,requires_charging,requires_network\n"))
        let periods = try String(contentsOfFile: "\(folder)/eligibility.csv", encoding: .utf8)
        // Doze from 00:00 to the windows at 01:00 and 03:00 and to the end of idle at 07:00 (a window is an instant).
        for line in [
            "device-1,doze,2027-01-05T00:00:00.001Z,2027-01-05T01:00:00Z",
            "device-1,doze,2027-01-05T01:00:00.001Z,2027-01-05T03:00:00Z",
            "device-1,doze,2027-01-05T03:00:00.001Z,2027-01-05T07:00:00Z",
        ] {
            XCTAssertTrue(periods.contains("\n\(line)\n"), line)
        }
        // Jobs held by Doze run at its windows.
        XCTAssertTrue(runs.contains("T01:00:00Z,"), String(runs.prefix(400)))

        let measured = try fit(folder, ["--eligibility", "\(folder)/eligibility.csv"], name: "fit-eligible")
        XCTAssertTrue(
            measured.interval[0] <= Self.truthMean && Self.truthMean <= measured.interval[1],
            "mean \(measured.mean): \(Self.truthMean) outside \(measured.interval)")
        let eligibility = try XCTUnwrap(measured.json["eligibility"] as? [String: Any])
        XCTAssertEqual(eligibility["method"] as? String, "measured")
        XCTAssertEqual(eligibility["unlisted"] as? Int, 0)
        XCTAssertGreaterThan(
            try XCTUnwrap(measured.json["censored"] as? Int), 0, "jobs due in Doze are censored at its start")
        let yaml = try String(
            contentsOfFile: temporary.appendingPathComponent("fit-eligible/fit.yaml").path, encoding: .utf8)
        XCTAssertTrue(
            yaml.contains("platforms:\n  android:\n    workManager:\n      delay: { exponential: { mean: "), yaml)
        XCTAssertTrue(yaml.contains("key: platforms.android.workManager.delay.exponential.mean"), yaml)

        // Assumed never held: the waits for the 01:00 window count as delay, so the fitted mean is
        // half as long again and its interval lies above the truth.
        let assumed = try fit(folder, ["--assume-eligible"], name: "fit-assumed")
        XCTAssertGreaterThan(assumed.mean, 1.4 * Self.truthMean)
        XCTAssertGreaterThan(assumed.interval[0], Self.truthMean)
        XCTAssertEqual((assumed.json["eligibility"] as? [String: Any])?["method"] as? String, "assumed")
        let markdown = try String(
            contentsOfFile: temporary.appendingPathComponent("fit-assumed/fit.md").path, encoding: .utf8)
        XCTAssertTrue(
            markdown.contains("**Eligibility assumed.** A regular WorkManager job never runs in Doze"), markdown)
    }

    func testFitRefusesAWorkFileWithoutDozePeriods() throws {
        let folder = try emit(devices: 20, days: 10, seed: 3, name: "refuse")
        let runs = "\(folder)/work-runs.csv", out = temporary.appendingPathComponent("refused").path
        let refused = invoke(["fit", runs, "--bootstrap", "0", "--out", out, "--quiet"])
        XCTAssertEqual(refused.code, 2)
        // Points at the first row's device.
        XCTAssertTrue(refused.err.hasPrefix("\(runs):2:"), refused.err)
        XCTAssertTrue(refused.err.contains(": error: "), refused.err)
        for phrase in ["no Doze periods", "--eligibility FILE", "--assume-eligible"] {
            XCTAssertTrue(refused.err.contains(phrase), "\(phrase): \(refused.err)")
        }
        XCTAssertEqual(refused.err.split(separator: "\n").count, 1, "one line: \(refused.err)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "a refused fit writes nothing")
    }

    /// Coverage over seeds (DNSIM_LONG only): 200 seeds of 40 devices × 30 days (about 1,200 jobs
    /// each); the mean's 95% interval (Wald) must cover the truth in a count consistent with 94–96%:
    /// the union of the exact binomial acceptance regions (false alarm 10⁻⁴ each) for 0.94 and 0.96.
    func testIntervalsCoverTheTruthOverSeeds() throws {
        try XCTSkipUnless(TestMode.long, "set DNSIM_LONG=1 for the coverage run")
        let seeds = 200
        let low = BinomialAcceptance(trials: seeds, probability: 0.94),
            high = BinomialAcceptance(trials: seeds, probability: 0.96)
        let accepted = low.range.lowerBound...high.range.upperBound
        var covered = 0
        for seed in 1...seeds {
            let folder = try emit(devices: 40, days: 30, seed: seed, name: "cov\(seed)")
            let measured = try fit(folder, ["--eligibility", "\(folder)/eligibility.csv"], name: "cov\(seed)-fit")
            if measured.interval[0] <= Self.truthMean && Self.truthMean <= measured.interval[1] { covered += 1 }
            for suffix in ["telemetry", "report", "fit"] {
                try? FileManager.default.removeItem(
                    atPath: temporary.appendingPathComponent("cov\(seed)-\(suffix)").path)
            }
        }
        print("work round trip: covered mean in \(covered) of \(seeds) seeds (accepted \(accepted))")
        XCTAssertTrue(accepted.contains(covered), "covered in \(covered) of \(seeds) seeds; accepted \(accepted)")
    }
}
