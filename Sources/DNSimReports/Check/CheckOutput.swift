import DNSimAnalysis
import DNSimCore
import DNSimScenario
import DNSimText
import Foundation

/// `check`'s machine-readable outputs, each rendered from the same
/// `ScenarioCheck` values: `--format json`, `--junit FILE`, GitHub Actions
/// annotations and the Markdown for `$GITHUB_STEP_SUMMARY`. Pure functions of
/// their input: keys and elements come in a fixed order, so each is byte-stable.
public enum CheckOutput {
    // MARK: --format json

    /// The verdict, then every scenario with every comparison, its tolerance and the numbers behind it.
    public static func json(_ checks: [ScenarioCheck], exitCode: Int32) -> String {
        let passed = checks.allSatisfy(\.passed)
        var scenarios: [String] = []
        for check in checks {
            var fields: [String] = [
                "\"scenario\": \(JSONQuoting.quoted(check.scenario))",
                "\"file\": \(JSONQuoting.quoted(check.file))",
                "\"verdict\": \(JSONQuoting.quoted(check.passed ? "ok" : "regression"))",
                "\"seed\": \(JSONQuoting.quoted(check.seed))",
                "\"devices\": \(check.devices)",
                "\"days\": \(check.days)",
                "\"strict\": \(check.strict)",
            ]
            if let path = check.baselinePath, let source = check.baselineSource {
                fields.append(
                    "\"baseline\": {\"path\": \(JSONQuoting.quoted(path)), \"chosen_by\": \(JSONQuoting.quoted(source.rawValue))}"
                )
            } else {
                fields.append("\"baseline\": null")
            }
            fields.append("\"definitions\": " + definitions(check.definitions))
            fields.append(
                "\"threshold_warnings\": "
                    + list(
                        check.thresholds.map { item in
                            "{\"arm\": \(JSONQuoting.quoted(item.arm)), \"figure\": \"late_rate\", \"share_on_threshold\": \(number(item.share.share)), "
                                + "\"message\": \(JSONQuoting.quoted(check.thresholdNote(item.arm, "late_rate") ?? ""))}"
                        }, indent: 6))
            let expectations = check.expectations.map { result in
                "{\"arm\": \(JSONQuoting.quoted(result.arm)), \"metric\": \(JSONQuoting.quoted(result.column)), \"value\": \(number(result.value)), "
                    + "\"min\": \(result.min.map(number) ?? "null"), \"max\": \(result.max.map(number) ?? "null"), "
                    + (result.probability.map { "\"probability\": \(number($0)), \"worlds\": \(result.worlds ?? 0), " }
                        ?? "")
                    + (result.segment.map { "\"segment\": \(JSONQuoting.quoted($0)), " } ?? "")
                    + "\"line\": \(result.mark.line), \"column\": \(result.mark.column), "
                    + "\"verdict\": \(JSONQuoting.quoted(result.passed ? "pass" : "fail"))}"
            }
            fields.append("\"expectations\": " + list(expectations, indent: 6))
            func comparison(_ change: BaselineComparison.Change, segment: String?) -> String {
                "{" + (segment.map { "\"segment\": \(JSONQuoting.quoted($0)), " } ?? "")
                    + "\"arm\": \(JSONQuoting.quoted(change.arm)), \"metric\": \(JSONQuoting.quoted(change.column)), "
                    + "\"better\": \(JSONQuoting.quoted(change.higherIsBetter ? "higher" : "lower")), \"baseline\": \(number(change.before)), "
                    + "\"run\": \(number(change.after)), \"change\": \(number(change.after - change.before)), "
                    + "\"baseline_half_width\": \(change.baselineHalfWidth.map(number) ?? "null"), "
                    + "\"run_half_width\": \(change.runHalfWidth.map(number) ?? "null"), "
                    + "\"tolerance\": \(number(change.tolerance)), \"verdict\": \(JSONQuoting.quoted(change.verdict.rawValue))"
                    + (change.column == "late_rate" && segment == nil
                        ? ", \"threshold_warning\": \(check.thresholdNote(change.arm, change.column).map(JSONQuoting.quoted) ?? "null")"
                        : "")
                    + "}"
            }
            let comparisons = (check.comparison?.comparisons ?? []).map { comparison($0, segment: nil) }
            fields.append("\"comparisons\": " + list(comparisons, indent: 6))
            // Per fleet segment (segments.csv), as the fleet's: only with a fleet of two or more segments.
            if !check.segmentComparisons.isEmpty || !check.newSegments.isEmpty {
                let segmentComparisons = check.segmentComparisons.flatMap { segment in
                    segment.comparison.comparisons.map { comparison($0, segment: segment.segment) }
                }
                fields.append("\"segment_comparisons\": " + list(segmentComparisons, indent: 6))
                let newSegments = check.newSegments.map(JSONQuoting.quoted).joined(separator: ", ")
                fields.append("\"new_segments\": [" + newSegments + "]")
            }
            let changed = Set(check.behaviourChangedArms)
            let fingerprints = (check.comparison?.fingerprints ?? []).map { fingerprint in
                let verdict =
                    fingerprint.baseline.isEmpty || fingerprint.baseline == fingerprint.run
                    ? "same"
                    : (changed.contains(fingerprint.arm) && check.strict ? "regression" : "changed")
                return
                    "{\"arm\": \(JSONQuoting.quoted(fingerprint.arm)), \"baseline\": \(JSONQuoting.quoted(fingerprint.baseline)), "
                    + "\"run\": \(JSONQuoting.quoted(fingerprint.run)), \"verdict\": \(JSONQuoting.quoted(verdict))}"
            }
            fields.append("\"fingerprints\": " + list(fingerprints, indent: 6))
            fields.append(
                "\"new_arms\": [" + (check.comparison?.newArms ?? []).map(JSONQuoting.quoted).joined(separator: ", ")
                    + "]")
            fields.append("\"study\": " + study(check.study))
            fields.append(
                "\"failures\": "
                    + list(
                        check.failures.map {
                            "{\"kind\": \(JSONQuoting.quoted($0.kind.rawValue)), \"arm\": \(JSONQuoting.quoted($0.arm)), "
                                + ($0.segment.map { "\"segment\": \(JSONQuoting.quoted($0)), " } ?? "")
                                + "\"figure\": \(JSONQuoting.quoted($0.figure)), \"line\": \($0.line), \"message\": \(JSONQuoting.quoted($0.message))}"
                        }, indent: 6))
            scenarios.append("    {\n      " + fields.joined(separator: ",\n      ") + "\n    }")
        }
        return """
            {
              "tool_version": \(JSONQuoting.quoted(ToolVersion.current)),
              "verdict": \(JSONQuoting.quoted(passed ? "ok" : "regression")),
              "exit_code": \(exitCode),
              "scenarios": [
            \(scenarios.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// `{"decision": PATH, "worlds": {…}, "recommendations": […], "figures": […]}`, or `null` without a study baseline.
    static func study(_ study: StudyComparison?) -> String {
        guard let study else { return "null" }
        let q = JSONQuoting.quoted
        let recommendations = study.recommendations.map {
            "{\"platform\": \(q($0.platform)), \"baseline\": \($0.before.map(q) ?? "null"), \"run\": \($0.after.map(q) ?? "null"), "
                + "\"verdict\": \(q($0.changed ? "changed" : "same"))}"
        }
        let figures = study.figures.map {
            "{\"arm\": \(q($0.arm)), \"figure\": \(q($0.name)), \"baseline\": \(number($0.before)), \"run\": \(number($0.after)), "
                + "\"tolerance\": \(number($0.tolerance)), "
                + "\"verdict\": \(q($0.regressed ? "regression" : $0.improved ? "improvement" : "within_tolerance"))}"
        }
        return
            "{\"decision\": \(q(study.path)), \"worlds\": {\"baseline\": \(study.baselineWorlds), \"run\": \(study.worlds)}, "
            + "\"recommendations\": " + list(recommendations, indent: 6) + ", \"figures\": " + list(figures, indent: 6)
            + "}"
    }

    /// `{"source": …, "freshWithin_ms": …, …, "scenario_defaults_ms": {…}, "message": …}`.
    static func definitions(_ definitions: CheckDefinitions) -> String {
        let values = definitions.values
        var parts: [String] = ["\"source\": \(JSONQuoting.quoted(definitions.source.rawValue))"]
        for key in MetricDefinitions.keys { parts.append("\(JSONQuoting.quoted(key + "_ms")): \(values[key])") }
        let defaults: [String] = definitions.adopted.map { "\(JSONQuoting.quoted($0.key)): \($0.own)" }
        parts.append("\"scenario_defaults_ms\": {" + defaults.joined(separator: ", ") + "}")
        parts.append("\"message\": \(JSONQuoting.quoted(definitions.sentence))")
        return "{" + parts.joined(separator: ", ") + "}"
    }

    static func list(_ items: [String], indent: Int) -> String {
        guard !items.isEmpty else { return "[]" }
        let pad = String(repeating: " ", count: indent + 2)
        return "[\n" + items.map { pad + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent)
            + "]"
    }

    static func number(_ value: Double) -> String { SummaryJSON.number(value) }

    // MARK: --junit FILE

    /// How every JUnit report of `check` begins: what `--junit` recognises as one it may replace.
    public static let junitOpening =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"dnsim-events check\""

    /// JUnit XML: a `<testsuite>` per scenario, a `<testcase>` per arm × checked
    /// figure, a `<failure>` with the readable message for each failure.
    public static func junit(_ checks: [ScenarioCheck]) -> String {
        let tests = checks.map(\.cases.count).reduce(0, +)
        let failures = checks.map(\.failures.count).reduce(0, +)
        var xml = junitOpening
        xml += " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for check in checks {
            let cases = check.cases
            xml +=
                "  <testsuite name=\(XMLEscaping.attribute(check.scenario)) tests=\"\(cases.count)\" failures=\"\(check.failures.count)\" "
                + "errors=\"0\" skipped=\"0\" file=\(XMLEscaping.attribute(check.file))>\n"
            xml += "    <properties>\n"
            var properties = [
                ("seed", check.seed), ("devices", String(check.devices)), ("days", String(check.days)),
                ("dnsim-events", ToolVersion.current),
            ]
            if let path = check.baselinePath { properties.append(("baseline", path)) }
            properties.append(("definitions", check.definitions.source.rawValue))
            for key in MetricDefinitions.keys {
                properties.append(("metrics.\(key)", MetricDefinitions.text(check.definitions.values[key])))
            }
            properties.append(("definitions_note", check.definitions.sentence))
            for (name, value) in properties {
                xml += "      <property name=\(XMLEscaping.attribute(name)) value=\(XMLEscaping.attribute(value))/>\n"
            }
            xml += "    </properties>\n"
            for testCase in cases {
                let opening =
                    "    <testcase classname=\(XMLEscaping.attribute("\(check.scenario).\(testCase.arm)")) "
                    + "name=\(XMLEscaping.attribute(testCase.name)) file=\(XMLEscaping.attribute(check.file)) line=\"\(testCase.line)\""
                let note =
                    check.thresholdNote(testCase.arm, testCase.figure).map {
                        "      <system-out>\(XMLEscaping.escaped($0))</system-out>\n"
                    } ?? ""
                guard let failure = testCase.failure else {
                    xml += note.isEmpty ? opening + "/>\n" : opening + ">\n" + note + "    </testcase>\n"
                    continue
                }
                xml += opening + ">\n" + note
                xml +=
                    "      <failure message=\(XMLEscaping.attribute(failure.message)) type=\(XMLEscaping.attribute(failure.kind.rawValue))>"
                    + XMLEscaping.escaped("\(check.file):\(failure.line):\(failure.column): \(failure.message)")
                    + "</failure>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    // MARK: GitHub Actions

    /// `::error file=…,line=…::` for each failure (at the `expect:` entry, or the
    /// scenario's first line for a baseline regression), `::warning` for a
    /// behaviour change that is not a failure.
    public static func githubAnnotations(_ check: ScenarioCheck) -> [String] {
        var lines = check.failures.map { failure in
            "::error file=\(property(check.file)),line=\(failure.line),col=\(failure.column),"
                + "title=\(property("dnsim-events check: \(check.scenario)"))::\(data(failure.message))"
        }
        let title = property("dnsim-events check: \(check.scenario)")
        if check.definitions.isWarning {
            lines.append(
                "::warning file=\(property(check.file)),line=1,title=\(title)::" + data(check.definitions.sentence))
        }
        for (arm, _) in check.thresholds {
            lines.append(
                "::warning file=\(property(check.file)),line=1,title=\(title)::"
                    + data("\(arm) late: " + check.thresholdNote(arm, "late_rate")!))
        }
        if !check.strict, !check.behaviourChangedArms.isEmpty {
            lines.append(
                "::warning file=\(property(check.file)),line=1,title=\(property("dnsim-events check: \(check.scenario)"))::"
                    + data(
                        "behaviour changed: the event trajectories of \(check.behaviourChangedArms.joined(separator: ", ")) "
                            + "differ from the baseline \(check.baselinePath ?? ""), though every rate is within tolerance"
                    ))
        }
        return lines
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as `data`, and `:` and `,` too.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// The Markdown appended to `$GITHUB_STEP_SUMMARY`: a heading with the
    /// verdict, and the table of what failed (or what passed).
    public static func stepSummary(_ check: ScenarioCheck) -> String {
        var md =
            "### dnsim-events check: `\(check.scenario)` "
            + (check.passed ? "passed" : "failed: \(check.failures.count) regression(s)") + "\n\n"
        md += "`\(check.file)`, seed \(check.seed), \(check.devices) devices × \(check.days) days"
        if let path = check.baselinePath {
            md += ", baseline `\(path)`" + (check.baselineSource == .reportsFolder ? " (by default)" : "")
        }
        md +=
            ". \(check.cases.count) check(s), \(check.definitions.isWarning ? "⚠ " : "")\(check.definitions.sentence).\n\n"
        for (arm, _) in check.thresholds { md += "- `\(arm)` late: \(check.thresholdNote(arm, "late_rate")!).\n" }
        if !check.thresholds.isEmpty { md += "\n" }
        if check.passed {
            return md
        }
        md += "| arm | figure | baseline | run | change | tolerance or bound | where |\n|---|---|--:|--:|--:|--:|---|\n"
        for failure in check.failures {
            switch failure.kind {
            case .expectation:
                let result = check.expectations.first {
                    $0.arm == failure.arm && $0.column == failure.figure && $0.mark.line == failure.line
                        && $0.segment == failure.segment
                }
                let run =
                    result.map {
                        $0.probability == nil
                            ? ScenarioCheck.show($0.value, fraction: $0.isFraction)
                            : "\(ScenarioCheck.share($0.value)) of worlds"
                    } ?? ""
                let bound = result.map { String($0.bound.dropFirst($0.column.count + 1)) } ?? ""
                md +=
                    "| \(cell(failure.arm)) | \(cell(figure(failure))) | | \(run) | | \(cell(bound)) "
                    + "| `\(cell(check.file)):\(failure.line)` |\n"
            case .regression:
                let compared =
                    failure.segment.map { name in
                        check.segmentComparisons.first { $0.segment == name }?.comparison
                    } ?? check.comparison
                let change = compared?.comparisons.first { $0.arm == failure.arm && $0.column == failure.figure }
                let numbers =
                    change.map {
                        (
                            String(format: "%.2f%%", $0.before * 100), String(format: "%.2f%%", $0.after * 100),
                            String(format: "%+.2f pp", ($0.after - $0.before) * 100),
                            String(format: "%.2f pp", $0.tolerance * 100)
                        )
                    } ?? ("", "", "", "")
                md +=
                    "| \(cell(failure.arm)) | \(cell(figure(failure))) | \(numbers.0) | \(numbers.1) | \(numbers.2) "
                    + "| \(numbers.3) | baseline |\n"
            case .behaviourChanged:
                md += "| \(cell(failure.arm)) | fingerprint | | | changed | `--strict` | baseline |\n"
            case .recommendationChanged:
                let change = check.study?.recommendations.first { $0.platform == failure.arm }
                md +=
                    "| \(cell(failure.arm)) | recommended | \(cell(change?.before ?? "none")) | \(cell(change?.after ?? "none")) "
                    + "| changed | the same arm | decision.json |\n"
            case .studyMoved:
                let figure = check.study?.figures.first { $0.arm == failure.arm && $0.name == failure.figure }
                let numbers =
                    figure.map {
                        (
                            String(format: "%.4f", $0.before), String(format: "%.4f", $0.after),
                            String(format: "%+.4f", $0.after - $0.before),
                            String(format: "%.4f", $0.tolerance)
                        )
                    } ?? ("", "", "", "")
                md +=
                    "| \(cell(failure.arm)) | \(cell(failure.figure)) | \(numbers.0) | \(numbers.1) | \(numbers.2) | \(numbers.3) "
                    + "| decision.json |\n"
            }
        }
        return md + "\n"
    }

    /// A failure's figure, with its fleet segment when it is one's.
    static func figure(_ failure: ScenarioCheck.Failure) -> String {
        failure.figure + (failure.segment.map { " in segment \($0)" } ?? "")
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
