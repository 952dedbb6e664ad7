import Foundation

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

    /// The world as a shard file holds it (`PartialResult.encoded(studyWorlds:)`): a shard keeps its worlds so as they end,
    /// since a world's statistics take about 4 MB in memory (dense histograms) and about 200 kB here.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// A world's number and identity alone, read from its JSON without its arms' statistics.
    public static func header(_ json: Data) throws -> WorldResult {
        let header = try JSONDecoder().decode(Header.self, from: json)
        return WorldResult(world: header.world, identity: header.identity, arms: [])
    }

    private struct Header: Decodable {
        var world: Int
        var identity: String
    }

    /// FNV-1a of the values' IEEE bit patterns, in order.
    public static func identity(of values: [Double]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 8)
        for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
        return Hashing.fnv1aHex(bytes)
    }
}
