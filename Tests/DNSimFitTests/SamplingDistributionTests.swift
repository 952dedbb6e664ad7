import CGSL
import Foundation
import XCTest

@testable import DNSimFit

/// The `uncertainty.parameters` block fit writes (issue 27): each fitted key's sampling
/// distribution, recomputed here from the intervals `fit.json` reports, in the JSON shape a
/// scenario's `fit: path/fit.json` reads and as flow-mapping lines in `fit.yaml`.
final class SamplingDistributionTests: XCTestCase {
    static let z = gsl_cdf_ugaussian_Pinv(0.975)

    func files(_ kind: String, families: [DelayFamily] = DelayFamily.allCases) throws -> (
        json: [String: Any], yaml: String, md: String
    ) {
        let file = try TelemetryFile.read(
            path: FitReportTests.root.appendingPathComponent("Scenarios/telemetry/\(kind).csv").path)
        let files = FitReport.files(
            file, try TelemetryFit.run(file, options: FitOptions(families: families, bootstrap: 0)))
        let json = try XCTUnwrap(files.first { $0.name == "fit.json" }?.content)
        return (
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]),
            try XCTUnwrap(files.first { $0.name == "fit.yaml" }?.content),
            try XCTUnwrap(files.first { $0.name == "fit.md" }?.content)
        )
    }

    /// `uncertainty.parameters` as (key, unit, family, its two numbers), checking the shape on the way.
    func entries(_ json: [String: Any]) throws -> [(
        key: String, unit: String, family: String, values: [String: Double], sample: Int
    )] {
        let uncertainty = try XCTUnwrap(json["uncertainty"] as? [String: Any])
        XCTAssertEqual(Set(uncertainty.keys), ["parameters"])
        return try XCTUnwrap(uncertainty["parameters"] as? [[String: Any]]).map { entry in
            XCTAssertEqual(Set(entry.keys), ["key", "unit", "distribution", "sample"])
            // The size of the sample fitted, a whole number of at least 1 (EVSI scales the spread by it).
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(entry["sample"] as? Int), 1)
            let distribution = try XCTUnwrap(entry["distribution"] as? [String: [String: Double]])
            XCTAssertEqual(distribution.count, 1)
            let (family, values) = try XCTUnwrap(distribution.first)
            XCTAssertEqual(Set(values.keys), family == "lognormal" ? ["median", "sigma"] : ["mean", "sd"], family)
            return (
                try XCTUnwrap(entry["key"] as? String), try XCTUnwrap(entry["unit"] as? String), family, values,
                try XCTUnwrap(entry["sample"] as? Int)
            )
        }
    }

    func assertClose(_ a: Double?, _ b: Double, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        // fit.json writes %.10g, so both sides carry ~1e-10 relative rounding.
        XCTAssertEqual(try XCTUnwrap(a), b, accuracy: 1e-8 * max(1, abs(b)), message, file: file, line: line)
    }

    func testBackgroundLaunchSigmasAreTheLogScaleStandardErrorsOfTheReportedIntervals() throws {
        let (json, yaml, _) = try files("bg-launches")
        // Each entry's sample is the log's rows, in fit.json and in the fit.yaml block.
        let rows = try XCTUnwrap(json["rows"] as? Int)
        for entry in try XCTUnwrap((json["uncertainty"] as? [String: Any])?["parameters"] as? [[String: Any]]) {
            XCTAssertEqual(entry["sample"] as? Int, rows)
        }
        XCTAssertTrue(yaml.contains(", sample: \(rows) }\n"), yaml)
        let best = try XCTUnwrap(json["best"] as? String)
        let fit = try XCTUnwrap((json["fits"] as? [String: Any])?[best] as? [String: Any])
        let ci = try XCTUnwrap(fit["ci"] as? [String: [Double]])
        let list = try entries(json)
        let names = [
            "lognormal": ["median_s", "sigma"], "weibull": ["scale_s", "shape"], "gamma": ["scale_s", "shape"],
            "exponential": ["mean_s"],
        ][best]!
        XCTAssertEqual(
            list.map(\.key),
            names.map { "platforms.ios.fetchTask.delay.\(best).\($0.replacingOccurrences(of: "_s", with: ""))" }
                + ["platforms.ios.fetchTask.never"])
        for (entry, name) in zip(list, names) {
            XCTAssertEqual(entry.family, "lognormal", entry.key)
            XCTAssertEqual(entry.unit, name.hasSuffix("_s") ? "s" : "", entry.key)
            assertClose(entry.values["median"], try XCTUnwrap(fit[name] as? Double), entry.key)
            let bounds = try XCTUnwrap(ci[name])
            assertClose(entry.values["sigma"], (log(bounds[1]) - log(bounds[0])) / (2 * Self.z), entry.key)
        }
        // never is clearly above 0 here (a logit-scale Wald interval inside (0, 1)): normal, sd the interval's width / 2z.
        let never = try XCTUnwrap(list.last)
        XCTAssertEqual(never.family, "normal")
        XCTAssertEqual(never.unit, "share")
        let bounds = try XCTUnwrap(ci["never"])
        XCTAssertGreaterThan(bounds[0], 0)
        assertClose(never.values["mean"], try XCTUnwrap(fit["never"] as? Double), "never")
        assertClose(never.values["sd"], (bounds[1] - bounds[0]) / (2 * Self.z), "never")
    }

    /// The keys follow the best family: Weibull's scale (seconds) and shape (a number).
    func testKeysNameTheBestFamilysParameters() throws {
        let (json, yaml, _) = try files("bg-launches", families: [.weibull])
        let list = try entries(json)
        XCTAssertEqual(
            list.map(\.key),
            [
                "platforms.ios.fetchTask.delay.weibull.scale", "platforms.ios.fetchTask.delay.weibull.shape",
                "platforms.ios.fetchTask.never",
            ])
        XCTAssertEqual(list.map(\.unit), ["s", "", "share"])
        XCTAssertTrue(yaml.contains("delay: { weibull: { shape: "), "the block above sets the family the keys name")
    }

    func testFetchFailureIsNormalWithTheWilsonIntervalsStandardError() throws {
        let (json, _, _) = try files("fetch-attempts")
        let list = try entries(json)
        XCTAssertEqual(
            list.map(\.key), ["fetch.latency.lognormal.median", "fetch.latency.lognormal.sigma", "fetch.failure"])
        XCTAssertEqual(list.map(\.unit), ["s", "", "share"])
        let error = try XCTUnwrap(json["error_share"] as? [String: Any])
        let bounds = try XCTUnwrap(error["ci"] as? [Double])
        XCTAssertGreaterThan(bounds[0], 0)
        assertClose(list[2].values["mean"], try XCTUnwrap(error["share"] as? Double), "failure")
        assertClose(list[2].values["sd"], (bounds[1] - bounds[0]) / (2 * Self.z), "failure")
        let lognormal = try XCTUnwrap((json["fits"] as? [String: Any])?["lognormal"] as? [String: Any])
        let median = try XCTUnwrap((lognormal["ci"] as? [String: [Double]])?["median_s"])
        assertClose(list[0].values["sigma"], (log(median[1]) - log(median[0])) / (2 * Self.z), "latency median")
    }

    /// opens per day: the delta method on the t-interval's standard error, se(ln mean) = se(mean) / mean.
    func testAppOpensPerDayIsLognormalByTheDeltaMethod() throws {
        let (json, yaml, md) = try files("app-opens")
        let list = try entries(json)
        XCTAssertEqual(list.map(\.key), ["user.appOpensPerDay"])
        XCTAssertEqual(list[0].unit, "per day")
        let opens = try XCTUnwrap(json["opens_per_day"] as? [String: Any])
        let ci = try XCTUnwrap(opens["ci"] as? [Double]), mean = try XCTUnwrap(opens["mean"] as? Double)
        let devices = Double(try XCTUnwrap(json["devices"] as? Int))
        let standardError = (ci[1] - ci[0]) / (2 * gsl_cdf_tdist_Pinv(0.975, devices - 1))
        assertClose(list[0].values["median"], mean, "median")
        assertClose(list[0].values["sigma"], standardError / mean, "sigma")
        XCTAssertTrue(yaml.contains("# user.appOpenHours is not included"), yaml)
        XCTAssertTrue(md.contains("`user.appOpenHours` is left out"), md)
    }

    /// An interval that starts at 0 is cut there: sd = (high − value)/z, so the normal truncated
    /// to [0, 1] puts 95% at or below high, as the interval does (checked with GSL's CDF at value 0).
    func testAShareWhoseIntervalStartsAtZeroTakesItsUpperHalf() throws {
        let high = 0.0187
        let d = try XCTUnwrap(SamplingDistribution.share("k", value: 0, low: 0, high: high))
        guard case .normal(let mean, let sd) = d.shape else { return XCTFail("\(d)") }
        XCTAssertEqual(mean, 0)
        let below = (gsl_cdf_ugaussian_P(high / sd) - 0.5) / 0.5
        XCTAssertEqual(below, 0.95, accuracy: 1e-12)
        guard
            case .normal(_, let upperCut) = try XCTUnwrap(
                SamplingDistribution.share("k", value: 0.99, low: 0.95, high: 1)
            ).shape
        else { return XCTFail() }
        XCTAssertEqual(upperCut, 0.04 / Self.z, accuracy: 1e-15)
        XCTAssertNil(SamplingDistribution.share("k", value: 0.1, low: .nan, high: .nan), "no interval, no distribution")
        XCTAssertNil(
            SamplingDistribution.positive(
                "k", FittedParameter(name: "scale_s", value: 10, low: .nan, high: .nan), unit: .seconds))
    }

    /// fit.yaml ends with the block: a comment, `uncertainty:`, `  parameters:`, and one flow mapping per
    /// parameter at four spaces, the same keys and numbers as fit.json in scenario syntax.
    func testYAMLBlockHasOneFlowMappingPerParameterMatchingTheJSON() throws {
        for kind in ["bg-launches", "fetch-attempts", "app-opens"] {
            let (json, yaml, md) = try files(kind)
            let list = try entries(json)
            let start = try XCTUnwrap(yaml.range(of: "\n\n# The sampling distribution of this fit"), kind)
            let block = yaml[start.lowerBound...].split(separator: "\n").filter { !$0.hasPrefix("#") }
            XCTAssertEqual(Array(block.prefix(2)), ["uncertainty:", "  parameters:"], kind)
            XCTAssertEqual(block.count, 2 + list.count, kind)
            XCTAssertTrue(
                yaml[start.upperBound...].contains(
                    "# Parameters are treated as independent (their correlation is ignored)."))
            for (line, entry) in zip(block.dropFirst(2), list) {
                let d = entry.values
                let distribution =
                    entry.family == "lognormal"
                    ? "{ lognormal: { median: \(entry.unit == "s" ? ScenarioFormat.duration(d["median"]!) : ScenarioFormat.number(d["median"]!)), "
                        + "sigma: \(ScenarioFormat.number(d["sigma"]!)) } }"
                    : "{ normal: { mean: \(ScenarioFormat.share(d["mean"]!)), sd: \(ScenarioFormat.number(d["sd"]!)) } }"
                XCTAssertEqual(
                    String(line), "    - { key: \(entry.key), distribution: \(distribution), sample: \(entry.sample) }",
                    kind)
                XCTAssertEqual(line.filter { $0 == "{" }.count, line.filter { $0 == "}" }.count, kind)
                XCTAssertTrue(md.contains("| `\(entry.key)` | \(entry.family), "), kind)
            }
            XCTAssertTrue(yaml.hasSuffix("\n"), kind)
        }
    }
}
