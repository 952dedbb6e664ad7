/// When iOS launches a pending BG request (docs/model.md §2, launch models). Apple documents
/// neither precisely; each is a hypothesis a team can compare its decision under.
public enum IOSLaunchModel: String, Sendable, CaseIterable {
    /// `delay` after max(earliestBeginDate, submission), whatever the hour.
    case afterEarliest
    /// As `afterEarliest`, then held until shortly before the user's next likely open
    /// (the next usage hour of `user.appOpenHours`) when it falls outside the usage hours.
    case beforeUse
}
