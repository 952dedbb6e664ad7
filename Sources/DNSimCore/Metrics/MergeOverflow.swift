/// A merge whose sum leaves Int64: only a damaged shard file can hold such
/// counts (a run's own sums stay far below 2^63), so `merge` refuses it.
public struct MergeOverflow: Error, Sendable, CustomStringConvertible {
    /// The field whose sum overflowed, as its shard file names it.
    public var field: String

    public init(field: String) { self.field = field }

    public var description: String { "the sum of \(field) exceeds 9223372036854775807 (2^63 − 1)" }

    /// `total += value`, or the field named when the sum does not fit.
    @inline(__always)
    static func add(_ total: inout Int64, _ value: Int64, _ field: @autoclosure () -> String) throws(MergeOverflow) {
        let (sum, overflow) = total.addingReportingOverflow(value)
        if overflow { throw MergeOverflow(field: field()) }
        total = sum
    }

    /// The same overflow, its field inside `outer` (`arms[2].counts[1]`).
    func inside(_ outer: String) -> MergeOverflow { MergeOverflow(field: "\(outer).\(field)") }
}
