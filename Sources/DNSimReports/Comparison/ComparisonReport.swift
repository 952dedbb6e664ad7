import DNSimAnalysis
import Foundation

/// The files `compare --out DIR` writes, and how an earlier one is recognised (so a second
/// comparison into DIR replaces it, and a file of the user's by that name is never replaced).
public enum ComparisonReport {
    public static let fileNames = ["compare.md", "compare.csv", HTMLReportWriter.fileName]

    public static func files(_ comparison: ScenarioComparison) -> [(String, String)] {
        [
            ("compare.md", ComparisonMarkdown.render(comparison)), ("compare.csv", ComparisonCSV.render(comparison)),
            (HTMLReportWriter.fileName, HTMLReportWriter.render(ComparisonPage.build(comparison))),
        ]
    }

    /// Whether `path` is a `compare.md`, `compare.csv` or `report.html` this tool wrote.
    static func isOwn(_ path: String) -> Bool {
        switch URL(fileURLWithPath: path).lastPathComponent {
        case "compare.md": return OutputPathPolicy.file(path, beginsWith: ComparisonMarkdown.opening)
        case "compare.csv": return OutputPathPolicy.file(path, firstLineIn: [ComparisonCSV.header])
        case HTMLReportWriter.fileName: return OutputPathPolicy.file(path, beginsWith: HTMLReportWriter.opening)
        default: return false
        }
    }
}
