/// A study world whose fleet shares are uncertain (`fleet.<segment>.share`): the shares a world
/// sets are kept and the other segments share what is left in their written proportions, so the
/// shares still add to 1 (the other shares rescale).
enum FleetShareRescaling {
    /// `node` (the world's file, its uncertain shares already placed) with every other segment's
    /// share scaled to fill 1 − Σ set shares; nil when the set shares leave nothing (said by the caller).
    static func rescaled(_ node: YAMLNode, setting positions: Set<Int>, original: YAMLNode) -> YAMLNode? {
        guard !positions.isEmpty, let items = node.value(forKey: "fleet")?.sequence,
            let written = original.value(forKey: "fleet")?.sequence, written.count == items.count
        else { return node }
        func share(_ item: YAMLNode) -> Double { item.value(forKey: "share")?.scalar.flatMap(Double.init) ?? 0 }
        let fixed = positions.reduce(0) { $0 + share(items[$1 - 1]) }
        let others = written.indices.filter { !positions.contains($0 + 1) }
        let rest = others.reduce(0) { $0 + share(written[$1]) }
        guard fixed < 1, rest > 0 else { return nil }
        var result = node
        for index in others {
            let value = share(written[index]) * (1 - fixed) / rest
            let scalar = YAMLNode(kind: .scalar(ScenarioReader.show(value)), mark: items[index].mark)
            guard let updated = result.setting(["fleet", String(index + 1), "share"][...], to: scalar) else {
                return nil
            }
            result = updated
        }
        return result
    }
}
