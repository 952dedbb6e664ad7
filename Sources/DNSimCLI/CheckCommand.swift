import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// `dnsim-events check`: runs a scenario, then checks its `expect:` entries
/// and, with `--baseline`, every rate against the committed baseline.
///
/// A rate regresses when it got worse by more than its tolerance: the two
/// runs' 95% interval half-widths combined in quadrature, √(h₁² + h₂²), which
/// approximates a two-sample test at the 5% level, with a floor of 0.1
/// percentage points so that zero-width intervals (a rate that is 0 on every
/// device) do not flag noise. Improvements are reported, never failed.
enum CheckCommand {
    static let toleranceFloor = 0.001

    static func run(_ scenario: Scenario, _ options: CommandLineOptions, console: Console) throws -> ExitCode {
        // Read the baseline before running, so a missing one fails fast and a
        // report written with --out can never overwrite it first.
        let baseline = try options.baseline.map { try Baseline.load($0, scenario: scenario) }
        let context = try DNSimCommand.context(scenario, options, console: console)
        if let out = options.out { try ReportWriter.write(ReportWriter.files(context), to: out) }

        var failures: [String] = []
        var notes: [String] = []
        for expectation in scenario.expectations {
            guard let column = SummaryColumns.named(expectation.metric) else { continue }
            for (index, arm) in context.plan.arms.enumerated() where expectation.applies(to: arm.name) {
                guard let value = column.value(context.result.arms[index], days: context.days) else { continue }
                let where_ = "\(scenario.file):\(expectation.mark.line):\(expectation.mark.column)"
                if let max = expectation.max, value > max {
                    failures.append("\(arm.name) \(column.name): \(show(value, column)) is above the expected max \(show(max, column)) (\(where_))")
                }
                if let min = expectation.min, value < min {
                    failures.append("\(arm.name) \(column.name): \(show(value, column)) is below the expected min \(show(min, column)) (\(where_))")
                }
            }
        }

        if let baseline {
            let comparison = baseline.compare(with: context)
            failures += comparison.regressions
            notes += comparison.improvements.map { "improved: \($0)" }
            if comparison.regressions.isEmpty && !comparison.changedArms.isEmpty {
                let message = "behaviour changed: the event trajectories of \(comparison.changedArms.joined(separator: ", ")) differ from the baseline \(baseline.path), though every rate is within tolerance; regenerate the baseline if this is intended"
                if options.strict { failures.append(message) } else { notes.append("warning: " + message) }
            }
        }
        for note in notes { console.print(note) }
        if failures.isEmpty {
            if !options.quiet {
                console.print("\(scenario.name): ok (\(scenario.expectations.count) expectation(s)\(baseline == nil ? "" : ", baseline \(baseline!.path)"))")
            }
            return .success
        }
        for failure in failures { console.print("REGRESSION \(failure)") }
        return .regression
    }

    static func show(_ value: Double, _ column: SummaryColumn) -> String {
        column.unit == "fraction" ? String(format: "%.2f%%", value * 100) : String(format: "%.3f", value)
    }
}

/// A committed report to compare a run with.
struct Baseline {
    let path: String
    let rows: [String: [String: Double]]
    let fingerprints: [String: String]

    static func load(_ directory: String, scenario: Scenario) throws -> Baseline {
        let candidates = [directory, "\(directory)/\(scenario.name)"]
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: "\($0)/summary.csv") }) else {
            throw UsageError("no baseline for \(scenario.name): neither \(directory)/summary.csv nor \(directory)/\(scenario.name)/summary.csv exists")
        }
        guard let data = FileManager.default.contents(atPath: "\(folder)/summary.csv") else {
            throw UsageError("cannot read \(folder)/summary.csv")
        }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first, header.first == "arm" else { throw UsageError("\(folder)/summary.csv is not a dnsim-events summary") }
        var rows: [String: [String: Double]] = [:]
        var fingerprints: [String: String] = [:]
        for line in lines.dropFirst() where line.count == header.count {
            var values: [String: Double] = [:]
            for (name, field) in zip(header, line) {
                if name == "fingerprint" { fingerprints[line[0]] = field } else if let value = Double(field) { values[name] = value }
            }
            rows[line[0]] = values
        }
        return Baseline(path: folder, rows: rows, fingerprints: fingerprints)
    }

    struct Comparison {
        var regressions: [String] = []
        var improvements: [String] = []
        /// Arms whose trajectory fingerprint differs from the baseline's.
        var changedArms: [String] = []
    }

    func compare(with context: ReportContext) -> Comparison {
        var comparison = Comparison()
        if let manifest = RunManifest.read("\(path)/manifest.json") {
            let current = RunManifest(context)
            var differences: [String] = []
            if manifest.scenario != current.scenario { differences.append("scenario \(manifest.scenario) vs \(current.scenario)") }
            if manifest.seed != current.seed { differences.append("seed \(manifest.seed) vs \(current.seed)") }
            if manifest.devices != current.devices { differences.append("devices \(manifest.devices) vs \(current.devices)") }
            if manifest.days != current.days { differences.append("days \(manifest.days) vs \(current.days)") }
            if manifest.toolVersion != current.toolVersion { differences.append("dnsim-events \(manifest.toolVersion) vs \(current.toolVersion)") }
            if !differences.isEmpty {
                comparison.regressions.append("baseline \(path) is not comparable with this run (\(differences.joined(separator: ", "))): regenerate it or pass the matching --seed/--devices/--days")
                return comparison
            }
        }
        for (index, arm) in context.plan.arms.enumerated() {
            guard let old = rows[arm.name] else {
                comparison.improvements.append("\(arm.name) is new (not in the baseline)")
                continue
            }
            let statistics = context.result.arms[index]
            if let fingerprint = fingerprints[arm.name], fingerprint != statistics.fingerprintHex {
                comparison.changedArms.append(arm.name)
            }
            for column in SummaryColumns.all where column.direction != .neutral && column.unit == "fraction" {
                guard let before = old[column.name], let after = column.value(statistics, days: context.days) else { continue }
                var tolerance = CheckCommand.toleranceFloor
                if let names = column.intervalColumns, let low = old[names.low], let high = old[names.high],
                   let interval = column.confidenceInterval(statistics) {
                    tolerance = max(tolerance, ((high - low) / 2 * (high - low) / 2 + interval.halfWidth * interval.halfWidth).squareRoot())
                }
                let worse = column.direction == .lowerIsBetter ? after - before : before - after
                let line = "\(arm.name) \(column.name.replacingOccurrences(of: "_rate", with: "")): "
                    + String(format: "%.1f%% → %.1f%% (%+.1f pp, tolerance %.1f pp)", before * 100, after * 100, (after - before) * 100, tolerance * 100)
                if worse > tolerance { comparison.regressions.append(line) } else if -worse > tolerance { comparison.improvements.append(line) }
            }
        }
        return comparison
    }
}
