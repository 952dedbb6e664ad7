import Foundation

/// A share and a duration as every report and verdict writes them, so a check's message and the
/// summary it points at say a figure the same way.
public enum FigureText {
    /// `12.5%`.
    public static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    /// `850 ms`, `2.0 s`, `45 s`, `21.9 min`, `8.5 h`, `3.0 d`; `–` for none.
    public static func seconds(_ millis: Int64?) -> String {
        guard let millis else { return "–" }
        let s = Double(millis) / 1000
        if s < 1 && millis > 0 { return "\(millis) ms" }
        if s < 10 { return String(format: "%.1f s", s) }
        if s < 120 { return String(format: "%.0f s", s) }
        if s < 7200 { return String(format: "%.1f min", s / 60) }
        if s < 172_800 { return String(format: "%.1f h", s / 3600) }
        return String(format: "%.1f d", s / 86_400)
    }
}
