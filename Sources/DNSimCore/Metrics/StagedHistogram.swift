/// A `DurationHistogram` fed through a stage: values wait in one buffer per range of buckets (the
/// exact range, then each power of two) and go into the histogram a full buffer at a time.
///
/// Added one by one, a device's update delays and content ages jump across the histogram's
/// ~560 KB of buckets, a cold cache line and page at nearly every value (15% of a run's time
/// for 5% of its instructions, docs/performance.md). A flush reads one buffer (up to 32 KB) and
/// works within one range's buckets (16 KB; 32 KB for the exact range): a radix partition, as in
/// cache-conscious sorting. Counts are sums and a bucket keeps a sole value only while every
/// value is that one, so the histogram is the same, bucket for bucket, as adding each value at once.
struct StagedHistogram: Sendable {
    static let rangeCount = DurationHistogram.rangeCount
    /// The most values a range's buffer holds before it is flushed: four for each of a power of
    /// two's 1,024 buckets, so a flush finds most of its cache lines already loaded (8,192 measured
    /// no faster, 512 slower).
    static let capacity = 4_096
    /// A range's first buffer: it doubles at each flush up to `capacity`, so a small run (a study's
    /// world) allocates and zeroes little, and a long one soon flushes `capacity` values at a time.
    static let firstCapacity = 256

    private var flushed = DurationHistogram()
    /// The ranges' buffers, each appended when its range needed it (a doubled buffer goes at the end;
    /// the smaller ones it replaced stay unused, together smaller than it). A range holds at most
    /// 7,936 values over its life (63.5 KB): about 1 MB for a dozen busy ranges, 2.2 MB at worst.
    private var stage: [Int64] = []
    /// By range: where the next value goes in `stage` (-1 before the range's first value), and where
    /// its buffer begins and ends.
    private var next: [Int] = []
    private var start: [Int] = []
    private var end: [Int] = []

    /// The values waiting in `range`'s buffer.
    private func waiting(_ range: Int) -> Range<Int> { next[range] < 0 ? 0..<0 : start[range]..<next[range] }

    /// Every value added so far: a copy of the buckets while values wait (`flush()` first to avoid it).
    var histogram: DurationHistogram {
        var copy = self
        copy.flush()
        return copy.flushed
    }

    /// Moves every waiting value into the histogram, in place.
    mutating func flush() {
        for range in next.indices { flush(range) }
    }

    /// Moves `range`'s waiting values into the histogram and empties its buffer.
    private mutating func flush(_ range: Int) {
        let waiting = waiting(range)
        guard !waiting.isEmpty else { return }
        stage[waiting].withUnsafeBufferPointer { flushed.add($0, inRange: range) }
        next[range] = start[range]
    }

    /// Adds every value of `values` that is not nil.
    @inline(__always)
    mutating func add<Values: RandomAccessCollection<Int64?>>(_ values: Values) where Values.Index == Int {
        if _slowPath(next.isEmpty) {
            next = Array(repeating: -1, count: Self.rangeCount)
            start = next
            end = next
        }
        var position = values.startIndex
        while position < values.endIndex {
            // Stopped at a value whose range's buffer is missing or full: that range is seen to outside.
            var stopped = -1
            end.withUnsafeBufferPointer { end in
                stage.withUnsafeMutableBufferPointer { stage in
                    next.withUnsafeMutableBufferPointer { next in
                        var index = position
                        defer { position = index }
                        while index < values.endIndex {
                            guard let item = values[index] else {
                                index = values.index(after: index)
                                continue
                            }
                            let value = max(0, item)
                            let range = DurationHistogram.range(of: value)
                            let at = next[range]
                            if _slowPath(at < 0 || at == end[range]) {
                                stopped = range
                                return
                            }
                            stage[at] = value
                            next[range] = at &+ 1
                            index = values.index(after: index)
                        }
                    }
                }
            }
            if stopped >= 0 { makeRoom(stopped) }
        }
    }

    /// Gives `range` room for another value: its first buffer, or its full buffer flushed (and
    /// doubled, below `capacity`). Out of line: once per buffer's worth of values.
    @inline(never)
    private mutating func makeRoom(_ range: Int) {
        var size = Self.firstCapacity
        if next[range] >= 0 {
            flush(range)
            size = end[range] - start[range]
            guard size < Self.capacity else { return }
            size = min(2 * size, Self.capacity)
        }
        start[range] = stage.count
        next[range] = stage.count
        end[range] = stage.count + size
        stage.append(contentsOf: Array(repeating: 0, count: size))
    }
}
