import DNSimAnalysis
import Foundation

/// `compare --out`'s `report.html`: the differences table and the notes of compare.md, from the same comparison.
enum ComparisonPage {
    static func build(_ comparison: ScenarioComparison) -> ReportPage {
        let (a, b) = (comparison.a, comparison.b)
        var page = ReportPage(
            title: "dnsim-events compare: \(a.name) → \(b.name)",
            lead: [
                .paragraph(
                    "B − A for every arm both scenarios run: A is `\(a.file)` (\(a.name)), "
                        + "B is `\(b.file)` (\(b.name)). " + ComparisonMarkdown.sameDevices(comparison)
                        + " Each difference is the mean per-device difference with its 95% t-interval over devices; "
                        + "**bold** marks those whose interval, as shown, excludes zero. "
                        + ComparisonMarkdown.definitionsSentence(comparison))
            ])
        page.add(
            .init(
                "Differences",
                comparison.arms.isEmpty
                    ? [.paragraph("No arm runs in both.")]
                    : [
                        .table(ComparisonMarkdown.table(comparison, bold: true)),
                        .paragraph(ComparisonMarkdown.zeroNote),
                    ]))
        let unmatched = ComparisonMarkdown.unmatchedLines(comparison)
        page.add(.init("Arms in one scenario only", unmatched.isEmpty ? [] : [.list(unmatched)]))
        page.add(.init("Notes", comparison.notes.isEmpty ? [] : [.list(comparison.notes)]))
        page.add(
            .init(
                "Reproduce",
                [
                    .code(comparison.reproduceCommand),
                    .paragraph("The same two files and seed give the same comparison on every run, whatever `--jobs`."),
                ]))
        return page
    }
}
