/// How a bg file's delays were measured with respect to eligibility; fit.md and fit.json say it.
public enum EligibilityUse: Sendable, Equatable {
    /// No row needs eligibility and no eligibility file was given: each delay runs from
    /// max(submitted_at, earliest_begin), as in a file without the optional columns.
    case notNeeded
    /// Delays and follow-ups count eligible time only (the file's holding periods left out).
    case measured(EligibilityMeasure)
    /// `--assume-eligible` with no eligibility file: `needing` rows that need it were fitted as
    /// if their device could always run them, so their delays include the waits.
    case assumed(needing: Int)
}

/// What an eligibility file did to a bg file's rows.
public struct EligibilityMeasure: Sendable, Equatable {
    public var path: String
    /// Rows whose request waits for idle, charging or the network.
    public var needing = 0
    /// Rows whose device the eligibility file lists (their delays count eligible time only).
    public var listed = 0
    /// Rows whose device it does not list, fitted from max(submitted_at, earliest_begin) with no
    /// hold left out; of them, `unlistedNeeding` need eligibility (only with `--assume-eligible`).
    public var unlisted = 0
    public var unlistedNeeding = 0
    /// Rows with some held time between their start and their launch or follow-up end.
    public var held = 0
    /// The held time left out, seconds, over all rows.
    public var heldSeconds = 0.0

    public init(path: String) { self.path = path }
}
