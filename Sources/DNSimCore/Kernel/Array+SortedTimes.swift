extension Array where Element == Millis {
    /// The index of the first of these sorted (never decreasing) times strictly after `time`,
    /// or `count`: one binary search for the calendar, windows, opens and the power gate.
    @inlinable
    func firstIndex(after time: Millis) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
