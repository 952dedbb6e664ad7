/// What one run's report says, decided once from its context: each platform's verdict and, with
/// an objective, each platform's recommendation. summary.md and summary.json render the same value,
/// so they can never disagree.
public struct ReportAnalysis: Sendable {
    public var verdicts: [PlatformVerdict]
    public var recommendations: [ObjectiveRecommendation]

    public init(_ context: ReportContext) {
        verdicts = PlatformVerdict.all(context)
        recommendations = ObjectiveRecommendation.all(context)
    }
}
