import Foundation
import XCTest

@testable import DNSimFit

/// The report files: exact JSON names, byte-for-byte determinism, the
/// families option, and the scenario syntax of the YAML block.
final class FitReportTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = root.appendingPathComponent("Scenarios/telemetry/bg-launches.csv").path

    func report(_ options: FitOptions, path: String = example) throws -> [(name: String, content: String)] {
        let file = try TelemetryFile.read(path: path)
        return FitReport.files(file, try TelemetryFit.run(file, options: options))
    }

    func content(_ files: [(name: String, content: String)], _ name: String) throws -> String {
        try XCTUnwrap(files.first { $0.name == name }?.content)
    }

    func testJSONHasExactlyTheRequiredNames() throws {
        let json = try content(report(FitOptions(bootstrap: 20, seed: 3)), "fit.json")
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(Set(top.keys), ["rows", "launched", "censored", "best", "fits", "uncertainty"])
        let rows = try XCTUnwrap(top["rows"] as? Int), launched = try XCTUnwrap(top["launched"] as? Int),
            censored = try XCTUnwrap(top["censored"] as? Int)
        XCTAssertEqual(rows, launched + censored)
        let fits = try XCTUnwrap(top["fits"] as? [String: Any])
        XCTAssertEqual(Set(fits.keys), ["lognormal", "weibull", "gamma", "exponential"])
        let parameters = [
            "lognormal": ["median_s", "sigma"], "weibull": ["scale_s", "shape"], "gamma": ["scale_s", "shape"],
            "exponential": ["mean_s"],
        ]
        var aics: [String: Double] = [:]
        for (family, names) in parameters {
            let fit = try XCTUnwrap(fits[family] as? [String: Any])
            XCTAssertEqual(
                Set(fit.keys), Set(names + ["never", "logLikelihood", "aic", "ks", "bootstrap_p", "ci"]), family)
            let ci = try XCTUnwrap(fit["ci"] as? [String: [Double]])
            XCTAssertEqual(Set(ci.keys), Set(names + ["never"]), family)
            for name in names + ["never"] {
                let value = try XCTUnwrap(fit[name] as? Double)
                let bounds = try XCTUnwrap(ci[name])
                XCTAssertEqual(bounds.count, 2)
                XCTAssertTrue(bounds[0] <= value && value <= bounds[1], "\(family) \(name)")
            }
            let p = try XCTUnwrap(fit["bootstrap_p"] as? Double)
            XCTAssertTrue(p > 0 && p <= 1)
            aics[family] = try XCTUnwrap(fit["aic"] as? Double)
        }
        XCTAssertEqual(top["best"] as? String, aics.min { $0.value < $1.value }?.key)
        // Keys are written sorted.
        XCTAssertLessThan(json.range(of: "\"best\"")!.lowerBound, json.range(of: "\"censored\"")!.lowerBound)
    }

    func testOutputsAreByteIdenticalOnRerun() throws {
        let options = FitOptions(bootstrap: 30, seed: 9)
        let first = try report(options), second = try report(options)
        XCTAssertEqual(first.map(\.name), FitReport.fileNames)
        XCTAssertEqual(first.map(\.content), second.map(\.content))
        let otherSeed = try report(FitOptions(bootstrap: 30, seed: 10))
        XCTAssertNotEqual(
            try content(first, "fit.json"), try content(otherSeed, "fit.json"), "the seed reaches the bootstrap")
        for name in ["fetch-attempts", "app-opens"] {
            let path = Self.root.appendingPathComponent("Scenarios/telemetry/\(name).csv").path
            XCTAssertEqual(
                try report(options, path: path).map(\.content), try report(options, path: path).map(\.content), name)
        }
    }

    /// A progress sink hears every bootstrap replicate of every family, ends at its total, and
    /// changes no byte of the report.
    func testBootstrapProgressCountsEveryReplicateAndChangesNothing() throws {
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var seen: [(Int, Int)] = []
        }
        let calls = Calls()
        var watched = FitOptions(families: [.lognormal, .weibull], bootstrap: 25, seed: 5)
        watched.progress = FitProgress { done, total in
            calls.lock.lock()
            calls.seen.append((done, total))
            calls.lock.unlock()
        }
        let withProgress = try report(watched)
        let without = try report(FitOptions(families: [.lognormal, .weibull], bootstrap: 25, seed: 5))
        XCTAssertEqual(withProgress.map(\.content), without.map(\.content))
        XCTAssertEqual(calls.seen.count, 50)
        XCTAssertEqual(Set(calls.seen.map(\.0)), Set(1...50))
        XCTAssertEqual(calls.seen.map(\.1).max(), 50)
    }

    func testFamiliesOptionRestrictsTheFit() throws {
        let files = try report(FitOptions(families: [.gamma, .weibull], bootstrap: 0))
        let top = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try content(files, "fit.json").utf8)) as? [String: Any])
        XCTAssertEqual(Set((top["fits"] as? [String: Any])?.keys.map { $0 } ?? []), ["weibull", "gamma"])
        let md = try content(files, "fit.md")
        XCTAssertFalse(md.contains("| lognormal |") || md.contains("**lognormal**"))
        XCTAssertTrue(md.contains("not judged"))
        XCTAssertThrowsError(try DelayFamily.parseList("lognormal,cauchy")) { error in
            XCTAssertEqual(
                (error as? FitError)?.description,
                "--families: error: 'cauchy' is not a family; use lognormal, weibull, gamma or exponential")
        }
        XCTAssertEqual(try DelayFamily.parseList("gamma, lognormal"), [.lognormal, .gamma])
    }

    func testYAMLBlockIsInScenarioSyntax() throws {
        let files = try report(FitOptions(bootstrap: 0))
        let yaml = try content(files, "fit.yaml")
        XCTAssertTrue(yaml.hasPrefix("# Fitted by dnsim-events fit from bg-launches.csv: 192 rows"), yaml)
        XCTAssertTrue(yaml.contains("submitted 2027-01-04 to 2027-01-15 UTC"), yaml)
        XCTAssertTrue(yaml.contains("platforms:\n  ios:\n    fetchTask:\n      delay: { lognormal: { median: "), yaml)
        XCTAssertTrue(yaml.contains("\n      never: 0."), yaml)
        XCTAssertTrue(try content(files, "fit.md").contains("```yaml\n" + yaml + "```"))
        XCTAssertEqual(ScenarioFormat.duration(0.8), "800ms")
        XCTAssertEqual(ScenarioFormat.duration(0.0042), "4.2ms")
        XCTAssertEqual(ScenarioFormat.duration(4.271), "4.27s")
        XCTAssertEqual(ScenarioFormat.duration(270), "4m30s")
        XCTAssertEqual(ScenarioFormat.duration(5220), "87m")
        XCTAssertEqual(ScenarioFormat.duration(3600), "1h")
        XCTAssertEqual(ScenarioFormat.duration(18_720), "5h12m")
        XCTAssertEqual(ScenarioFormat.duration(194_400), "2d6h")
        XCTAssertEqual(ScenarioFormat.number(1.4783), "1.48")
        XCTAssertEqual(ScenarioFormat.number(0.73449), "0.734")
        XCTAssertEqual(ScenarioFormat.share(0.15446), "0.154")
    }

    /// A large file still gives a small chart: the step curve is merged per half pixel.
    func testChartStaysSmallForLargeFiles() throws {
        let file = try TelemetryFile.parse(FitBenchmark.csv(rows: 20_000), path: "large.csv")
        let files = FitReport.files(file, try TelemetryFit.run(file, options: FitOptions(bootstrap: 0)))
        let svg = try content(files, "fit.svg")
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        XCTAssertLessThan(svg.utf8.count, 150_000)
        for colour in ["#0072B2", "#D55E00", "#009E73", "#CC79A7"] { XCTAssertTrue(svg.contains(colour), colour) }
    }
}
