import DNSimCore

/// Reads `strategies:`: names or one-key maps of options, each label unique.
enum StrategyReader {
    static func read(_ node: YAMLNode, _ r: ScenarioReader) -> [StrategyConfiguration] {
        guard let items = node.sequence, !items.isEmpty else {
            r.error(node.mark, "strategies must be a non-empty list, e.g. [independent, chained]")
            return []
        }
        let kinds = StrategyKind.allCases.map(\.rawValue)
        var result: [StrategyConfiguration] = []
        var labels: [String: SourceMark] = [:]
        for item in items {
            var kindNode = item
            var options: YAMLNode?
            if let pairs = item.mapping {
                guard pairs.count == 1 else {
                    r.error(item.mark, "a strategy with options is a one-key map, e.g. { chained: { guard: none, label: chained-noguard } }")
                    continue
                }
                kindNode = pairs[0].key
                options = pairs[0].value
            }
            guard let kindText = kindNode.scalar else { r.error(item.mark, "a strategy is a name or a one-key map"); continue }
            guard let kind = StrategyKind(rawValue: kindText) else {
                r.error(kindNode.mark, "unknown strategy '\(kindText)'; use \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last!)" + Suggestion.hint(for: kindText, in: kinds))
                continue
            }
            var strategy = StrategyConfiguration(kind: kind)
            if let options, !options.isNull {
                if let map = r.section(options, kindText, schema: "strategies.\(kindText)") {
                    if let n = map["label"], let v = r.string(n, "\(kindText).label") {
                        if v.isEmpty || v.contains("/") || v.contains(",") {
                            r.error(n.mark, "\(kindText).label must be non-empty and contain no '/' or ','")
                        } else {
                            strategy.label = v
                        }
                    }
                    if let n = map["onEmpty"], let v = r.choice(n, "\(kindText).onEmpty", as: EmptyFetchPolicy.self) { strategy.onEmpty = v }
                    if let n = map["carryUnshown"], let v = r.bool(n, "\(kindText).carryUnshown") { strategy.carryUnshown = v }
                    if let n = map["earlyFetch"], let v = r.choice(n, "\(kindText).earlyFetch", as: EarlyFetchPolicy.self) {
                        strategy.earlyFetch = v
                    }
                    if let n = map["fetchOnOpen"], let v = r.bool(n, "\(kindText).fetchOnOpen") { strategy.fetchOnOpen = v }
                    if let n = map["defects"] {
                        strategy.defects = LifecycleReader.defects(n, "\(kindText).defects", as: PluginDefect.self, r)
                    }
                    if let n = map["staleContent"], let v = r.choice(n, "\(kindText).staleContent", as: StaleContentPolicy.self) {
                        strategy.staleContent = v
                    }
                    if let n = map["kind"], let v = r.choice(n, "\(kindText).kind", as: PushKind.self) { strategy.pushKind = v }
                    if let n = map["guard"], let v = r.choice(n, "\(kindText).guard", as: GuardPolicy.self) { strategy.guardPolicy = v }
                    if let n = map["guardHorizon"], let v = r.duration(n, "\(kindText).guardHorizon", allowZero: false) {
                        strategy.guardHorizon = v
                    }
                    // An alert push's handler decides its cycle when the push arrives: it arms no guard.
                    if kind == .push, strategy.pushKind == .alert, let n = map["guard"] ?? map["guardHorizon"] {
                        r.error(n.mark, "push.\(map["guard"] != nil ? "guard" : "guardHorizon") applies to kind: background only; an alert push arms no guard: its handler decides the cycle when the push arrives")
                    }
                }
            }
            // Two push arms of the same kind need labels of their own; give the background one a readable default.
            if kind == .push, strategy.pushKind == .background, strategy.label == "push",
               options?.value(forKey: "label") == nil {
                strategy.label = "silent-push"
            }
            if let first = labels[strategy.label] {
                r.error(item.mark, "strategy label '\(strategy.label)' is already used at line \(first.line); give this variant its own, e.g. { \(strategy.kind.rawValue): { label: \(strategy.label)-2 } }")
                continue
            }
            labels[strategy.label] = item.mark
            result.append(strategy)
        }
        return result
    }
}
