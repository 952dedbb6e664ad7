/// What a use case tells its caller while it works: notes for the person running it (the command
/// line prints them on stderr, even when quiet) and, when `progress` is given, progress over
/// a labelled run. The use cases print nothing themselves.
public struct RunFeedback: Sendable {
    public var note: @Sendable (String) -> Void
    /// Makes a progress display for a run with this label; nil: no progress is shown.
    public var progress: (@Sendable (_ label: String) -> any RunProgress)?

    public init(
        note: @escaping @Sendable (String) -> Void, progress: (@Sendable (_ label: String) -> any RunProgress)? = nil
    ) {
        self.note = note
        self.progress = progress
    }

    /// Notes dropped, no progress: for tests and callers that only want the result.
    public static let silent = RunFeedback(note: { _ in })
}
