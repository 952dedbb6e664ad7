import DNSimCore
import Foundation

/// One fleet segment's rows against the baseline's (`segments.csv`), rate by rate with the same
/// statistical tolerance as the fleet's (`BaselineComparison`), so that a regression confined to a
/// small segment is not diluted by the rest of the fleet (docs/policy-changes.md, "Per fleet segment").
public struct SegmentComparison: Sendable {
    public var segment: String
    public var comparison: BaselineComparison
    /// The run's rows of the segment (its devices per arm, for the message).
    public var run: SummaryTable

    public init(segment: String, comparison: BaselineComparison, run: SummaryTable) {
        self.segment = segment
        self.comparison = comparison
        self.run = run
    }

    /// The run's segments compared with the baseline's of the same name, in the run's order; none
    /// with fewer than two segments (a fleet of one is the fleet, compared already). Segments the
    /// baseline lacks are in `newSegments`.
    public static func compare(baseline: [SegmentSummary]?, run: [SegmentSummary])
        -> (compared: [SegmentComparison], newSegments: [String])
    {
        guard let baseline, run.count > 1 else { return ([], []) }
        var compared: [SegmentComparison] = []
        var newSegments: [String] = []
        for segment in run {
            guard let old = baseline.first(where: { $0.name == segment.name }) else {
                newSegments.append(segment.name)
                continue
            }
            let comparison = BaselineComparison(baseline: old.summary, current: segment.summary)
            compared.append(SegmentComparison(segment: segment.name, comparison: comparison, run: segment.summary))
        }
        return (compared, newSegments)
    }

    /// A change's line with the segment named after the figure:
    /// `push/android fetch_failed in segment oem (120 devices): 2.0% → 60.0% (+58.0 pp, tolerance 5.1 pp)`.
    public func describe(_ change: BaselineComparison.Change) -> String {
        let text = change.description
        let devices = run.row(arm: change.arm)?.value("devices")
        let place = " in segment \(segment)" + (devices.map { " (\(Int($0)) devices)" } ?? "")
        let afterArm = text.index(text.startIndex, offsetBy: change.arm.count)
        guard let colon = text.range(of: ": ", range: afterArm..<text.endIndex) else {
            return text + place
        }
        return String(text[..<colon.lowerBound]) + place + String(text[colon.lowerBound...])
    }
}
