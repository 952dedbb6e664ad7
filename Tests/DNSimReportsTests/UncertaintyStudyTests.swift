import CGSL
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// Uncertainty studies end to end (docs/model.md §9): the decision follows from the per-world
/// table, worlds keep common random numbers, results do not depend on `--jobs`, and bad
/// `objective`/`uncertainty` input gets `line:col` errors.
final class UncertaintyStudyTests: XCTestCase {
    /// `ScenarioTexts.study`: Android, a fixed fetch-alarm delay and a failure share, both uncertain.
    static func scenario(samples: Int = 8, extra: String = "", design: String = "sobol") -> String {
        ScenarioTexts.study(samples: samples, extra: extra, design: design)
    }

    /// The study as `StudyRun` runs it, its devices' outcome counts summed over the worlds included.
    static func study(_ text: String, jobs: Int = 2) throws -> UncertaintyStudy {
        let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "study.yaml")
        let worlds = try scenario.validated().worlds
        let plans = try worlds.map { world -> SimulationPlan in try world.scenario.plan().get() }
        let totals = DeviceOutcomeTotals(devices: plans[0].devices, arms: plans[0].arms.count)
        let results = StudyRunner.run(plans: plans, jobs: jobs, deviceTotals: totals) { $0 }
        var study = UncertaintyStudy(
            scenario: scenario, settings: scenario.uncertainty!, objective: scenario.objective!, worlds: worlds,
            arms: plans[0].arms, results: results, days: scenario.days, devicesPerWorld: plans[0].devices,
            seed: scenario.seed, reproduceCommand: "dnsim-events study.yaml")
        study.deviceTotals = totals
        return study
    }

    static func files(_ study: UncertaintyStudy) -> [String: String] {
        Dictionary(uniqueKeysWithValues: UncertaintyReport.files(study, formats: ["csv", "md"]))
    }

    /// P(best), expected regret and the feasible share in decision.json, recomputed from
    /// uncertainty.csv's utility and feasible columns alone.
    func testTheDecisionFollowsFromThePerWorldTable() throws {
        let files = Self.files(try Self.study(Self.scenario()))
        let rows = try XCTUnwrap(files["uncertainty.csv"]).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = rows[0]
        let world = header.firstIndex(of: "world")!, arm = header.firstIndex(of: "arm")!
        let utility = header.firstIndex(of: "utility")!, feasible = header.firstIndex(of: "feasible")!
        var byWorld: [String: [(arm: String, utility: Double, feasible: Bool)]] = [:]
        for row in rows.dropFirst() {
            byWorld[row[world], default: []].append((row[arm], Double(row[utility])!, row[feasible] == "true"))
        }
        XCTAssertEqual(byWorld.count, 8 * 4)
        let arms = ["independent/android", "chained/android"]
        var best = [String: Double](), regret = [String: Double](), feasibleWorlds = [String: Double]()
        for entries in byWorld.values {
            // P(best) counts a world for an arm only where it is eligible there (feasible; every arm
            // where none is): the best feasible utility's arms win it.
            let top = entries.map(\.utility).max()!
            let feasibleTop = entries.filter(\.feasible).map(\.utility).max() ?? top
            let anyFeasible = entries.contains(where: \.feasible)
            let winners = entries.filter { ($0.feasible || !anyFeasible) && $0.utility == feasibleTop }
            for winner in winners { best[winner.arm, default: 0] += 1 / Double(winners.count) }
            for entry in entries {
                regret[entry.arm, default: 0] += feasibleTop - entry.utility
                feasibleWorlds[entry.arm, default: 0] += entry.feasible ? 1 : 0
            }
        }
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(files["decision.json"]!.utf8)) as? [String: Any])
        let platform = try XCTUnwrap((json["platforms"] as? [String: Any])?["android"] as? [String: Any])
        let figures = try XCTUnwrap(platform["arms"] as? [String: [String: Any]]).mapValues {
            $0.compactMapValues { $0 as? Double }
        }
        // The CSV's utilities have six decimals; 1e-6 per world bounds the rounding of a mean.
        for name in arms {
            XCTAssertEqual(figures[name]!["probability_best"]!, best[name, default: 0] / 32, accuracy: 1e-6, name)
            XCTAssertEqual(figures[name]!["expected_regret"]!, regret[name, default: 0] / 32, accuracy: 2e-6, name)
            XCTAssertEqual(
                figures[name]!["feasible_share"]!, feasibleWorlds[name, default: 0] / 32, accuracy: 1e-9, name)
        }
        let recommended = try XCTUnwrap(platform["recommended"] as? String)
        let eligible = arms.filter { feasibleWorlds[$0, default: 0] / 32 >= 0.9 }
        XCTAssertEqual(recommended, eligible.min { regret[$0, default: 0] < regret[$1, default: 0] })
    }

    /// With `metrics.maxContentAge` each world × arm row carries `within_age_rate` after the other
    /// rates and costs: a fresh cycle shows content fetched since its F, minutes old, so within 12 h;
    /// without it the header has no such column.
    func testUncertaintyCSVCarriesWithinAgeWhenTheScenarioSetsAnAge() throws {
        let withAge = Self.files(try Self.study(Self.scenario(samples: 4, extra: "metrics: { maxContentAge: 12h }")))
        let rows = try XCTUnwrap(withAge["uncertainty.csv"]).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = rows[0]
        let age = try XCTUnwrap(header.firstIndex(of: "within_age_rate"))
        XCTAssertEqual(header[age + 1], "feasible")
        XCTAssertTrue(header[age - 1].hasSuffix("_rate") || header[age - 1].hasSuffix("_per_device_day"))
        let fresh = try XCTUnwrap(header.firstIndex(of: "fresh_rate"))
        // Sobol: samples × (parameters + 2) worlds, two arms each.
        XCTAssertEqual(rows.count, 1 + 4 * 4 * 2)
        for row in rows.dropFirst() {
            let within = try XCTUnwrap(Double(row[age])), freshRate = try XCTUnwrap(Double(row[fresh]))
            XCTAssertTrue((0...1).contains(within), row.joined(separator: ","))
            XCTAssertGreaterThanOrEqual(within, freshRate, row.joined(separator: ","))
        }
        let without = Self.files(try Self.study(Self.scenario(samples: 4)))
        XCTAssertFalse(try XCTUnwrap(without["uncertainty.csv"]).contains("within_age"))
    }

    /// Adding samples appends worlds and leaves every earlier row byte-identical; the files do
    /// not depend on the number of threads.
    func testWorldsKeepTheirRowsAsSamplesGrowAndForAnyJobs() throws {
        let small = Self.files(try Self.study(Self.scenario(samples: 4), jobs: 1))
        let large = Self.files(try Self.study(Self.scenario(samples: 8), jobs: 2))
        let smallRows = small["uncertainty.csv"]!.split(separator: "\n")
        let largeRows = large["uncertainty.csv"]!.split(separator: "\n")
        XCTAssertEqual(smallRows.count, 1 + 4 * 4 * 2)
        XCTAssertEqual(Array(largeRows.prefix(smallRows.count)), smallRows)
        let again = Self.files(try Self.study(Self.scenario(samples: 8), jobs: 1))
        for name in UncertaintyReport.fileNames { XCTAssertEqual(again[name], large[name], name) }
    }

    /// flips.svg marks each flip decision.json lists, one black marker per flip, or says there is none.
    func testTheFlipChartMarksEveryFlip() throws {
        let study = try Self.study(Self.scenario(samples: 8))
        let files = Self.files(study)
        let flips = UncertaintyAnalysis(study).decisions.flatMap(\.summary.flips)
        let svg = try XCTUnwrap(files["flips.svg"])
        XCTAssertEqual(svg.components(separatedBy: "stroke=\"#000\" stroke-width=\"2\"").count - 1, flips.count)
        if flips.isEmpty { XCTAssertTrue(svg.contains("No parameter flips the decision within its range.")) }
        for flip in flips {
            XCTAssertTrue(svg.contains(study.parameters[flip.parameter].key), study.parameters[flip.parameter].key)
        }
    }

    /// A parameter added at one value (uniform min = max) changes no world's figures: each
    /// (sample, block) of the first two parameters has the same rates as before.
    func testAFixedParameterMovesNoEarlierWorld() throws {
        let before = try Self.study(Self.scenario(samples: 4))
        let text = Self.scenario(samples: 4).replacingOccurrences(
            of: "    - { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } } }",
            with:
                "    - { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } } }\n    - { key: server.updatesPerDay, distribution: { uniform: { min: 20, max: 20 } } }"
        )
        let after = try Self.study(text)
        XCTAssertEqual(after.designs.count, 4 * 5)
        for (index, design) in before.designs.enumerated() {
            let match = try XCTUnwrap(
                after.designs.firstIndex { $0.sample == design.sample && $0.block == design.block })
            XCTAssertEqual(
                after.values[match].prefix(2), before.values[index][...],
                "sample \(design.sample) \(design.block.label)")
            XCTAssertEqual(after.table.cells[match].map(\.fingerprint), before.table.cells[index].map(\.fingerprint))
        }
    }

    /// The weighted paired interval is the interval of the per-device weighted differences.
    func testWeightedPairedIntervalMatchesTheDirectComputation() {
        var pair = PairedDifference(minuend: 0, subtrahend: 1)
        let metrics = RateMetric.allCases.count
        var differences: [Double] = []
        let weights = (0..<metrics).map { Double($0 % 3) - 0.5 }
        for device in 0..<40 {
            let a = (0..<metrics).map { Int64((device * 7 + $0 * 3) % 11) }
            let b = (0..<metrics).map { Int64((device * 5 + $0) % 9) }
            pair.add(a, b, cycles: 20)
            differences.append(zip(weights, zip(a, b)).reduce(0) { $0 + $1.0 * Double($1.1.0 - $1.1.1) } / 20)
        }
        let n = Double(differences.count)
        let mean = differences.reduce(0, +) / n
        let sd = (differences.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)).squareRoot()
        let half = studentQuantile(0.975, n - 1) * sd / n.squareRoot()
        let interval = pair.interval(weights: weights)
        XCTAssertEqual(interval.estimate, mean, accuracy: 1e-12)
        XCTAssertEqual(interval.high - interval.estimate, half, accuracy: 1e-9)
        // One metric's weight alone gives that metric's interval.
        var unit = [Double](repeating: 0, count: metrics)
        unit[RateMetric.fresh.rawValue] = 1
        XCTAssertEqual(pair.interval(weights: unit).low, pair.interval(.fresh).low, accuracy: 1e-12)
        XCTAssertEqual(pair.interval(weights: unit).high, pair.interval(.fresh).high, accuracy: 1e-12)
    }

    static let badStudies: [(String, String)] = [
        (
            scenario(extra: "    - { key: strategies.2.chained.guard, distribution: { choice: [ { value: none } ] } }"),
            "is a lever, a choice the team makes, not an uncertainty"
        ),
        (
            scenario(
                extra: "    - { key: platforms.ios.fetchTask.nevr, distribution: { uniform: { min: 0, max: 1 } } }"),
            "unknown key"
        ),
        (
            scenario(
                extra:
                    "    - { key: platforms.android.fetchAlarm.delay, distribution: { uniform: { min: 0, max: 1 } } }"),
            "does not take a number or duration"
        ),
        (
            scenario(extra: "    - { key: server.updatesPerDy, distribution: { uniform: { min: 1, max: 2 } } }"),
            "unknown key 'server.updatesPerDy' (did you mean 'server.updatesPerDay'?)"
        ),
        (
            scenario(extra: "    - { key: server.updatesPerDay, distribution: { uniform: { min: 1, max: 1e9 } } }"),
            "outside the range of"
        ),
        (
            scenario(extra: "    - { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.2 } } }"),
            "is already uncertain at line"
        ),
        (
            scenario(extra: "    - { key: days, distribution: { uniform: { min: 1, max: 3 } } }"),
            "is a run key, not a condition"
        ),
        (
            scenario(samples: 10_000).replacingOccurrences(
                of: "  devices: 8\n  parameters", with: "  devices: 100000\n  parameters"), "device-days, about"
        ),
        (
            scenario().replacingOccurrences(
                of: "    - { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } } }",
                with: "    - { key: fetch.failure, distribution: { uniform: { min: 0, max: 1.5 } } }"),
            "reaches 1.5, outside the range of 'fetch.failure' (0 to 1)"
        ),
        (
            scenario().replacingOccurrences(of: "weights: { fresh: 1,", with: "weights: { frsh: 1,"),
            "is not an outcome or cost"
        ),
        (
            scenario().replacingOccurrences(
                of:
                    "objective:\n  weights: { fresh: 1, stale: -0.2, fallback: -0.5, missed: -2 }\n  constraints: [ { metric: fallback, max: 30% } ]\n",
                with: ""),
            "uncertainty needs an objective"
        ),
    ]

    func testBadStudiesAreRefusedAtTheirLine() {
        for (text, expected) in Self.badStudies {
            do {
                let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "study.yaml")
                _ = try scenario.validated()
                XCTFail("accepted, expected: \(expected)")
            } catch {
                let message = error.description
                XCTAssertTrue(message.contains(expected), "\(message) does not say \(expected)")
                XCTAssertTrue(message.hasPrefix("study.yaml:") && message.contains(": error: "), message)
                let position = message.dropFirst("study.yaml:".count).prefix { $0 != " " }
                XCTAssertEqual(position.split(separator: ":").count, 2, "no line:col in \(message)")
            }
        }
    }
}

private func studentQuantile(_ p: Double, _ nu: Double) -> Double { gsl_cdf_tdist_Pinv(p, nu) }
