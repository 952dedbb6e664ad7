import DNSimAnalysis
import Foundation

/// A study's sections of `report.html`: each platform's recommendation with its regret, what to measure
/// first and where the decision flips, from the values and tables uncertainty.md is written from.
enum StudyPage {
    static func sections(
        _ study: UncertaintyStudy, _ analysis: UncertaintyAnalysis,
        charts: [String: String]
    ) -> [ReportPage.Section] {
        func figure(_ file: String, _ caption: String) -> [ReportPage.Block] {
            charts[file].map { [.figure(svg: $0, file: file, caption: caption)] } ?? []
        }
        var decision = analysis.decisions.flatMap { ReportPage.paragraphs(UncertaintyMarkdown.sentence($0, study)) }
        for entry in analysis.decisions.flatMap(\.coverage) {
            decision.append(.warning("⚠ " + UncertaintyMarkdown.coverageWarning(entry, study)))
        }
        decision.append(
            .paragraph(
                "Utility per cycle = \(study.objective.formula). **\(study.designs.count) worlds**, "
                    + "each \(study.devicesPerWorld) devices × \(study.days) days; regret is a world's best feasible "
                    + "utility minus the arm's. Each world's figures are in `uncertainty.csv`; the full study report is "
                    + "[uncertainty.md](uncertainty.md)."))
        var regret: [ReportPage.Block] = [
            .paragraph(UncertaintyMarkdown.regretLegend + " ✓ the recommended arm."),
            .table(UncertaintyMarkdown.regretTable(study, analysis)),
        ]
        regret += figure("regret.svg", "Regret over the worlds")
        var measure: [ReportPage.Block] = []
        for decision in analysis.decisions {
            measure.append(.paragraph(UncertaintyMarkdown.measureFirst(decision, study)))
            measure.append(.table(UncertaintyMarkdown.valueOfInformationTable(decision, study)))
        }
        measure += figure("evppi.svg", "What to measure first")
        let flipLines = UncertaintyMarkdown.flipLines(study, analysis)
        let flips: [ReportPage.Block] =
            flipLines.isEmpty
            ? [.paragraph("No parameter flips the decision within its range.")]
            : [.list(flipLines)] + figure("flips.svg", "Where the decision flips")
        return [
            .init("The decision under uncertainty", decision),
            .init("Probability of being best, and regret", regret, subsection: true),
            .init("What to measure first", measure, subsection: true),
            .init("Where the decision flips", flips, subsection: true),
            .init(
                "The arms over the worlds",
                [.table(UncertaintyMarkdown.armsTable(study, analysis))]
                    + figure("sensitivity.svg", "What the decision depends on"), subsection: true),
        ]
    }
}
