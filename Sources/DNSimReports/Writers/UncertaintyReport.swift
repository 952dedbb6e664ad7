import DNSimAnalysis

/// The files an uncertainty study adds to its report folder: the per-world table always, the
/// sensitivities and the decision always (they are what `check` compares), and with Markdown
/// the report, its tornado chart and its value-of-information chart.
public enum UncertaintyReport {
    public static let fileNames = ["uncertainty.csv", "sensitivity.csv", "decision.json", "uncertainty.md", "sensitivity.svg", "evppi.svg",
                                     "regret.svg", "flips.svg"]

    public static func files(_ study: UncertaintyStudy, formats: Set<String>,
                             analysis: UncertaintyAnalysis? = nil) -> [(String, String)] {
        let analysis = analysis ?? UncertaintyAnalysis(study)
        var files = [("uncertainty.csv", UncertaintyCSV.render(study)), ("sensitivity.csv", SensitivityCSV.render(analysis)),
                     ("decision.json", DecisionJSON.render(study, analysis))]
        if formats.contains("md") {
            files += [("uncertainty.md", UncertaintyMarkdown.render(study, analysis)), ("sensitivity.svg", TornadoChart.render(study, analysis)),
                      ("evppi.svg", ValueOfInformationChart.render(study, analysis)), ("regret.svg", RegretChart.render(study, analysis)),
                      ("flips.svg", FlipChart.render(study, analysis))]
        }
        return files
    }

    /// One line per arm the study does not assess, for stderr: its own conditions are all fixed.
    public static func coverageWarnings(_ study: UncertaintyStudy) -> [String] {
        // From the table alone: the full analysis (bootstrap intervals) is not needed for this.
        study.platforms.flatMap { platform in
            ArmCoverage.unassessed(study, arms: platform.arms).map { entry in
                UncertaintyMarkdown.coverageWarning(entry, study).replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
            }
        }
    }

    /// One line per platform for the terminal: the recommendation and how sure it is.
    public static func summaryLines(_ study: UncertaintyStudy) -> [String] {
        UncertaintyAnalysis(study).decisions.map { decision in
            UncertaintyMarkdown.sentence(decision, study).replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
        }
    }
}
