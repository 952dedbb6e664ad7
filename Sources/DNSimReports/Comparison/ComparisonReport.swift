import DNSimAnalysis
import Foundation

/// The files `compare --out DIR` writes, and how an earlier one is recognised (so a second
/// comparison into DIR replaces it, and a file of the user's by that name is never replaced).
public enum ComparisonReport {
    public static let fileNames = ["compare.md", "compare.csv"]

    public static func files(_ comparison: ScenarioComparison) -> [(String, String)] {
        [("compare.md", ComparisonMarkdown.render(comparison)), ("compare.csv", ComparisonCSV.render(comparison))]
    }

    /// Whether `path` is a `compare.md` or `compare.csv` this tool wrote.
    static func isOwn(_ path: String) -> Bool {
        switch URL(fileURLWithPath: path).lastPathComponent {
        case "compare.md": return OutputPathPolicy.file(path, beginsWith: ComparisonMarkdown.opening)
        case "compare.csv": return OutputPathPolicy.file(path, firstLineIn: [ComparisonCSV.header])
        default: return false
        }
    }
}
