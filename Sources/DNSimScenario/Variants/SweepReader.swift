import DNSimCore

/// Reads `sweep:`: the axes of a grid of runs, each a key and its values (or a numeric range).
enum SweepReader {
    /// At most this many points in a grid.
    static let maxPoints = 100_000

    static func read(_ node: YAMLNode, _ r: ScenarioReader) -> [SweepAxis] {
        guard let items = node.sequence, !items.isEmpty else {
            r.error(node.mark, "sweep must be a list of { key, values } or { key, range: { from, to, step } } entries")
            return []
        }
        var axes: [SweepAxis] = []
        var points = 1
        for (i, item) in items.enumerated() {
            guard let map = ScenarioSection(item, "sweep[\(i + 1)]", schema: "sweep[]", r), let axis = axis(map) else {
                continue
            }
            // One key on two axes makes points that contradict each other (the last value wins).
            if let earlier = axes.firstIndex(where: { $0.key == axis.key }) {
                r.error(
                    axis.mark,
                    "sweep[\(i + 1)].key '\(axis.key)' is swept twice (also sweep[\(earlier + 1)]); "
                        + "give all its values in one entry")
                continue
            }
            points *= axis.values.count
            if points > maxPoints {
                r.error(item.mark, "the sweep grid has more than \(maxPoints) points")
                return []
            }
            axes.append(axis)
        }
        return axes
    }

    /// One `{ key, values | range }` entry, or nil when it is wrong (said).
    private static func axis(_ map: ScenarioSection) -> SweepAxis? {
        let r = map.reader
        guard let keyNode = map["key"], let key = map.string("key") else { return nil }
        if let problem = SweepAxis.shapeProblem(ofKey: key, at: map.path) { r.error(keyNode.mark, problem); return nil }
        if key == "sweep" || key.hasPrefix("sweep.") || key == "name" || key == "seed" {
            r.error(
                keyNode.mark,
                "\(map.path("key")) '\(key)' cannot be swept (points share the name and seed for common random numbers)"
            )
            return nil
        }
        if key == "fleet" || key.hasPrefix("fleet.") {
            r.error(
                keyNode.mark,
                "\(map.path("key")) '\(key)' cannot be swept (a fleet's shares add to 1); "
                    + "sweep the conditions themselves, or write one scenario per fleet")
            return nil
        }
        let topKeys = ScenarioKeys.keys(at: "")
        let sweepOnly = ScenarioKeyCatalog.sweepOnlyKeys.map(\.path)
        if !sweepOnly.contains(key), !topKeys.contains(String(key.split(separator: ".").first ?? "")) {
            r.error(
                keyNode.mark,
                "\(map.path("key")) '\(key)' does not start with a scenario key"
                    + Suggestion.hint(
                        for: key,
                        in: topKeys + sweepOnly))
            return nil
        }
        var values: [YAMLNode] = []
        if let list = map["values"] {
            guard let sequence = list.sequence, !sequence.isEmpty else {
                r.error(list.mark, "\(map.path("values")) must be a non-empty list")
                return nil
            }
            // A value twice runs the same point twice under two names.
            var seen: [String: Int] = [:]
            for (index, value) in sequence.enumerated() {
                guard let text = value.scalar else { continue }
                if let first = seen[text] {
                    r.error(
                        value.mark,
                        "\(map.path("values"))[\(index + 1)] '\(text)' is already value \(first + 1); give each value once"
                    )
                    return nil
                }
                seen[text] = index
            }
            values = sequence
        } else if let range = map["range"], let spec = map.section("range") {
            guard let from = spec.number("from", in: -1e15...1e15), let to = spec.number("to", in: -1e15...1e15),
                let step = spec.number("step", in: -1e15...1e15)
            else { return nil }
            switch SweepAxis.rangeValues(from: from, to: to, step: step) {
            case .success(let numbers):
                values = numbers.map { YAMLNode(kind: .scalar(ScenarioReader.show($0)), mark: range.mark) }
            case .failure(let problem): r.error(range.mark, "\(spec.path) \(problem.message)"); return nil
            }
        } else {
            r.error(map.node.mark, "\(map.path) needs values or range")
            return nil
        }
        return SweepAxis(key: key, values: values, mark: keyNode.mark)
    }
}
