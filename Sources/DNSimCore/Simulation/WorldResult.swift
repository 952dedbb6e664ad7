/// One world of an uncertainty study as a shard ran it: its 1-based index, the identity of its
/// parameter values and every arm's statistics.
public struct WorldResult: Codable, Sendable, Equatable {
    public var world: Int
    /// `identity(of:)` of the world's parameter values: `merge` recomputes it from the scenario, so a
    /// world's figures moved or copied onto another world are refused.
    public var identity: String
    public var arms: [ArmStatistics]

    public init(world: Int, identity: String, arms: [ArmStatistics]) {
        self.world = world
        self.identity = identity
        self.arms = arms
    }

    /// FNV-1a of the values' IEEE bit patterns, in order.
    public static func identity(of values: [Double]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 8)
        for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
        return Hashing.fnv1aHex(bytes)
    }
}
