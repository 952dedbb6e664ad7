/// A `DurationHistogram` fed through a stage: values wait in one buffer per range of buckets (the
/// exact range, then each power of two) and go into the histogram a full buffer at a time.
///
/// Added one by one, a device's update delays and content ages jump across the histogram's
/// ~560 KB of buckets, a cold cache line and page at nearly every value (15% of a run's time
/// for 5% of its instructions, docs/performance.md). A flush stays within one range's buckets
/// (16 KB, 32 KB for the exact range), a radix partition as in cache-conscious sorting. Counts
/// are sums and a bucket keeps a sole value only while every value is that one, so the histogram
/// is the same, bucket for bucket, as adding each value at once.
struct StagedHistogram: Sendable {
    static let rangeCount = DurationHistogram.rangeCount
    /// Values a range's buffer holds before it is flushed: four for each of its buckets, so a flush
    /// finds most of its cache lines already loaded (8,192 measured no faster, 512 slower).
    static let capacity = 4096

    private var flushed = DurationHistogram()
    /// `rangeCount` buffers of `capacity` values, allocated at the first value.
    private var stage: [Int64] = []
    private var fill: [Int] = []

    /// Every value added so far: a copy of the buckets while values wait (`flush()` first to avoid it).
    var histogram: DurationHistogram {
        var histogram = flushed
        for range in fill.indices where fill[range] > 0 {
            let start = range * Self.capacity
            stage[start..<start + fill[range]].withUnsafeBufferPointer { histogram.add($0, inRange: range) }
        }
        return histogram
    }

    /// Moves every waiting value into the histogram, in place.
    mutating func flush() {
        for range in fill.indices where fill[range] > 0 {
            let start = range * Self.capacity
            stage[start..<start + fill[range]].withUnsafeBufferPointer { flushed.add($0, inRange: range) }
            fill[range] = 0
        }
    }

    /// Adds every value of `values` that is not nil.
    @inline(__always)
    mutating func add<Values: Sequence<Int64?>>(_ values: Values) {
        if _slowPath(stage.isEmpty) {
            guard values.contains(where: { $0 != nil }) else { return }
            // Uninitialised: a range's pages are touched only once values fall in it.
            stage = Array(unsafeUninitializedCapacity: Self.rangeCount * Self.capacity) { _, count in
                count = Self.rangeCount * Self.capacity
            }
            fill = Array(repeating: 0, count: Self.rangeCount)
        }
        stage.withUnsafeMutableBufferPointer { stage in
            fill.withUnsafeMutableBufferPointer { fill in
                for case let value? in values {
                    let value = max(0, value)
                    let range = DurationHistogram.range(of: value)
                    let count = fill[range]
                    stage[range &* Self.capacity &+ count] = value
                    if _slowPath(count &+ 1 == Self.capacity) {
                        Self.flush(
                            UnsafeBufferPointer(
                                rebasing: stage[range &* Self.capacity..<(range &+ 1) &* Self.capacity]),
                            range: range, into: &flushed)
                        fill[range] = 0
                    } else {
                        fill[range] = count &+ 1
                    }
                }
            }
        }
    }

    /// Adds a range's full buffer to the histogram. Out of line: once per `capacity` values.
    @inline(never)
    private static func flush(
        _ values: UnsafeBufferPointer<Int64>, range: Int, into histogram: inout DurationHistogram
    ) {
        histogram.add(values, inRange: range)
    }
}
