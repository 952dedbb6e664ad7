import DNSimAnalysis
import DNSimCore

/// The one sentence summary.md and sweep.md give an arm with many notifications on the `lateAfter` line.
extension ThresholdShare {
    /// The warning for `subject` (an arm, or a sweep point and arm), without a line break; nil when none is due.
    public func warning(_ subject: String, lateAfter: Millis) -> String? {
        guard warrantsWarning else { return nil }
        return "⚠ \(subject): \(SummaryMarkdown.percent(share)) of its notifications appear exactly "
            + "`lateAfter` (\(SummaryMarkdown.seconds(lateAfter))) after T and count as on time; "
            + "a setting (such as `contentTimeout`) sits on the threshold."
    }
}
