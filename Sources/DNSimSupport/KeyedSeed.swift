/// Seeds for generators outside the simulator's Philox streams (the fit's bootstrap), keyed by
/// what they describe (seed, family, replicate) rather than by call order, so a replicate's
/// draws do not depend on the thread count or on which other families are fitted.
public enum KeyedSeed {
    /// SplitMix64's step: the golden-ratio increment, then its finaliser.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        SplitMix64.finalize(value &+ SplitMix64.golden)
    }

    /// A 32-bit seed (mt19937 uses the low 32 bits of its seed) from `seed` and `keys`.
    public static func seed(_ seed: UInt64, _ keys: UInt64...) -> UInt {
        var h = mix(seed)
        for key in keys { h = mix(h ^ key) }
        return UInt(h & 0xFFFF_FFFF)
    }
}
