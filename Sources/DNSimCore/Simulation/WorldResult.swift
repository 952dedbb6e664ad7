/// One world of an uncertainty study as a shard ran it: its 1-based index and every arm's statistics.
public struct WorldResult: Codable, Sendable, Equatable {
    public var world: Int
    public var arms: [ArmStatistics]

    public init(world: Int, arms: [ArmStatistics]) {
        self.world = world
        self.arms = arms
    }
}
