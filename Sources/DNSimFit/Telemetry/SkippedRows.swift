/// Rows left out under `--skip-bad-rows`, grouped by reason.
public struct SkippedRows: Sendable, Equatable {
    public struct Reason: Sendable, Equatable {
        public let reason: String
        public internal(set) var count: Int
        public let firstLine: Int
        /// The full message for the first such row.
        public let example: String
    }

    public private(set) var count = 0
    private var reasonList: [Reason] = []
    private var index: [String: Int] = [:]

    public init() {}

    mutating func record(_ problem: RowProblem, line: Int) {
        count += 1
        if let i = index[problem.reason] {
            reasonList[i].count += 1
        } else {
            index[problem.reason] = reasonList.count
            reasonList.append(Reason(reason: problem.reason, count: 1, firstLine: line, example: problem.message))
        }
    }

    /// Most frequent first, then by first line.
    public var reasons: [Reason] {
        reasonList.sorted { $0.count != $1.count ? $0.count > $1.count : $0.firstLine < $1.firstLine }
    }

    /// One line per reason: `12 × column submitted_at: not an ISO 8601 time (first on line 17)`.
    public var summary: [String] {
        reasons.map { "\($0.count) × \($0.reason) (first on line \($0.firstLine))" }
    }
}
