import Foundation

/// Numbers and durations written the way scenario files write them, rounded
/// to what the data can support (three significant figures at most).
enum ScenarioFormat {
    /// `800ms`, `4.27s`, `12.5s`, `4m30s`, `47m`, `87m`, `5h12m`, `2d6h`, `12d`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0s" }
        let ms = seconds * 1000
        if ms < 999.5 { return ms >= 9.95 ? "\(Int(ms.rounded()))ms" : trim(String(format: "%.1f", ms)) + "ms" }
        if seconds < 59.95 { return trim(String(format: seconds < 9.995 ? "%.2f" : "%.1f", seconds)) + "s" }
        if seconds < 600 {
            let total = Int(seconds.rounded())
            return total % 60 == 0 ? "\(total / 60)m" : "\(total / 60)m\(total % 60)s"
        }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 120, minutes != 60 { return "\(minutes)m" }
        if seconds < 86_400 - 30 { return minutes % 60 == 0 ? "\(minutes / 60)h" : "\(minutes / 60)h\(minutes % 60)m" }
        let hours = Int((seconds / 3600).rounded())
        if hours < 240 { return hours % 24 == 0 ? "\(hours / 24)d" : "\(hours / 24)d\(hours % 24)h" }
        // A degenerate fit can put a scale beyond any real delay; cap it rather than trap.
        return "\(Int(min(seconds / 86_400, 1e9).rounded()))d"
    }

    /// Three significant figures, never in exponent form.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "nan" }
        if value == 0 { return "0" }
        let magnitude = Int(Foundation.floor(Foundation.log10(abs(value))))
        let decimals = max(0, 2 - magnitude)
        return trim(String(format: "%.\(min(decimals, 8))f", value))
    }

    /// A share such as never: three decimals, more when it is tiny but not 0.
    static func share(_ value: Double) -> String {
        guard value.isFinite else { return "nan" }
        if value > 0 && value < 0.0005 { return number(value) }
        return trim(String(format: "%.3f", value))
    }

    /// A share known to `sd`: three decimals, or as many more as keep the rounding within a tenth
    /// of its sd (a share pooled over millions of messages is known far finer than 0.001).
    static func share(_ value: Double, sd: Double) -> String {
        guard value.isFinite, sd.isFinite, sd > 0, sd < 0.005 else { return share(value) }
        let decimals = min(12, Int((Foundation.log10(5 / sd)).rounded(.up)))
        return trim(String(format: "%.\(decimals)f", value))
    }

    static func percent(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        return trim(String(format: value < 0.1 && value > 0 ? "%.2f" : "%.1f", value * 100)) + "%"
    }

    private static func trim(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var t = Substring(text)
        while t.last == "0" { t.removeLast() }
        if t.last == "." { t.removeLast() }
        return String(t)
    }
}
