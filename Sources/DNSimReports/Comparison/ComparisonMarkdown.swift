import DNSimAnalysis
import DNSimCore
import DNSimScenario
import Foundation

/// `compare.md` and the table `compare` prints: B − A per shared arm and rate, with the
/// 95% interval of the paired difference, the arms only one scenario runs and the command
/// that gives the comparison again.
public enum ComparisonMarkdown {
    /// How every `compare.md` begins: what `--out` recognises as one it may replace.
    public static let opening = "# dnsim-events compare: "

    public static func render(_ comparison: ScenarioComparison) -> String {
        let (a, b) = (comparison.a, comparison.b)
        var md = opening + "\(a.name) → \(b.name)\n\n"
        md += "B − A for every arm both scenarios run: A is `\(a.file)` (\(a.name)), B is `\(b.file)` (\(b.name)). "
        md +=
            sameDevices(comparison)
            + " Each difference is the mean per-device difference with its 95% t-interval over devices; "
        md +=
            "**bold** marks those whose interval, as shown, excludes zero. " + definitionsSentence(comparison) + "\n\n"
        md += "## Differences\n\n"
        if comparison.arms.isEmpty {
            md += "No arm runs in both.\n\n"
        } else {
            md += table(comparison, bold: true).markdown() + "\n"
            md += zeroNote + "\n\n"
        }
        let unmatched = unmatchedLines(comparison)
        if !unmatched.isEmpty {
            md += "## Arms in one scenario only\n\n" + unmatched.map { "- " + $0 }.joined(separator: "\n") + "\n\n"
        }
        if !comparison.notes.isEmpty {
            md += "## Notes\n\n" + comparison.notes.map { "- " + $0 }.joined(separator: "\n") + "\n\n"
        }
        md += "## Reproduce\n\n```sh\n\(comparison.reproduceCommand)\n```\n\n"
        md += "The same two files and seed give the same comparison on every run, whatever `--jobs`.\n"
        return md
    }

    /// The table of differences; `bold` marks significant ones for Markdown, else a trailing `*`.
    /// A rate that is 0 in both scenarios is left out (`zeroNote`).
    public static func table(_ comparison: ScenarioComparison, bold: Bool) -> TextTable {
        var table = TextTable(
            header: ["arm", "metric", "A", "B", "B − A", "95% interval"], rightAligned: [2, 3, 4, 5])
        for arm in comparison.arms {
            for difference in arm.differences
            where !(difference.a == 0 && difference.b == 0 && difference.interval.estimate == 0) {
                let shown = SummaryMarkdown.points(difference.interval.estimate, significant: difference.significant)
                let low = OutcomeTies.roundedAsShown(difference.interval.low * 100)
                let high = OutcomeTies.roundedAsShown(difference.interval.high * 100)
                table.rows.append([
                    arm.name, difference.metric.name, SummaryMarkdown.percent(difference.a),
                    SummaryMarkdown.percent(difference.b),
                    difference.significant ? (bold ? "**\(shown)**" : "\(shown) *") : shown,
                    "[\(String(format: "%+.2f", low)), \(String(format: "%+.2f", high))]",
                ])
            }
        }
        return table
    }

    static let zeroNote = "Rates that are 0% in both scenarios are left out; compare.csv has every one."

    /// What the console prints: the set-up, the table, what is significant, the arms in one file only and the notes.
    public static func terminal(_ comparison: ScenarioComparison) -> String {
        var text =
            "compare \(comparison.a.name) (A: \(comparison.a.file)) with \(comparison.b.name) (B: \(comparison.b.file)): "
            + "\(comparison.devices) devices × \(comparison.days) days, seed \(comparison.seed), the same devices in both\n"
        if comparison.arms.isEmpty { return text + "No arm runs in both.\n" }
        text += table(comparison, bold: false).plain()
        let count = comparison.significant.count
        text +=
            count == 0
            ? "No difference's 95% interval excludes zero.\n"
            : "* \(count) difference(s) whose 95% interval excludes zero (paired over the same devices).\n"
        for line in unmatchedLines(comparison) { text += line.replacingOccurrences(of: "`", with: "") + "\n" }
        if !comparison.adopted.isEmpty { text += definitionsSentence(comparison) + "\n" }
        for note in comparison.notes { text += "note: " + note + "\n" }
        return text
    }

    static func sameDevices(_ comparison: ScenarioComparison) -> String {
        "Both ran \(comparison.devices) devices × \(comparison.days) days with seed \(comparison.seed): device i of A and device i of B "
            + "share every random draw the two scenarios make alike (common random numbers), so what differs is what the files set apart."
    }

    /// Under whose definitions the rates were counted (A's), and what B would have counted on its own.
    static func definitionsSentence(_ comparison: ScenarioComparison) -> String {
        var text = "Both are counted under A's definitions (\(comparison.definitions.description))"
        if !comparison.adopted.isEmpty {
            text +=
                "; left to its defaults B would count "
                + comparison.adopted.map { adopted in
                    "\(adopted.key) \(MetricDefinitions.text(adopted.own))\(adopted.key == "freshWithin" ? " (its lead)" : "")"
                }.joined(separator: ", ")
        }
        return text + "."
    }

    /// `chained/ios`: only in A (fresh 4.2%, stale 0.3%, …), one line an arm.
    static func unmatchedLines(_ comparison: ScenarioComparison) -> [String] {
        func line(_ arm: ScenarioComparison.UnmatchedArm, _ side: String) -> String {
            "`\(arm.name)`: only in \(side) ("
                + arm.rates.map { "\($0.metric.name) \(SummaryMarkdown.percent($0.rate))" }.joined(separator: ", ")
                + ")"
        }
        return comparison.onlyInA.map { line($0, "A") } + comparison.onlyInB.map { line($0, "B") }
    }
}
