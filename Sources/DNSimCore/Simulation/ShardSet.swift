/// The partial results of one sharded run, checked to belong together:
/// the same tool version, scenario, seed, size and shard count, each shard
/// exactly once. Merging them gives exactly the result of a single run.
public struct ShardSet: Sendable {
    public let first: PartialResult
    /// Partials in shard order, with the file each came from.
    public let partials: [(file: String, partial: PartialResult)]

    /// Why shards cannot be merged, in words a user can act on.
    public struct Mismatch: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public init(_ partials: [(file: String, partial: PartialResult)]) throws(Mismatch) {
        guard let (firstFile, first) = partials.first else { throw Mismatch(description: "no partial results to merge") }
        for (file, partial) in partials.dropFirst() {
            var differences: [String] = []
            if partial.toolVersion != first.toolVersion { differences.append("dnsim-events \(partial.toolVersion) vs \(first.toolVersion)") }
            if partial.scenarioDigest != first.scenarioDigest || partial.scenarioName != first.scenarioName {
                differences.append("scenario \(partial.scenarioName) (\(partial.scenarioDigest)) vs \(first.scenarioName) (\(first.scenarioDigest))")
            }
            if partial.seed != first.seed { differences.append("seed \(partial.seed) vs \(first.seed)") }
            if partial.devices != first.devices || partial.days != first.days {
                differences.append("\(partial.devices) devices × \(partial.days) days vs \(first.devices) × \(first.days)")
            }
            if partial.shardCount != first.shardCount { differences.append("\(partial.shardCount) shards vs \(first.shardCount)") }
            if !differences.isEmpty {
                throw Mismatch(description: "\(file) and \(firstFile) come from different runs (\(differences.joined(separator: "; "))); merge only the shards of one run")
            }
        }
        var seen: [Int: String] = [:]
        for (file, partial) in partials {
            if let other = seen[partial.shard] {
                throw Mismatch(description: "shard \(partial.shard) of \(first.shardCount) appears twice (\(other) and \(file))")
            }
            seen[partial.shard] = file
        }
        let missing = (1...first.shardCount).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw Mismatch(description: "missing shard\(missing.count > 1 ? "s" : "") \(missing.map(String.init).joined(separator: ", ")) of \(first.shardCount)")
        }
        self.first = first
        self.partials = partials.sorted { $0.partial.shard < $1.partial.shard }
    }

    /// The merged result of the base run, started from `empty`.
    public func merged(into empty: SimulationResult) -> SimulationResult {
        partials.reduce(into: empty) { $0.merge($1.partial.result) }
    }

    /// The merged result of sweep point `index`, started from `empty`.
    public func mergedPoint(_ index: Int, into empty: SimulationResult) throws(Mismatch) -> SimulationResult {
        var result = empty
        for (file, partial) in partials {
            guard let points = partial.pointResults, index < points.count else {
                throw Mismatch(description: "\(file) does not hold sweep point \(index + 1)")
            }
            result.merge(points[index])
        }
        return result
    }
}
