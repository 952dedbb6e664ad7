/// SplitMix64's constants and finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014), written once. Their outputs are part of committed
/// fingerprints and keyed seeds: never change them.
public enum SplitMix64 {
    /// The increment, the 64-bit golden ratio.
    public static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The finaliser: a bijective 64-bit mix with full avalanche.
    @inlinable @inline(__always)
    public static func finalize(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
