import DNSimSupport

/// The mixing functions the simulator uses, written once. Their outputs are
/// part of committed fingerprints and keyed draws: never change them.
public enum Hashing {
    /// FNV-1a (64-bit) offset basis and prime.
    public static let fnvOffset: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3
    /// SplitMix64's increment, the 64-bit golden ratio.
    public static let golden: UInt64 = SplitMix64.golden

    /// SplitMix64's finaliser: a bijective 64-bit mix with full avalanche.
    @inline(__always)
    public static func splitMixFinalizer(_ value: UInt64) -> UInt64 {
        SplitMix64.finalize(value)
    }

    /// FNV-1a of `bytes`, as 16 hex digits.
    public static func fnv1aHex(_ bytes: [UInt8]) -> String {
        var hash = fnvOffset
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* fnvPrime }
        return hex(hash)
    }

    /// 16 lower-case hex digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
