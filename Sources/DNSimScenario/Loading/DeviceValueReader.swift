import DNSimCore

/// Reads `{ perDevice: <distribution> }` at a numeric condition that may differ by device, records
/// it on the reader, and gives the distribution's mean as the condition's scenario-wide value.
enum DeviceValueReader {
    /// The conditions that may be per-device, by catalog path, with where each sits in a world.
    static let paths: [String: WritableKeyPath<WorldConfiguration, Double> & Sendable] = [
        "user.appOpensPerDay": \WorldConfiguration.user.appOpensPerDay,
        "user.forceQuitPerDay": \WorldConfiguration.user.forceQuitPerDay,
        "user.forceStopPerDay": \WorldConfiguration.user.forceStopPerDay,
        "user.rebootsPerDay": \WorldConfiguration.user.rebootsPerDay,
        "fetch.failure": \WorldConfiguration.fetch.failure,
        "platforms.ios.fetchTask.never": \WorldConfiguration.ios.never,
        "platforms.ios.push.drop": \WorldConfiguration.ios.push.alert.drop,
        "platforms.ios.push.background.drop": \WorldConfiguration.ios.push.background.drop,
        "platforms.android.push.drop": \WorldConfiguration.android.push.delivery.drop,
    ]

    static let families = ["beta", "gamma", "lognormal", "uniform"]

    /// The per-device condition at `node` (a mapping), recorded on `r`; its mean, or nil when invalid (said).
    static func read(
        _ node: YAMLNode, _ path: String, catalogPath: String, range: ClosedRange<Double>,
        _ r: ScenarioReader
    ) -> Double? {
        guard let target = paths[catalogPath] else {
            r.error(
                node.mark,
                "\(path) must be a number, not a mapping (per-device values are accepted at "
                    + paths.keys.sorted().joined(separator: ", ") + ")")
            return nil
        }
        guard let outer = r.mapping(node, path, known: ["perDevice"], required: ["perDevice"]),
            let spec = outer["perDevice"]
        else {
            return nil
        }
        let specPath = "\(path).perDevice"
        guard let family = r.mapping(spec, specPath, known: families), family.count == 1,
            let (name, body) = family.first
        else {
            if spec.mapping?.isEmpty ?? false || (spec.mapping?.count ?? 0) > 1 {
                r.error(spec.mark, "\(specPath) takes exactly one distribution: \(families.joined(separator: ", "))")
            }
            return nil
        }
        let probability = range.upperBound <= 1
        let familyPath = "\(specPath).\(name)"
        var marks: [String: SourceMark] = [:]
        func parameters(_ names: [String]) -> [Double]? {
            guard let map = r.mapping(body, familyPath, known: names, required: names) else { return nil }
            let values = names.compactMap { key in
                map[key].flatMap { node in
                    marks[key] = node.mark
                    return r.number(
                        node, "\(familyPath).\(key)",
                        in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
                }
            }
            return values.count == names.count ? values : nil
        }
        func positive(_ value: Double, _ key: String, atMost limit: Double = 1e9) -> Bool {
            guard value > 0, value <= limit else {
                r.error(
                    marks[key] ?? body.mark,
                    "\(familyPath).\(key) must be greater than 0 and at most \(ScenarioReader.show(limit)), "
                        + "not \(ScenarioReader.show(value))")
                return false
            }
            return true
        }
        let distribution: DeviceValueDistribution
        switch name {
        case "beta":
            guard probability else {
                r.error(
                    body.mark,
                    "\(path) is a rate, not a probability: beta gives values in [0, 1] (did you mean 'gamma'?)")
                return nil
            }
            // GSL's beta quantile stalls near a = b = 10⁶; a spread that narrow is a fixed value anyway.
            guard let p = parameters(["a", "b"]), positive(p[0], "a", atMost: 1e5), positive(p[1], "b", atMost: 1e5)
            else { return nil }
            distribution = .beta(a: p[0], b: p[1])
        case "gamma", "lognormal":
            guard !probability else {
                r.error(body.mark, "\(path) is a probability: \(name) can exceed 1 (did you mean 'beta'?)")
                return nil
            }
            if name == "gamma" {
                guard let p = parameters(["shape", "mean"]), positive(p[0], "shape", atMost: 1e6),
                    positive(p[1], "mean", atMost: range.upperBound)
                else { return nil }
                distribution = .gamma(shape: p[0], mean: p[1])
            } else {
                guard let p = parameters(["median", "sigma"]), positive(p[0], "median", atMost: range.upperBound),
                    positive(p[1], "sigma", atMost: 10)
                else { return nil }
                distribution = .lognormal(median: p[0], sigma: p[1])
            }
        default:
            guard let p = parameters(["min", "max"]) else { return nil }
            guard range.contains(p[0]), range.contains(p[1]), p[0] <= p[1] else {
                r.error(
                    body.mark,
                    "\(familyPath) needs \(ScenarioReader.show(range.lowerBound)) ≤ min ≤ max ≤ "
                        + "\(ScenarioReader.show(range.upperBound)), not min \(ScenarioReader.show(p[0])), max \(ScenarioReader.show(p[1]))"
                )
                return nil
            }
            distribution = .uniform(min: p[0], max: p[1])
        }
        r.deviceValues.append(DeviceValue(key: catalogPath, path: target, distribution: distribution, range: range))
        return min(max(distribution.mean, range.lowerBound), range.upperBound)
    }
}
