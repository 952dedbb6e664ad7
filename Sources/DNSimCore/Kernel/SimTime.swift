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
}
