import DNSimCore

/// Reads `objective:`: weights, constraints, the tie threshold and the feasible share.
enum ObjectiveReader {
    static let maxWeight = 1e6

    static func read(_ map: ScenarioSection) -> Objective? {
        let r = map.reader
        var weights: [(term: ObjectiveTerm, weight: Double)] = []
        if let node = map["weights"] {
            if let pairs = node.mapping, !pairs.isEmpty {
                var seen: Set<String> = []
                for pair in pairs {
                    let name = pair.key.scalar ?? ""
                    let path = map.path("weights") + ".\(name)"
                    guard let term = ObjectiveTerm(name: name) else {
                        r.error(
                            pair.key.mark,
                            "\(map.path("weights")): \(MessageText.quoted(name)) is not an outcome or cost; "
                                + "weights name \(ObjectiveTerm.rateNames.joined(separator: ", ")), lost, a *_per_device_day column "
                                + "or a spread column (fresh_device_p10, …)"
                                + Suggestion.hint(for: name, in: ObjectiveTerm.names))
                        continue
                    }
                    guard seen.insert(name).inserted else { r.error(pair.key.mark, "\(path) is given twice"); continue }
                    if let weight = r.number(pair.value, path, in: -maxWeight...maxWeight) {
                        weights.append((term, weight))
                    }
                }
            } else {
                r.error(
                    node.mark,
                    "\(map.path("weights")) must be a non-empty mapping of outcomes to numbers, such as { fresh: 1, missed: -2 }"
                )
            }
        }
        var constraints: [ObjectiveConstraint] = []
        if let node = map["constraints"] {
            if let items = node.sequence {
                for (i, item) in items.enumerated() {
                    guard
                        let entry = ScenarioSection(
                            item, "\(map.path("constraints"))[\(i + 1)]", schema: "objective.constraints[]", r),
                        let metric = ExpectationReader.metric(entry, hasObjective: nil, r)
                    else { continue }
                    let column = SummaryColumns.named(metric)
                    let low = entry["min"].flatMap { ExpectationReader.bound($0, entry.path("min"), column: column, r) }
                    let high = entry["max"].flatMap {
                        ExpectationReader.bound($0, entry.path("max"), column: column, r)
                    }
                    if entry["min"] == nil && entry["max"] == nil {
                        r.error(item.mark, "\(entry.path) needs min, max or both")
                    }
                    if let low, let high, low > high {
                        r.error(
                            item.mark,
                            "\(entry.path): min \(ScenarioReader.show(low)) is above max \(ScenarioReader.show(high))")
                    }
                    constraints.append(ObjectiveConstraint(metric: metric, min: low, max: high, mark: item.mark))
                }
            } else {
                r.error(node.mark, "\(map.path("constraints")) must be a list of { metric, max | min } entries")
            }
        }
        var tie = Objective.defaultTie
        if let node = map["tie"] {
            if let text = node.scalar, text.hasSuffix("pp"),
                let value = Double(String(text.dropLast(2).filter { $0 != " " }))
            {
                if value.isFinite, value >= 0, value <= 100 {
                    tie = value / 100
                } else {
                    r.error(node.mark, "\(map.path("tie")) must be from 0pp to 100pp, not \(MessageText.quoted(text))")
                }
            } else if let value = r.bound(node, map.path("tie"), percentAllowed: true) {
                if value >= 0, value <= 1 {
                    tie = value
                } else {
                    r.error(node.mark, "\(map.path("tie")) must be from 0 to 1 (or 0pp to 100pp)")
                }
            }
        }
        var feasibleShare = Objective.defaultFeasibleShare
        if let node = map["feasibleShare"], let value = r.bound(node, map.path("feasibleShare"), percentAllowed: true) {
            if value > 0, value <= 1 {
                feasibleShare = value
            } else {
                r.error(node.mark, "\(map.path("feasibleShare")) must be above 0 and at most 1 (e.g. 90%)")
            }
        }
        guard !weights.isEmpty else { return nil }
        return Objective(
            weights: weights, constraints: constraints, tie: tie, feasibleShare: feasibleShare, mark: map.node.mark)
    }
}
