/// A `DurationHistogram` fed through a stage: values wait in one buffer per range of buckets (the
/// exact range, then each power of two) and go into the histogram a full buffer at a time.
///
/// Added one by one, a device's update delays and content ages jump across the histogram's
/// ~560 KB of buckets, a cold cache line and page at nearly every value (15% of a run's time
/// for 5% of its instructions, docs/performance.md). A flush reads one 32 KB buffer and works
/// within one range's buckets (16 KB; 32 KB for the exact range): a radix partition, as in
/// cache-conscious sorting. Counts are sums and a bucket keeps a sole value only while every
/// value is that one, so the histogram is the same, bucket for bucket, as adding each value at once.
struct StagedHistogram: Sendable {
    static let rangeCount = DurationHistogram.rangeCount
    /// Values a range's buffer holds before it is flushed: four for each of a power of two's 1,024
    /// buckets, so a flush finds most of its cache lines already loaded (8,192 measured no faster,
    /// 512 slower).
    static let capacity = 4_096

    private var flushed = DurationHistogram()
    /// The buffers of the ranges in use, `capacity` values each, in the order the ranges were first
    /// used: a histogram's values usually fall in a dozen ranges, so about 400 KB.
    private var stage: [Int64] = []
    /// By range: where its buffer begins in `stage` (-1 before its first value), and how many values wait in it.
    private var start: [Int] = []
    private var fill: [Int] = []

    /// Every value added so far: a copy of the buckets while values wait (`flush()` first to avoid it).
    var histogram: DurationHistogram {
        var histogram = flushed
        for range in fill.indices where fill[range] > 0 {
            stage[start[range]..<start[range] + fill[range]].withUnsafeBufferPointer {
                histogram.add($0, inRange: range)
            }
        }
        return histogram
    }

    /// Moves every waiting value into the histogram, in place.
    mutating func flush() {
        for range in fill.indices where fill[range] > 0 {
            stage[start[range]..<start[range] + fill[range]].withUnsafeBufferPointer {
                flushed.add($0, inRange: range)
            }
            fill[range] = 0
        }
    }

    /// Adds every value of `values` that is not nil.
    @inline(__always)
    mutating func add<Values: RandomAccessCollection<Int64?>>(_ values: Values) where Values.Index == Int {
        if _slowPath(start.isEmpty) {
            start = Array(repeating: -1, count: Self.rangeCount)
            fill = Array(repeating: 0, count: Self.rangeCount)
        }
        var position = values.startIndex
        while position < values.endIndex {
            start.withUnsafeBufferPointer { starts in
                stage.withUnsafeMutableBufferPointer { stage in
                    fill.withUnsafeMutableBufferPointer { fill in
                        var index = position
                        defer { position = index }
                        while index < values.endIndex {
                            guard let item = values[index] else {
                                index &+= 1
                                continue
                            }
                            let value = max(0, item)
                            let range = DurationHistogram.range(of: value)
                            let base = starts[range]
                            // A range without a buffer ends the pass; the value is staged once it has one.
                            if _slowPath(base < 0) { return }
                            let count = fill[range]
                            stage[base &+ count] = value
                            if _slowPath(count &+ 1 == Self.capacity) {
                                Self.flush(
                                    UnsafeBufferPointer(rebasing: stage[base..<base &+ Self.capacity]), range: range,
                                    into: &flushed)
                                fill[range] = 0
                            } else {
                                fill[range] = count &+ 1
                            }
                            index &+= 1
                        }
                    }
                }
            }
            if position < values.endIndex, let value = values[position] {
                allocate(DurationHistogram.range(of: max(0, value)))
            }
        }
    }

    /// Gives `range` its buffer (zeroed, 32 KB) at its first value.
    @inline(never)
    private mutating func allocate(_ range: Int) {
        start[range] = stage.count
        stage.append(contentsOf: Array(repeating: 0, count: Self.capacity))
    }

    /// Adds a range's full buffer to the histogram. Out of line: once per `capacity` values.
    @inline(never)
    private static func flush(
        _ values: UnsafeBufferPointer<Int64>, range: Int, into histogram: inout DurationHistogram
    ) {
        histogram.add(values, inRange: range)
    }
}
