/// "Did you mean …?" for misspelt keys, values and field names: the scenario's loader and the
/// command line (through DNSimScenario's `Suggestion`) and `fit`'s push exports share it.
public enum WordSuggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough
    /// to be a plausible misspelling (case-insensitive).
    ///
    /// The work is bounded whatever `word` is: a candidate whose length differs from the
    /// word's by more than the distance allowed cannot be close enough, so it is skipped
    /// before any distance is computed, and a word far longer than every candidate is
    /// not even lowercased.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let longest = candidates.lazy.map(\.count).max() ?? 0
        // allowed(n) = (n + 1) / 3 grows more slowly than n, so no candidate of length ≤ longest
        // is within reach of a word longer than 1.5 × longest + 1.
        guard word.count <= longest * 3 / 2 + 2 else { return nil }
        let target = Array(word.lowercased())
        // One- and two-letter words are too short for a guess to mean anything.
        let allowed = target.count <= 2 ? 0 : max(1, (target.count + 1) / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let letters = Array(candidate.lowercased())
            guard abs(letters.count - target.count) <= allowed else { continue }
            let distance = editDistance(target, letters)
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        return distance <= allowed ? candidate : nil
    }

    /// " (did you mean 'x'?)", or "" when nothing is close.
    public static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// " (did you mean 'x'?)" for the closest candidate, or else for the candidates `word`
    /// begins, shortest stems only and at most three (`orphans` → `orphans_per_1000_device_days`);
    /// "" when none.
    public static func hint(forPrefix word: String, in candidates: [String]) -> String {
        if let closest = closest(to: word, in: candidates) { return " (did you mean '\(closest)'?)" }
        // A word longer than every candidate begins none (and is not lowercased: it may be huge).
        guard word.count >= 3, word.count <= candidates.lazy.map(\.count).max() ?? 0 else { return "" }
        let prefix = word.lowercased()
        var completions: [String] = []
        for candidate in candidates where candidate.lowercased().hasPrefix(prefix) && !completions.contains(candidate) {
            completions.append(candidate)
        }
        // The stems only: `missed`, not also `missed_ci_low` and `missed_half_width`.
        completions = completions.filter { candidate in
            !completions.contains { $0 != candidate && candidate.hasPrefix($0) }
        }
        guard !completions.isEmpty, completions.count <= 3 else { return "" }
        return " (did you mean " + completions.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }

    /// Levenshtein distance with adjacent transpositions (optimal string alignment).
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
