import DNSimText

/// "Did you mean …?" for misspelt keys and values: DNSimText's `WordSuggestion`, which `fit` shares,
/// under the name the scenario's readers and the command line use.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough
    /// to be a plausible misspelling (case-insensitive).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        WordSuggestion.closest(to: word, in: candidates)
    }

    /// " (did you mean 'x'?)", or "" when nothing is close.
    public static func hint(for word: String, in candidates: [String]) -> String {
        WordSuggestion.hint(for: word, in: candidates)
    }

    /// " (did you mean 'x'?)" for the closest candidate, or else for the candidates `word`
    /// begins, shortest stems only and at most three; "" when none.
    public static func hint(forPrefix word: String, in candidates: [String]) -> String {
        WordSuggestion.hint(forPrefix: word, in: candidates)
    }

    /// Levenshtein distance with adjacent transpositions (optimal string alignment).
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        WordSuggestion.editDistance(a, b)
    }
}
