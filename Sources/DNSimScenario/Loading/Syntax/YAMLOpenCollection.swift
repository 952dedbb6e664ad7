import CYAML
import DNSimCore
import DNSimText

/// What an alias copies: the finished node plus its expanded size and nesting height.
struct YAMLAnchoredNode {
    var node: YAMLNode
    var size: Int
    var height: Int
}

/// A `<<` entry, resolved when its mapping closes so explicit keys written after it still win.
struct YAMLPendingMerge {
    var position: Int
    var sources: [[YAMLPair]]
}

/// A mapping or list whose end event has not arrived yet.
struct YAMLOpenCollection {
    let isMapping: Bool
    let mark: SourceMark
    let anchor: String?
    let tag: String?
    /// Node count before this collection, so its expanded size is known when it closes.
    let nodeCountAtStart: Int
    var items: [YAMLNode] = []
    var pairs: [YAMLPair] = []
    var pendingKey: YAMLNode?
    /// Explicit keys seen so far, for duplicate detection.
    var keyMarks: [String: SourceMark] = [:]
    var merges: [YAMLPendingMerge] = []
    var childHeight = 0

    init(isMapping: Bool, mark: SourceMark, anchor: String?, tag: String?, nodeCountAtStart: Int) {
        self.isMapping = isMapping
        self.mark = mark
        self.anchor = anchor
        self.tag = tag
        self.nodeCountAtStart = nodeCountAtStart
    }

    /// Explicit pairs in order, with merged pairs spliced in where `<<` stood.
    /// Explicit keys always win; among merged mappings the earlier one wins.
    func pairsWithMerges() -> [YAMLPair] {
        guard !merges.isEmpty else { return pairs }
        var taken = Set(pairs.compactMap { $0.key.scalar })
        var result: [YAMLPair] = []
        var next = 0
        for merge in merges {
            result.append(contentsOf: pairs[next..<merge.position])
            next = merge.position
            for source in merge.sources {
                for pair in source where taken.insert(pair.key.scalar ?? "").inserted {
                    result.append(pair)
                }
            }
        }
        result.append(contentsOf: pairs[next...])
        return result
    }
}
