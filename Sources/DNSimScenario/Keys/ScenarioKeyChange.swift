import DNSimCore

/// One key `ScenarioEditor` set: its old value (flow form, comments left out) and its new one,
/// and where the new one is in the edited text.
public struct ScenarioKeyChange: Sendable, Equatable, CustomStringConvertible {
    /// The dotted key, `platforms.ios.fetchTask.never`.
    public var key: String
    /// The value as it was, in flow form; nil when the key was added.
    public var old: String?
    public var new: String
    public var file: String
    /// The new value's place in the edited text.
    public var mark: SourceMark
    /// False when the value's text was already exactly the new one.
    public var textChanged: Bool

    public init(key: String, old: String?, new: String, file: String, mark: SourceMark, textChanged: Bool) {
        self.key = key
        self.old = old
        self.new = new
        self.file = file
        self.mark = mark
        self.textChanged = textChanged
    }

    /// `platforms.ios.fetchTask.never: 0.2 → 0.156 (x.yaml:31:14)` or `added fetch.failure: 0.033 (x.yaml:40:3)`.
    public var description: String {
        let place = "\(file):\(mark)"
        guard let old else { return "added \(key): \(new) (\(place))" }
        guard textChanged else { return "\(key): \(new) (unchanged, \(place))" }
        return "\(key): \(old) → \(new) (\(place))"
    }
}
