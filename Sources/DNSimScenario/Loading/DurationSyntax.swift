import DNSimCore
import Foundation

/// Durations as scenarios write them: a number and a unit (`ms`, `s`, `m`,
/// `h`, `d`), or several in a row (`1h30m`). Decimals are allowed (`1.5s`).
public enum DurationSyntax {
    static let units: [(String, Double)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
    ]

    /// Milliseconds, or a message saying what is wrong.
    static func parse(_ text: String) -> Result<Double, DurationError> {
        if let known = parsed.value(text) { return .success(known) }
        let result = parseUncached(text)
        if case .success(let millis) = result, text.utf8.count <= 64 { parsed.store(millis, for: text) }
        return result
    }

    /// Durations already read: every sweep point reads the same ones.
    private static let parsed = Memo<String, Double>(capacity: 1_024)

    private static func parseUncached(_ text: String) -> Result<Double, DurationError> {
        let characters = Array(text.trimmingCharacters(in: .whitespaces))
        guard !characters.isEmpty else { return .failure(.init("is empty; write a duration such as 30s or 5m")) }
        var index = 0
        var total = 0.0
        while index < characters.count {
            let numberStart = index
            while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
            let number = String(characters[numberStart..<index])
            guard !number.isEmpty, let value = Double(number) else {
                return .failure(
                    .init("'\(text)' is not a duration; write a number and a unit, such as 30s, 5m or 1h30m"))
            }
            let unitStart = index
            while index < characters.count, characters[index].isLetter { index += 1 }
            let unit = String(characters[unitStart..<index])
            guard !unit.isEmpty else {
                return .failure(
                    .init("'\(text)' has no unit; add one of ms, s, m, h, d" + bareNumberHint(number, value)))
            }
            guard let scale = units.first(where: { $0.0 == unit })?.1 else {
                return .failure(
                    .init(
                        "'\(unit)' is not a duration unit; use ms, s, m, h or d"
                            + Suggestion.hint(for: unit, in: units.map(\.0))))
            }
            total += value * scale
        }
        guard total.isFinite, total <= Double(Distribution.ceiling) else {
            return .failure(.init("'\(text)' is too long (at most 100 years)"))
        }
        return .success(total)
    }
}

extension DurationSyntax {
    /// " (did you mean …?)" for a number written without its unit: a large one is most likely the
    /// plugin's milliseconds (`30000` → `30000ms`, which is 30s), a small one seconds or minutes.
    static func bareNumberHint(_ number: String, _ value: Double) -> String {
        // Past 100 years no unit makes it a duration (and Millis could not hold it).
        guard value <= Double(Distribution.ceiling) else {
            return " (in any unit, a number this large is over 100 years)"
        }
        if value >= 1_000, value.rounded() == value {
            return " (did you mean \(number)ms, which is \(format(Millis(value)))?)"
        }
        return value == 0 ? " (for example 0s)" : " (did you mean \(number)s or \(number)m?)"
    }

    /// A duration as a scenario writes it, largest units first: `7d`, `1h30m`, `800ms`.
    public static func format(_ millis: Millis) -> String { SimTime.written(millis) }
}

struct DurationError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
