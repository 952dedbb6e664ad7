import DNSimAnalysis

/// The files an uncertainty study adds to its report folder: the per-world table always, the
/// sensitivities and the decision always (they are what `check` compares), and with Markdown
/// the report, its tornado chart and its value-of-information chart.
public enum UncertaintyReport {
    public static let fileNames = [
        "uncertainty.csv", "sensitivity.csv", "decision.json", "uncertainty.md", "sensitivity.svg", "evppi.svg",
        "regret.svg", "flips.svg",
    ]

    public static func files(_ study: UncertaintyStudy, formats: Set<String>) -> [(String, String)] {
        files(study, UncertaintyAnalysis(study), formats: formats)
    }

    /// The files, from an analysis already made (a run prints its summary from the same one).
    public static func files(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis, formats: Set<String>) -> [(
        String, String
    )] {
        var files = [
            ("uncertainty.csv", UncertaintyCSV.render(study)), ("sensitivity.csv", SensitivityCSV.render(analysis)),
            ("decision.json", DecisionJSON.render(study, analysis)),
        ]
        if formats.contains("md") {
            files += [
                ("uncertainty.md", UncertaintyMarkdown.render(study, analysis)),
                ("sensitivity.svg", TornadoChart.render(study, analysis)),
                ("evppi.svg", ValueOfInformationChart.render(study, analysis)),
                ("regret.svg", RegretChart.render(study, analysis)),
                ("flips.svg", FlipChart.render(study, analysis)),
            ]
        }
        return files
    }

    /// One line per platform for the terminal: the recommendation and how sure it is, from the
    /// analysis the report was written from.
    public static func summaryLines(_ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis) -> [String] {
        analysis.decisions.map { UncertaintyMarkdown.sentence($0, study, code: { $0 }, strong: { $0 }) }
    }
}
