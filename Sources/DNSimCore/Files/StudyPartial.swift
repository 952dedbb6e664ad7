import Foundation

/// The worlds of an uncertainty study that one shard ran, whole: each world's every arm,
/// with the world's 1-based index. Shard K of N holds the contiguous worlds
/// ⌊W·(K−1)/N⌋ … ⌊W·K/N⌋ − 1 (0-based), the same rule as its devices of the base run.
/// A world is never split over shards, so merging places worlds rather than adding sums.
public struct StudyPartial: Codable, Sendable, Equatable {
    /// The design as the scenario gives it, e.g. `sobol, 64 samples, 4 parameters`.
    public var design: String
    /// The uncertain keys, in the scenario's order.
    public var parameters: [String]
    public var worldCount: Int
    public var devicesPerWorld: Int
    /// `[first, end)`, 0-based, end exclusive.
    public var worldRange: [Int]
    public var worlds: [WorldResult]
    /// As `merge` reads a shard (`StudyWorldsSplit`): each world's JSON text, decoded as the world is placed, with
    /// `worlds` holding only each world's number and identity (no arms). Nil when `worlds` is whole.
    public var encodedWorlds: [Data]? = nil

    enum CodingKeys: String, CodingKey { case design, parameters, worldCount, devicesPerWorld, worldRange, worlds }

    public init(
        design: String, parameters: [String], worldCount: Int, devicesPerWorld: Int, worldRange: [Int],
        worlds: [WorldResult]
    ) {
        self.design = design
        self.parameters = parameters
        self.worldCount = worldCount
        self.devicesPerWorld = devicesPerWorld
        self.worldRange = worldRange
        self.worlds = worlds
    }

    /// The 0-based worlds of shard `k` (1-based) of `n`.
    public static func worlds(shard k: Int, of n: Int, total: Int) -> Range<Int> {
        PartialResult.devices(shard: k, of: n, total: total)
    }
}
