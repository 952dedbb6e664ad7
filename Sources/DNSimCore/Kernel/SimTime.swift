/// Simulated time: integer milliseconds since the Unix epoch (UTC).
/// Integers keep event order exact and reports byte-identical across machines.
public typealias Millis = Int64

public enum SimTime {
    public static let second: Millis = 1_000
    public static let minute: Millis = 60_000
    public static let hour: Millis = 3_600_000
    public static let day: Millis = 86_400_000

    /// Seconds as a Double, the unit every report uses.
    @inline(__always)
    public static func seconds(_ millis: Millis) -> Double { Double(millis) / 1_000 }

    /// A duration as a scenario writes it, largest units first: `7d`, `1h30m`, `800ms`.
    public static func written(_ millis: Millis) -> String {
        guard millis > 0 else { return "0s" }
        var rest = millis
        var text = ""
        for (unit, size) in [("d", day), ("h", hour), ("m", minute), ("s", second), ("ms", Millis(1))] {
            let count = rest / size
            if count > 0 { text += "\(count)\(unit)" }
            rest %= size
        }
        return text
    }
}
