import DNSimCore
import DNSimScenario
import Foundation

/// What `check` found for one scenario: each `expect:` entry on each arm it
/// applies to, each rate of each arm against the baseline, each arm's
/// fingerprint, and from those the failures and the verdict. Every output of
/// `check` (the console lines, `--format json`, `--junit`, GitHub annotations
/// and the step summary) renders this one value, so they always agree.
public struct ScenarioCheck: Sendable {
    /// One `expect:` entry applied to one arm.
    public struct ExpectationResult: Sendable {
        public var arm: String
        /// The `summary.csv` column, e.g. `missed_rate`.
        public var column: String
        public var isFraction: Bool
        public var value: Double
        public var min: Double?
        public var max: Double?
        /// The share of the study's worlds the bound must hold in; `value` is then the share it
        /// holds in, of `worlds` worlds.
        public var probability: Double?
        public var worlds: Int?
        /// The fleet segment whose row was bounded (`expect: { segment }`); nil: the whole fleet.
        public var segment: String?
        public var mark: SourceMark
        /// Why it failed, or nil when it holds.
        public var problem: String?

        public var passed: Bool { problem == nil }

        /// `missed_rate ≤ 1.00%`, `fresh_rate ≥ 80.00%`, both bounds, or `missed_rate ≤ 5.00% in 90% of worlds`.
        public var bound: String {
            var parts: [String] = []
            if let min { parts.append("≥ \(ScenarioCheck.show(min, fraction: isFraction))") }
            if let max { parts.append("≤ \(ScenarioCheck.show(max, fraction: isFraction))") }
            return "\(column) " + parts.joined(separator: " and ")
                + (probability.map { " in \(ScenarioCheck.share($0)) of worlds" } ?? "")
                + (segment.map { " in segment \($0)" } ?? "")
        }
    }

    /// Where the baseline came from.
    public enum BaselineSource: String, Sendable {
        /// `--baseline DIR`.
        case option = "--baseline"
        /// `Reports/<name>/`, used because no `--baseline` was given and it exists.
        case reportsFolder = "default"
    }

    /// One thing that makes the check fail: a JUnit failure, a `REGRESSION` line, an annotation.
    public struct Failure: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case expectation
            case regression
            case behaviourChanged = "behaviour_changed"
            /// An uncertainty study's P(best), regret or quantile moved beyond its tolerance.
            case studyMoved = "study_moved"
            /// A platform's recommended arm is not the baseline's.
            case recommendationChanged = "recommendation_changed"
        }

        public var kind: Kind
        public var arm: String
        /// The figure that failed: a column, or `fingerprint`.
        public var figure: String
        /// The readable line, without the `REGRESSION <scenario>:` prefix.
        public var message: String
        /// The scenario line it points at: the `expect:` entry, or the file's first line.
        public var line: Int
        public var column: Int
        /// The fleet segment the figure is of (`segments.csv`); nil: the whole fleet.
        public var segment: String? = nil
    }

    /// One checked figure of one arm, as a JUnit test case lists it.
    public struct Case: Sendable {
        public var arm: String
        public var name: String
        /// The column checked, or `fingerprint`.
        public var figure: String
        public var line: Int
        public var failure: Failure?
        /// The fleet segment the figure is of; nil: the whole fleet.
        public var segment: String? = nil
    }

    public var scenario: String
    public var file: String
    public var seed: String
    public var devices: Int
    public var days: Int
    public var strict: Bool
    public var expectations: [ExpectationResult] = []
    public var baselinePath: String?
    public var baselineSource: BaselineSource?
    public var comparison: BaselineComparison?
    /// Each fleet segment against the baseline's `segments.csv` (none without a fleet of two or more
    /// segments, or a baseline without the file).
    public var segmentComparisons: [SegmentComparison] = []
    /// The run's segments the baseline's `segments.csv` does not have.
    public var newSegments: [String] = []
    /// The uncertainty study against the baseline's decision.json, when the scenario has a study.
    public var study: StudyComparison?
    /// The `uncertainty:` section's line, where a study's failures point.
    public var studyLine = 1
    /// The metric definitions the run was measured under, and whose they are.
    public var definitions: CheckDefinitions
    /// Arms with many notifications exactly on the `lateAfter` line (`ThresholdShare`), in arm order.
    public var thresholds: [(arm: String, share: ThresholdShare)] = []
    /// The default baseline folder looked for and not found, so only the `expect:` entries ran.
    public var missingBaseline: String?
    /// `check --arms`: only these arms' figures are checked (a recommendation when it names one
    /// of them before or after); nil checks every arm.
    public var gatedArms: Set<String>?

    public init(
        scenario: Scenario, summary: SummaryTable, seed: UInt64, devices: Int, days: Int,
        baseline: (report: BaselineReport, source: BaselineSource)?, strict: Bool,
        definitions: CheckDefinitions, thresholds: [(arm: String, share: ThresholdShare)] = [],
        missingBaseline: String? = nil,
        study: UncertaintyStudy? = nil, studyAnalysis: UncertaintyAnalysis? = nil,
        gatedArms: Set<String>? = nil, utilities: [String: Double] = [:], segments: [SegmentSummary]
    ) {
        self.gatedArms = gatedArms
        self.definitions = definitions
        self.missingBaseline = missingBaseline
        self.thresholds = thresholds.filter { $0.share.warrantsWarning }
        self.scenario = scenario.name
        file = scenario.file
        self.seed = String(seed)
        self.devices = devices
        self.days = days
        self.strict = strict
        for expectation in scenario.expectations
        where expectation.probability == nil && expectation.metric == Expectation.utility
            && expectation.segment == nil
        {
            let place = "\(scenario.file):\(expectation.mark.line):\(expectation.mark.column)"
            for row in summary.rows where expectation.applies(to: row.arm) {
                guard let value = utilities[row.arm] else { continue }
                var problem: String?
                if let max = expectation.max, value > max {
                    problem =
                        "\(row.arm) utility: \(Self.show(value, fraction: false)) per cycle "
                        + "is above the expected max \(Self.show(max, fraction: false)) (\(place))"
                } else if let min = expectation.min, value < min {
                    problem =
                        "\(row.arm) utility: \(Self.show(value, fraction: false)) per cycle "
                        + "is below the expected min \(Self.show(min, fraction: false)) (\(place))"
                }
                expectations.append(
                    ExpectationResult(
                        arm: row.arm, column: Expectation.utility, isFraction: false, value: value,
                        min: expectation.min, max: expectation.max, mark: expectation.mark, problem: problem))
            }
        }
        for expectation in scenario.expectations where expectation.probability == nil {
            guard let column = SummaryColumns.named(expectation.metric) else { continue }
            let fraction = column.unit == "fraction"
            // A segment's bound reads that segment's rows (`segments.csv`), the fleet's the summary's.
            let rows =
                expectation.segment.map { name in
                    segments.first { $0.name == name }?.summary.rows ?? []
                } ?? summary.rows
            let inSegment = expectation.segment.map { " in segment \($0)" } ?? ""
            for row in rows where expectation.applies(to: row.arm) {
                guard let value = row.value(column.name) else { continue }
                var problem: String?
                let place = "\(scenario.file):\(expectation.mark.line):\(expectation.mark.column)"
                let figure = "\(row.arm) \(column.name)\(inSegment)"
                if let max = expectation.max, value > max {
                    problem =
                        "\(figure): \(Self.show(value, column)) is above the expected max "
                        + "\(Self.show(max, column)) (\(place))"
                } else if let min = expectation.min, value < min {
                    problem =
                        "\(figure): \(Self.show(value, column)) is below the expected min "
                        + "\(Self.show(min, column)) (\(place))"
                }
                // The threshold share is the arm's, not a segment's.
                if problem != nil, expectation.segment == nil, let note = thresholdNote(row.arm, column.name) {
                    problem! += " " + note
                }
                expectations.append(
                    ExpectationResult(
                        arm: row.arm, column: column.name, isFraction: fraction, value: value,
                        min: expectation.min, max: expectation.max,
                        segment: expectation.segment, mark: expectation.mark,
                        problem: problem))
            }
        }
        if let baseline {
            baselinePath = baseline.report.path
            baselineSource = baseline.source
            comparison = BaselineComparison(baseline: baseline.report.summary, current: summary)
            (segmentComparisons, newSegments) = SegmentComparison.compare(
                baseline: baseline.report.segments,
                run: segments)
        }
        if let study {
            expectations += Self.overWorlds(scenario, study)
            studyLine = study.settings.mark.line
            if let decision = baseline?.report.decision {
                let analysis = studyAnalysis ?? UncertaintyAnalysis(study)
                self.study = StudyComparison(baseline: decision, study: study, analysis: analysis)
            }
        }
    }

    /// Arms whose fingerprint changed while every rate stayed within tolerance
    /// (a failure with `--strict`, a warning without).
    public var behaviourChangedArms: [String] {
        guard let comparison, comparison.regressions.isEmpty else { return [] }
        return comparison.changedArms
    }

    /// Every failure, in the order the console prints them.
    public var failures: [Failure] { cases.compactMap(\.failure) }

    public var passed: Bool { failures.isEmpty }

    /// Every checked figure: each `expect:` entry per matching arm, then per
    /// compared arm each rate and its fingerprint.
    public var cases: [Case] {
        guard let gatedArms else { return allCases }
        let recommendations = Dictionary(
            (study?.recommendations ?? []).map { ($0.platform, $0) }, uniquingKeysWith: { a, _ in a })
        return allCases.filter { check in
            if check.figure == "recommended", let recommendation = recommendations[check.arm] {
                return [recommendation.before, recommendation.after].contains { $0.map(gatedArms.contains) ?? false }
            }
            return gatedArms.contains(check.arm)
        }
    }

    /// Every checked figure, whatever `--arms` says.
    var allCases: [Case] {
        var cases = expectations.map { result in
            Case(
                arm: result.arm, name: "expect \(result.bound) (line \(result.mark.line))", figure: result.column,
                line: result.mark.line,
                failure: result.problem.map {
                    Failure(
                        kind: .expectation, arm: result.arm, figure: result.column, message: $0,
                        line: result.mark.line, column: result.mark.column,
                        segment: result.segment)
                },
                segment: result.segment)
        }
        cases += studyCases
        guard let comparison else { return cases }
        let changed = Set(strict ? behaviourChangedArms : [])
        for fingerprint in comparison.fingerprints {
            for change in comparison.comparisons where change.arm == fingerprint.arm {
                cases.append(
                    Case(
                        arm: change.arm, name: "baseline \(change.column)", figure: change.column, line: 1,
                        failure: change.verdict == .regression
                            ? Failure(
                                kind: .regression, arm: change.arm, figure: change.column, message: describe(change),
                                line: 1, column: 1)
                            : nil))
            }
            let message =
                "\(fingerprint.arm) behaviour changed: its fingerprint \(fingerprint.baseline) is now \(fingerprint.run), "
                + "though every rate is within tolerance of the baseline \(baselinePath ?? ""); regenerate the baseline if this is intended"
            cases.append(
                Case(
                    arm: fingerprint.arm, name: "baseline fingerprint", figure: "fingerprint", line: 1,
                    failure: changed.contains(fingerprint.arm)
                        ? Failure(
                            kind: .behaviourChanged, arm: fingerprint.arm, figure: "fingerprint", message: message,
                            line: 1, column: 1)
                        : nil))
        }
        for segment in segmentComparisons {
            for change in segment.comparison.comparisons {
                let failure =
                    change.verdict == .regression
                    ? Failure(
                        kind: .regression, arm: change.arm, figure: change.column,
                        message: segment.describe(change), line: 1, column: 1, segment: segment.segment)
                    : nil
                cases.append(
                    Case(
                        arm: change.arm, name: "baseline \(change.column) in segment \(segment.segment)",
                        figure: change.column, line: 1, failure: failure, segment: segment.segment))
            }
        }
        return cases
    }

    /// `improved …`, `new arm …` and the behaviour-change warning: what the console says besides failures.
    public var notes: [String] {
        var notes = ["\(definitions.isWarning ? "warning" : "note") \(scenario): \(definitions.sentence)"]
        // A threshold note goes beside the late figure a line already shows, else on its own line.
        let shown = Set(
            (comparison?.comparisons ?? []).filter { $0.verdict != .withinTolerance }.map { "\($0.arm) \($0.column)" }
        )
        .union(expectations.filter { !$0.passed }.map { "\($0.arm) \($0.column)" })
        for (arm, _) in thresholds where !shown.contains("\(arm) late_rate") {
            notes.append("warning \(scenario): \(arm) late: " + thresholdNote(arm, "late_rate")!)
        }
        guard let comparison else { return notes }
        // `--arms` gates the improvements it reports as it gates the failures.
        let gated = { (arm: String) in gatedArms?.contains(arm) ?? true }
        notes += (study?.newArms ?? []).filter(gated).map {
            "improved \(scenario): \($0) is new in the study (not in the baseline's decision.json)"
        }
        notes += (study?.figures ?? []).filter { $0.improved && gated($0.arm) }.map {
            "improved \(scenario): study \($0.description)"
        }
        notes += comparison.newArms.filter(gated).map { "improved \(scenario): \($0) is new (not in the baseline)" }
        notes += comparison.improvements.filter { gated($0.arm) }.map { "improved \(scenario): \(describe($0))" }
        notes += newSegments.map {
            "note \(scenario): segment \($0) is new (not in the baseline's segments.csv), so it is not compared"
        }
        for segment in segmentComparisons {
            notes += segment.comparison.improvements.filter { gated($0.arm) }.map {
                "improved \(scenario): \(segment.describe($0))"
            }
        }
        if !strict, !behaviourChangedArms.isEmpty {
            notes.append(
                "warning \(scenario): behaviour changed: the event trajectories of \(behaviourChangedArms.joined(separator: ", ")) "
                    + "differ from the baseline \(baselinePath ?? ""), though every rate is within tolerance; "
                    + "regenerate the baseline if this is intended")
        }
        return notes
    }

    /// The console's `REGRESSION <scenario>: …` lines.
    public var regressionLines: [String] { failures.map { "REGRESSION \(scenario): \($0.message)" } }

    /// The one line that ends the scenario's output.
    public var summaryLine: String {
        let checks = cases.count
        var what: [String] = []
        if !expectations.isEmpty { what.append("\(expectations.count) expect: check(s)") }
        if let comparison {
            let segmentFigures = segmentComparisons.map(\.comparison.comparisons.count).reduce(0, +)
            what.append(
                "\(comparison.comparisons.count) figure(s)"
                    + (segmentFigures > 0
                        ? ", \(segmentFigures) segment figure(s) (\(segmentComparisons.count) segments)" : "")
                    + " and \(comparison.fingerprints.count) fingerprint(s) against \(baselinePath ?? "")")
        }
        if let study {
            what.append(
                "\(study.recommendations.count) recommendation(s) and \(study.figures.count) study figure(s) against \(study.path)"
            )
        }
        if expectations.isEmpty, comparison == nil { what.append("no expect: entry matched an arm") }
        if comparison == nil {
            what.append("no baseline compared" + (missingBaseline.map { ": \($0)/ does not exist" } ?? ""))
        }
        let detail = what.joined(separator: ", ")
        if passed { return "\(scenario): ok (\(detail))" }
        return "\(scenario): \(failures.count) regression(s) in \(checks) check(s) (\(detail))"
    }

    /// The ⚠ for `arm`'s `column` when it is the late rate and many of its notifications sit on the line.
    public func thresholdNote(_ arm: String, _ column: String) -> String? {
        guard column == "late_rate", let share = thresholds.first(where: { $0.arm == arm })?.share else { return nil }
        return "⚠ \(FigureText.percent(share.share)) of its shown notifications appear exactly lateAfter "
            + "(\(FigureText.seconds(definitions.values.lateAfter))) after T and count as on time: a setting "
            + "(such as contentTimeout) sits on the threshold, so this late rate says little"
    }

    /// A change's line, with the threshold note beside a late rate.
    public func describe(_ change: BaselineComparison.Change) -> String {
        change.description + (thresholdNote(change.arm, change.column).map { " " + $0 } ?? "")
    }

    /// A figure with its unit, as a message says it: `12.50%`, `599.6 s` (a time to 0.1 s, `300 s` when whole).
    public static func show(_ value: Double, _ column: SummaryColumn) -> String {
        guard column.unit == "s" else { return show(value, fraction: column.unit == "fraction") }
        let tenths = (value * 10).rounded() / 10
        return (tenths == tenths.rounded() ? String(format: "%.0f", tenths) : String(format: "%.1f", tenths)) + " s"
    }

    public static func show(_ value: Double, fraction: Bool) -> String {
        fraction ? String(format: "%.2f%%", value * 100) : String(format: "%.3f", value)
    }
}
