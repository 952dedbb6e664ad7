import DNSimCore

/// "Did you mean …?" for misspelt keys and values.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough
    /// to be a plausible misspelling (case-insensitive).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        // One- and two-letter words are too short for a guess to mean anything.
        let allowed = target.count <= 2 ? 0 : max(1, (target.count + 1) / 3)
        return distance <= allowed ? candidate : nil
    }

    /// " (did you mean 'x'?)", or "" when nothing is close.
    public static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
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
