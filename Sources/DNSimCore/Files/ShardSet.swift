import Foundation

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
        guard let (firstFile, first) = partials.first else {
            throw Mismatch(description: "no partial results to merge")
        }
        for (file, partial) in partials {
            do { try ShardCheck.header(partial) } catch { throw Mismatch.damaged(file, error) }
        }
        for (file, partial) in partials.dropFirst() {
            var differences: [String] = []
            if partial.toolVersion != first.toolVersion {
                differences.append("dnsim-events \(partial.toolVersion) vs \(first.toolVersion)")
            }
            if partial.scenarioDigest != first.scenarioDigest || partial.scenarioName != first.scenarioName {
                differences.append(
                    "scenario \(partial.scenarioName) (\(partial.scenarioDigest)) vs \(first.scenarioName) (\(first.scenarioDigest))"
                )
            }
            // merge opens the path the shards record: every shard must name the same one.
            if partial.scenarioFile != first.scenarioFile {
                differences.append("scenario file \(partial.scenarioFile) vs \(first.scenarioFile)")
            }
            if partial.seed != first.seed { differences.append("seed \(partial.seed) vs \(first.seed)") }
            if partial.devices != first.devices || partial.days != first.days {
                differences.append(
                    "\(partial.devices) devices × \(partial.days) days vs \(first.devices) × \(first.days)")
            }
            if partial.shardCount != first.shardCount {
                differences.append("\(partial.shardCount) shards vs \(first.shardCount)")
            }
            if let difference = Self.studyDifference(partial.study, first.study) { differences.append(difference) }
            if !differences.isEmpty {
                let hint =
                    partial.scenarioName != first.scenarioName
                    ? " (each scenario's shards are in a <name>/ folder of their own: merge those one at a time)" : ""
                throw Mismatch(
                    description:
                        "\(file) and \(firstFile) come from different runs (\(differences.joined(separator: "; "))); "
                        + "merge only the shards of one run" + hint)
            }
        }
        var seen: [Int: String] = [:]
        for (file, partial) in partials {
            if let other = seen[partial.shard] {
                throw Mismatch(
                    description: "shard \(partial.shard) of \(first.shardCount) appears twice (\(other) and \(file))")
            }
            seen[partial.shard] = file
        }
        let missing = (1...first.shardCount).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            var holding = ""
            if let study = first.study {
                // Say which worlds are absent, so a missing task of a study is found by its worlds too.
                let worlds = missing.map {
                    StudyPartial.worlds(shard: $0, of: first.shardCount, total: study.worldCount)
                }.filter { !$0.isEmpty }
                let ranges = worlds.map {
                    $0.count == 1 ? "\($0.lowerBound + 1)" : "\($0.lowerBound + 1)–\($0.upperBound)"
                }.joined(separator: ", ")
                holding =
                    worlds.isEmpty
                    ? " (no worlds of the study)"
                    : " (worlds \(ranges) of \(study.worldCount))"
            }
            throw Mismatch(
                description: "missing shard\(missing.count > 1 ? "s" : "") "
                    + "\(missing.map(String.init).joined(separator: ", ")) of \(first.shardCount)\(holding)")
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

    /// How two shards' studies differ (design, keys, worlds, devices per world), or nil.
    static func studyDifference(_ study: StudyPartial?, _ first: StudyPartial?) -> String? {
        switch (study, first) {
        case (nil, nil): return nil
        case (nil, _?): return "no uncertainty study vs one"
        case (_?, nil): return "an uncertainty study vs none"
        case (let study?, let first?):
            if study.design != first.design || study.parameters != first.parameters {
                return "study \(study.design) over \(study.parameters.joined(separator: ", ")) "
                    + "vs \(first.design) over \(first.parameters.joined(separator: ", "))"
            }
            if study.worldCount != first.worldCount || study.devicesPerWorld != first.devicesPerWorld {
                return
                    "\(study.worldCount) worlds × \(study.devicesPerWorld) devices vs \(first.worldCount) × \(first.devicesPerWorld)"
            }
            return nil
        }
    }

    /// The study's worlds in order (`plans[i]` is world i + 1's), each from the one shard that
    /// holds it and checked against its plan. A world runs whole in one shard, so nothing is
    /// added: each arm is merged into an empty one with the same overflow checks as the sums.
    /// - Parameter identities: each world's `WorldResult.identity(of:)`, from the scenario.
    public func studyResults(plans: [SimulationPlan], identities: [String]) throws(Mismatch) -> [SimulationResult] {
        try studyWorlds(plans: plans, identities: identities) { $1 }
    }

    /// Each world's `keep(index, result)` (0-based, in world order) once its figures are checked: a merge that keeps a few
    /// figures per world holds one world's statistics at a time, not every world's (about 4 MB each).
    public func studyWorlds<Kept>(
        plans: [SimulationPlan], identities: [String],
        keep: (Int, SimulationResult) -> Kept
    ) throws(Mismatch) -> [Kept] {
        guard let study = first.study else {
            throw Mismatch(
                description: "the shards hold no worlds of the scenario's uncertainty study (\(plans.count) worlds); "
                    + "run them again with this build")
        }
        guard study.worldCount == plans.count, study.devicesPerWorld == plans.first?.devices else {
            throw Mismatch(
                description:
                    "the shards hold a study of \(study.worldCount) worlds × \(study.devicesPerWorld) devices; "
                    + "the scenario gives \(plans.count) × \(plans.first?.devices ?? 0): merge only the shards of one run"
            )
        }
        var slots: [(file: String, position: Int, world: WorldResult)?] = Array(repeating: nil, count: plans.count)
        var encoded: [String: [Data]] = [:]
        for (file, partial) in partials {
            encoded[file] = partial.study?.encodedWorlds
            for (position, world) in (partial.study?.worlds ?? []).enumerated() {
                guard (1...plans.count).contains(world.world) else {
                    throw Mismatch(
                        description: "\(file) holds world \(world.world); the study has worlds 1–\(plans.count)")
                }
                if let other = slots[world.world - 1] {
                    throw Mismatch(
                        description: "world \(world.world) of \(plans.count) appears twice (\(other.file) and \(file))")
                }
                slots[world.world - 1] = (file, position, world)
            }
        }
        let missing = slots.indices.filter { slots[$0] == nil }.map { $0 + 1 }
        guard missing.isEmpty else {
            let listed = missing.prefix(10).map(String.init).joined(separator: ", ") + (missing.count > 10 ? ", …" : "")
            throw Mismatch(
                description:
                    "missing world\(missing.count > 1 ? "s" : "") \(listed) of \(plans.count) (\(missing.count) in all)"
            )
        }
        var results: [Kept] = []
        results.reserveCapacity(plans.count)
        for (index, slot) in slots.enumerated() {
            guard let (file, position, placed) = slot else { continue }
            let field = "study.worlds[\(position)]"
            // A world read as text (`StudyWorldsSplit`) is decoded now, one at a time.
            var world = placed
            if let texts = encoded[file], position < texts.count {
                do {
                    world = try JSONDecoder().decode(WorldResult.self, from: texts[position])
                } catch {
                    throw Mismatch.damaged(
                        file, ShardCheck.Problem(field: field, reason: "is not a world's result: \(error)"))
                }
            }
            if index < identities.count, world.identity != identities[index] {
                throw Mismatch.damaged(
                    file,
                    ShardCheck.Problem(
                        field: "\(field).identity",
                        reason:
                            "is \(world.identity), but world \(index + 1)'s parameter values give \(identities[index]): "
                            + "these figures are not that world's (moved, copied or edited)"))
            }
            do { try ShardCheck.world(world, plan: plans[index], field: field) } catch {
                throw Mismatch.damaged(file, error)
            }
            var result = SimulationResult(plan: plans[index])
            for (i, arm) in world.arms.enumerated() {
                do { try result.arms[i].mergeChecked(arm) } catch {
                    throw Mismatch.damaged(file, error.inside("\(field).arms[\(i)]"))
                }
            }
            results.append(keep(index, result))
        }
        return results
    }

    /// The merged result of the base run, started from `empty` (after `check`).
    public func merged(into empty: SimulationResult) throws(Mismatch) -> SimulationResult {
        var result = empty
        for (file, partial) in partials {
            do { try result.mergeChecked(partial.result) } catch {
                throw Mismatch.damaged(file, error.inside("result"))
            }
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
        ShardSet.Mismatch(
            description: "\(file): error: \(problem): the shard file is damaged or was edited; run that shard again",
            damaged: true)
    }
}
