import DNSimCore

/// Shown notifications displayed exactly `lateAfter` after T: they count as on
/// time though they sit on the line. When they are a tenth or more of those
/// shown, a setting (such as `contentTimeout`) lands on the threshold, and
/// summary.md and sweep.md both say so with this one rule and one sentence
/// (`ThresholdShare+Warning` in DNSimReports).
public struct ThresholdShare: Sendable, Equatable {
    public let onThreshold: Int64
    public let shown: Int64

    public init(_ statistics: ArmStatistics) {
        onThreshold = statistics.latenessAtThreshold
        shown = statistics.lateness.total
    }

    public var share: Double { shown > 0 ? Double(onThreshold) / Double(shown) : 0 }

    /// At least a tenth, in integers (no rounding at exactly 10%).
    public var warrantsWarning: Bool { shown > 0 && 10 * onThreshold >= shown }
}
