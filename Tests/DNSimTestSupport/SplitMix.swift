/// SplitMix64 (Steele, Lea & Flood 2014): the tests' own small stream, apart from the simulator's
/// keyed Philox streams, for replicating its draws in closed forms and for generating scenarios.
public struct SplitMix {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform in (0, 1).
    public mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) * 0x1p-53 }

    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }

    public mutating func chance(_ p: Double) -> Bool { uniform() < p }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}
