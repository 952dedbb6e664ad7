/// A value of a scenario that `init` could not know and wrote as a guess: its line ends with
/// `# GUESS: <what to measure, and how>`, and `init` lists every one at the end of its output.
public struct ScenarioGuess: Sendable, Equatable {
    /// What begins the comment on a guessed value's line.
    public static let marker = "# GUESS:"

    /// The key's dotted path (`user.appOpensPerDay`; `platforms` for the platform mix).
    public var key: String
    /// The 1-based line of the file it is written on.
    public var line: Int
    /// What to measure, and how.
    public var measure: String

    public init(key: String, line: Int, measure: String) {
        self.key = key
        self.line = line
        self.measure = measure
    }
}
