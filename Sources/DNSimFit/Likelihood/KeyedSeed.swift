/// Seeds for bootstrap generators, keyed by what they describe (seed,
/// family, replicate) rather than by call order, so a replicate's draws do
/// not depend on thread count or on which other families are fitted.
enum KeyedSeed {
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// mt19937 uses the low 32 bits of its seed.
    static func seed(_ seed: UInt64, _ keys: UInt64...) -> UInt {
        var h = mix(seed)
        for key in keys { h = mix(h ^ key) }
        return UInt(h & 0xFFFF_FFFF)
    }
}
