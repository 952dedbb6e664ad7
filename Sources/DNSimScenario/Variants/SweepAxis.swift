import DNSimCore

/// One axis of a `sweep:` block: a scenario key and the values it takes.
///
/// `key` is a dotted path into the scenario (`plugin.relationship.contentTimeout`,
/// `platforms.ios.fetchTask.never`; list items by 1-based index, as in
/// `strategies.2.chained.guard`), or `lead`: the time from the fetch to the
/// notification, which rewrites `plugin.contentFetch.schedule` from the
/// notification's `M H * * *` schedule.
public struct SweepAxis: Sendable {
    public var key: String
    public var values: [YAMLNode]
    public var mark: SourceMark

    /// Most dotted parts a key may have; real keys have fewer than ten.
    public static let maxKeyParts = 32
    /// Most values one `range:` may give.
    public static let maxRangeValues = 10_000

    public var path: [String] { key.split(separator: ".").map(String.init) }

    /// Why `key` cannot be a sweep key by its shape alone, or nil. Checked before the key is
    /// split or walked, so a key of thousands of parts costs one pass over its text.
    public static func shapeProblem(ofKey key: String, at path: String) -> String? {
        let parts = key.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }
        guard parts <= maxKeyParts else {
            return
                "\(path).key has \(parts) dotted parts; a sweep key has at most \(maxKeyParts) (e.g. platforms.ios.fetchTask.never)"
        }
        return nil
    }

    /// The values of `range: { from, to, step }`: `from + i × step` for every i that stays
    /// within `to` (with a tolerance of 1e-9 steps for rounding), so `from == to` gives one value.
    /// The count is computed before anything is generated, and a step too small to move
    /// from one double to the next is refused rather than looped on.
    public static func rangeValues(from: Double, to: Double, step: Double) -> Result<[Double], SweepError> {
        guard from.isFinite, to.isFinite, step.isFinite, step > 0, to >= from else {
            return .failure(SweepError("needs step > 0 and to ≥ from"))
        }
        // Doubles near the larger end are this far apart; a smaller step (or one that
        // rounding could swallow) would repeat values.
        let spacing = max(from.magnitude.ulp, to.magnitude.ulp)
        guard step >= 2 * spacing else {
            let near = ScenarioReader.show(from.magnitude > to.magnitude ? from : to)
            return .failure(
                SweepError(
                    "step \(ScenarioReader.show(step)) is too small: "
                        + "numbers near \(near) are \(ScenarioReader.show(spacing)) apart, so the values would not all differ"
                ))
        }
        let intervals = ((to - from) / step + 1e-9).rounded(.down)
        guard intervals < Double(maxRangeValues) else {
            let values = intervals < 1e15 ? String(Int64(intervals) + 1) : "more than 10^15"
            return .failure(SweepError("gives \(values) values; a range gives at most \(maxRangeValues)"))
        }
        let count = Int(intervals) + 1
        // Round each value to the decimals `from` and `step` are written with, so 0.1 × 3 reads 0.3.
        let decimals = max(decimalPlaces(from), decimalPlaces(step))
        let scale = decimals <= 15 ? Double.pow10(decimals) : nil
        return .success(
            (0..<count).map { i in
                let value = from + Double(i) * step
                guard let scale, (value * scale).magnitude < 0x1p52 else { return value }
                return (value * scale).rounded() / scale
            })
    }

    /// Digits after the decimal point in the shortest spelling of `value` (`1e-05` has 5).
    private static func decimalPlaces(_ value: Double) -> Int {
        let text = "\(value.magnitude)"
        let parts = text.split(separator: "e")
        let mantissa = parts[0]
        var places = mantissa.split(separator: ".").dropFirst().first.map { $0 == "0" ? 0 : $0.count } ?? 0
        if parts.count == 2, let exponent = Int(parts[1]) { places -= exponent }
        return max(0, places)
    }

    /// How a value prints in sweep tables: a scalar as written, anything else on one line.
    public static func label(_ node: YAMLNode) -> String {
        if node.isNull { return "none" }
        if let scalar = node.scalar { return MessageText.shortened(scalar, limit: 80) }
        return flow(node)
    }

    /// The label of each value, in order. Mappings are labelled by the settings that differ
    /// between this axis's values (`guard=none, guardHorizon=7d`), or written out compactly
    /// (`{chained: {guard: none}}`) when that would not tell them apart.
    public var labels: [String] {
        let plain = values.map(Self.label)
        guard values.count > 1, values.allSatisfy({ $0.mapping != nil }) else { return plain }
        let leaves = values.map { Self.leaves(of: $0) }
        var differing: [String] = []
        for key in leaves.flatMap({ $0.map(\.key) }) where !differing.contains(key) {
            let settings = leaves.map { $0.first(where: { $0.key == key })?.value }
            if Set(settings.map { $0 ?? "\u{0}" }).count > 1 { differing.append(key) }
        }
        // The last part of each differing key, unless two share it.
        let lastParts = differing.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
        let short = Set(lastParts).count == lastParts.count
        let labels = leaves.map { entries in
            differing.enumerated().compactMap { index, key in
                entries.first(where: { $0.key == key }).map { "\(short ? lastParts[index] : key)=\($0.value)" }
            }.joined(separator: ", ")
        }
        guard !labels.contains(""), Set(labels).count == labels.count else { return plain }
        return labels
    }

    /// The scalar leaves of a mapping or list as (dotted key, value), in file order.
    /// Iterative, so its depth is bounded only by the YAML limits, not by the stack.
    static func leaves(of node: YAMLNode) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        var stack: [(prefix: String, node: YAMLNode)] = [("", node)]
        while let (prefix, node) = stack.popLast() {
            let join = { (part: String) in prefix.isEmpty ? part : "\(prefix).\(part)" }
            switch node.kind {
            case .scalar(let text): result.append((prefix, MessageText.shortened(text, limit: 40)))
            case .mapping(let pairs):
                stack += pairs.reversed().map {
                    (join(MessageText.shortened($0.key.scalar ?? "?", limit: 40)), $0.value)
                }
            case .sequence(let items): stack += items.indices.reversed().map { (join(String($0 + 1)), items[$0]) }
            }
        }
        return result
    }

    /// A one-line flow rendering, `{chained: {guard: none}}` or `[1, 2]`, cut at 80 characters.
    static func flow(_ node: YAMLNode) -> String {
        var text = ""
        // Iterative: a stack of what is left to write.
        enum Piece {
            case node(YAMLNode)
            case literal(String)
        }
        var stack: [Piece] = [.node(node)]
        while let piece = stack.popLast(), text.count <= 80 {
            switch piece {
            case .literal(let literal): text += literal
            case .node(let node):
                switch node.kind {
                case .scalar(let scalar): text += MessageText.shortened(scalar, limit: 40)
                case .sequence(let items):
                    var pieces: [Piece] = [.literal("[")]
                    for (index, item) in items.enumerated() {
                        pieces += (index > 0 ? [.literal(", ")] : []) + [.node(item)]
                    }
                    stack += (pieces + [.literal("]")]).reversed()
                case .mapping(let pairs):
                    var pieces: [Piece] = [.literal("{")]
                    for (index, pair) in pairs.enumerated() {
                        pieces +=
                            (index > 0 ? [.literal(", ")] : []) + [.node(pair.key), .literal(": "), .node(pair.value)]
                    }
                    stack += (pieces + [.literal("}")]).reversed()
                }
            }
        }
        return MessageText.shortened(text, limit: 80)
    }
}

extension Double {
    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

extension YAMLNode {
    /// A copy with the node at `path` replaced by `value`, creating mappings as needed.
    /// A numeric component indexes a list (1-based). Nil when the path cannot exist.
    ///
    /// Iterative: it walks down once, remembering each container, then rebuilds the copies
    /// upwards, so the stack does not grow with the length of the path.
    func setting(_ path: ArraySlice<String>, to value: YAMLNode) -> YAMLNode? {
        enum Slot {
            case pair(Int)
            case newPair(String)
            case item(Int)
        }
        var frames: [(container: YAMLNode, slot: Slot)] = []
        // Nil once the path has left the tree: the rest is created.
        var current: YAMLNode? = self
        for head in path {
            var node = current ?? YAMLNode(kind: .mapping([]), mark: value.mark)
            // A null (an empty value) becomes the mapping the path needs.
            if case .scalar = node.kind, node.isNull { node = YAMLNode(kind: .mapping([]), mark: node.mark) }
            switch node.kind {
            case .mapping(let pairs):
                if let index = pairs.firstIndex(where: { $0.key.scalar == head }) {
                    frames.append((node, .pair(index)))
                    current = pairs[index].value
                } else {
                    frames.append((node, .newPair(head)))
                    current = nil
                }
            case .sequence(let items):
                guard let position = Int(head), position >= 1, position <= items.count else { return nil }
                frames.append((node, .item(position - 1)))
                current = items[position - 1]
            case .scalar:
                return nil
            }
        }
        var result = value
        for (container, slot) in frames.reversed() {
            var copy = container
            switch (container.kind, slot) {
            case (.mapping(var pairs), .pair(let index)):
                pairs[index].value = result
                copy.kind = .mapping(pairs)
            case (.mapping(var pairs), .newPair(let key)):
                pairs.append(YAMLPair(key: YAMLNode(kind: .scalar(key), mark: value.mark), value: result))
                copy.kind = .mapping(pairs)
            case (.sequence(var items), .item(let index)):
                items[index] = result
                copy.kind = .sequence(items)
            default:
                return nil
            }
            result = copy
        }
        return result
    }
}
