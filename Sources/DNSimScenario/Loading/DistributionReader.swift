import DNSimCore

/// Reads a distribution: a one-key map naming a family (docs/model.md §6), its
/// parameters checked for range, mixtures at most eight deep.
enum DistributionReader {
    static let distributionKinds = ScenarioKeys.distributionFamilies

    /// A one-key map naming a distribution family (docs/model.md §6).
    static func read(_ node: YAMLNode, _ path: String, _ r: ScenarioReader, depth: Int = 0) -> Distribution? {
        guard let pairs = node.mapping, pairs.count == 1, let kind = pairs[0].key.scalar else {
            r.error(
                node.mark,
                "\(path) must be a one-key map naming a distribution: \(distributionKinds.joined(separator: ", ")) (for example { fixed: 5s })"
            )
            return nil
        }
        let body = pairs[0].value
        let here = "\(path).\(kind)"
        func parameters() -> [String: YAMLNode]? {
            let known = ScenarioKeys.distributionParameters[kind] ?? []
            return r.mapping(body, here, known: known, required: known)
        }
        func positive(_ n: YAMLNode, _ name: String) -> Double? {
            guard
                let v = r.number(
                    n, "\(here)\(name)", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
            else { return nil }
            guard v > 0 else { r.error(n.mark, "\(here)\(name) must be greater than zero"); return nil }
            guard v <= 1e12 else { r.error(n.mark, "\(here)\(name) must be at most 1000000000000"); return nil }
            return v
        }
        func time(_ n: YAMLNode, _ name: String, positiveOnly: Bool) -> Double? {
            guard let v = r.duration(n, "\(here).\(name)", allowZero: !positiveOnly) else { return nil }
            return Double(v)
        }
        switch kind {
        case "fixed":
            return r.duration(body, here).map { .fixed($0) }
        case "exponential":
            guard let p = parameters(), let mean = p["mean"].flatMap({ time($0, "mean", positiveOnly: true) }) else {
                return nil
            }
            return .exponential(mean: mean)
        case "lognormal":
            guard let p = parameters() else { return nil }
            let median = p["median"].flatMap { time($0, "median", positiveOnly: true) }
            let sigma = p["sigma"].flatMap { positive($0, ".sigma") }
            guard let median, let sigma else { return nil }
            return .lognormal(median: median, sigma: sigma)
        case "uniform":
            guard let p = parameters() else { return nil }
            let low = p["min"].flatMap { time($0, "min", positiveOnly: false) }
            let high = p["max"].flatMap { time($0, "max", positiveOnly: false) }
            guard let low, let high else { return nil }
            guard high >= low else { r.error(body.mark, "\(here): max must not be below min"); return nil }
            return .uniform(min: low, max: high)
        case "gamma", "weibull":
            guard let p = parameters() else { return nil }
            let shape = p["shape"].flatMap { positive($0, ".shape") }
            let scale = p["scale"].flatMap { time($0, "scale", positiveOnly: true) }
            guard let shape, let scale else { return nil }
            return kind == "gamma" ? .gamma(shape: shape, scale: scale) : .weibull(shape: shape, scale: scale)
        case "empirical":
            guard let p = parameters(), let list = p["points"] else { return nil }
            return empirical(list, "\(here).points", r)
        case "mixture":
            guard depth < 8 else { r.error(body.mark, "\(here) nests mixtures more than 8 deep"); return nil }
            guard let items = body.sequence, !items.isEmpty else {
                r.error(body.mark, "\(here) must be a list of { weight, <distribution> } entries")
                return nil
            }
            var components: [MixtureComponent] = []
            for (i, item) in items.enumerated() {
                let itemPath = "\(here)[\(i + 1)]"
                guard let entries = item.mapping, entries.count == 2,
                    let weightPair = entries.first(where: { $0.key.scalar == "weight" }),
                    let other = entries.first(where: { $0.key.scalar != "weight" })
                else {
                    r.error(
                        item.mark,
                        "\(itemPath) must have a weight and one distribution, e.g. { weight: 0.8, fixed: 1s }")
                    continue
                }
                guard let weight = positive(weightPair.value, "[\(i + 1)].weight") else { continue }
                let inner = YAMLNode(kind: .mapping([other]), mark: other.key.mark)
                if let d = read(inner, itemPath, r, depth: depth + 1) {
                    components.append(MixtureComponent(weight: weight, distribution: d))
                }
            }
            return components.count == items.count ? .mixture(components) : nil
        default:
            r.error(
                pairs[0].key.mark,
                "unknown distribution '\(kind)' in \(path); use one of \(distributionKinds.joined(separator: ", "))"
                    + Suggestion.hint(for: kind, in: distributionKinds))
            return nil
        }
    }

    private static func empirical(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> Distribution? {
        guard let items = node.sequence, items.count >= 1 else {
            r.error(node.mark, "\(path) must be a list of [value, cumulativeProbability] pairs")
            return nil
        }
        var points: [EmpiricalPoint] = []
        for (i, item) in items.enumerated() {
            guard let pair = item.sequence, pair.count == 2 else {
                r.error(item.mark, "\(path)[\(i + 1)] must be a pair [value, cumulativeProbability], e.g. [30s, 0.5]")
                return nil
            }
            guard let value = r.duration(pair[0], "\(path)[\(i + 1)] value"),
                let probability = r.probability(pair[1], "\(path)[\(i + 1)] probability")
            else { return nil }
            if let previous = points.last {
                if Double(value) < previous.value {
                    r.error(pair[0].mark, "\(path)[\(i + 1)]: values must not decrease")
                    return nil
                }
                if probability < previous.probability {
                    r.error(
                        pair[1].mark,
                        "\(path)[\(i + 1)]: cumulative probabilities must not decrease (the CDF is not monotone)")
                    return nil
                }
            }
            points.append(EmpiricalPoint(value: Double(value), probability: probability))
        }
        if points.last?.probability != 1 {
            r.error(
                items[items.count - 1].mark,
                "\(path): the last cumulative probability must be 1, not \(ScenarioReader.show(points.last?.probability ?? 0))"
            )
            return nil
        }
        return .empirical(points: points)
    }
}
