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
        /// A shard's own numbers are wrong (its path and field lead the message), not a mix of runs.
        public var damaged = false
    }

    public init(_ partials: [(file: String, partial: PartialResult)]) throws(Mismatch) {
        guard let (firstFile, first) = partials.first else { throw Mismatch(description: "no partial results to merge") }
        for (file, partial) in partials {
            do { try ShardCheck.header(partial) } catch { throw Mismatch.damaged(file, error) }
        }
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

    /// Every shard's numbers fit its slice of `plan` (the base run's, or sweep point
    /// `point`'s), before any is merged.
    public func check(plan: SimulationPlan, point: Int? = nil) throws(Mismatch) {
        for (file, partial) in partials {
            let prefix: String
            let result: SimulationResult
            if let point {
                guard let points = partial.pointResults, point < points.count else {
                    throw Mismatch(description: "\(file) does not hold sweep point \(point + 1)")
                }
                (prefix, result) = ("pointResults[\(point)]", points[point])
            } else {
                (prefix, result) = ("result", partial.result)
            }
            let devices = Int64(partial.deviceRange[1] - partial.deviceRange[0])
            do { try ShardCheck.result(result, plan: plan, devices: devices, prefix: prefix) } catch {
                throw Mismatch.damaged(file, error)
            }
        }
    }

    /// The merged result of the base run, started from `empty` (after `check`).
    public func merged(into empty: SimulationResult) throws(Mismatch) -> SimulationResult {
        var result = empty
        for (file, partial) in partials {
            do { try result.mergeChecked(partial.result) } catch { throw Mismatch.damaged(file, error.inside("result")) }
        }
        return result
    }

    /// The merged result of sweep point `index`, started from `empty` (after `check`).
    public func mergedPoint(_ index: Int, into empty: SimulationResult) throws(Mismatch) -> SimulationResult {
        var result = empty
        for (file, partial) in partials {
            guard let points = partial.pointResults, index < points.count else {
                throw Mismatch(description: "\(file) does not hold sweep point \(index + 1)")
            }
            do { try result.mergeChecked(points[index]) } catch {
                throw Mismatch.damaged(file, error.inside("pointResults[\(index)]"))
            }
        }
        return result
    }

}

extension ShardSet.Mismatch {
    static func damaged(_ file: String, _ problem: any Error) -> ShardSet.Mismatch {
        ShardSet.Mismatch(description: "\(file): error: \(problem): the shard file is damaged or was edited; run that shard again", damaged: true)
    }
}
