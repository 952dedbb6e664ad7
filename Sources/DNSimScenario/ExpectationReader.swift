import DNSimCore

/// Reads `expect:`: bounds on summary columns for arms or arm patterns.
enum ExpectationReader {
    static func read(_ node: YAMLNode, arms: [String], _ r: ScenarioReader) -> [Expectation] {
        guard let items = node.sequence else {
            r.error(node.mark, "expect must be a list of { arm, metric, max | min } entries")
            return []
        }
        var result: [Expectation] = []
        for (i, item) in items.enumerated() {
            let path = "expect[\(i + 1)]"
            guard let map = r.section(item, path, schema: "expect[]", required: ["arm", "metric"]) else { continue }
            guard let armNode = map["arm"], let arm = r.string(armNode, "\(path).arm"),
                  let metricNode = map["metric"], let metric = r.string(metricNode, "\(path).metric") else { continue }
            let pattern = Expectation(arm: arm, metric: metric, min: nil, max: nil, mark: item.mark)
            if !arms.contains(where: pattern.applies(to:)) {
                r.error(armNode.mark, "\(path).arm '\(arm)' matches no arm; arms are \(arms.joined(separator: ", "))"
                    + Suggestion.hint(for: arm, in: arms))
            }
            let names = SummaryColumns.names
            // A rate's bare name (`missed`) means its rate, as in SPEC §6's example.
            let resolved = names.contains("\(metric)_rate") ? "\(metric)_rate" : (names.contains(metric) ? metric : nil)
            if resolved == nil {
                r.error(metricNode.mark, "\(path).metric '\(metric)' is not a summary.csv column" + Suggestion.hint(for: metric, in: names))
            }
            let isFraction = resolved.flatMap { SummaryColumns.named($0) }?.unit == "fraction"
            let low = map["min"].flatMap { r.bound($0, "\(path).min", percentAllowed: isFraction) }
            let high = map["max"].flatMap { r.bound($0, "\(path).max", percentAllowed: isFraction) }
            if let low, let high, low > high { r.error(item.mark, "\(path): min \(ScenarioReader.show(low)) is above max \(ScenarioReader.show(high))") }
            if map["min"] == nil && map["max"] == nil { r.error(item.mark, "\(path) needs min, max or both") }
            result.append(Expectation(arm: arm, metric: resolved ?? metric, min: low, max: high, mark: item.mark))
        }
        return result
    }
}
