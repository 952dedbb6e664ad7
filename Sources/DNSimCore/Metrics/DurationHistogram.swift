/// A mergeable histogram of non-negative durations in milliseconds.
///
/// Values below 2,048 ms are counted exactly, per millisecond; above that,
/// each power of two is split into 1,024 equal buckets, so a percentile is
/// exact to within 0.1% of its value; a bucket whose values are all one value
/// (every guard firing at exactly T + 600 s) remembers it, so its percentiles are
/// that value exactly, not the bucket's lower edge. Counts are integers, so merging in any
/// order gives the same histogram, and reports stay byte-identical for any
/// number of workers. Memory is at most about 35k buckets, whatever the run; the buckets are
/// allocated at the first value, and a decoded histogram holds only up to its last bucket in use,
/// so an uncertainty study's thousands of per-world statistics do not each cost half a megabyte
/// per histogram.
public struct DurationHistogram: Sendable, Equatable, Codable {
    static let exactLimit: Int64 = 2_048
    static let subBuckets = 1_024
    static let subBucketBits = 10
    /// Covers up to 2^44 ms (over 500 years); larger values share the last bucket.
    static let topExponent = 44
    static let bucketCount = Int(exactLimit) + (topExponent - 11) * subBuckets

    /// Each bucket's count beside the one value all its counts hold, or `mixed` (meaningless where
    /// the count is 0): a value touches one cache line, not one in each of two arrays.
    private var buckets: [Bucket]
    public private(set) var total: Int64 = 0
    public private(set) var maximum: Int64 = 0
    static let mixed: Int64 = -1

    struct Bucket: Sendable, Equatable {
        var count: Int64
        var sole: Int64
        static let empty = Bucket(count: 0, sole: DurationHistogram.mixed)

        /// The bucket with one more `value`: it keeps a sole value only while every value is that one.
        @inline(__always)
        func adding(_ value: Int64) -> Bucket {
            Bucket(count: count + 1, sole: count == 0 || sole == value ? value : DurationHistogram.mixed)
        }
    }

    public init() {
        buckets = []
    }

    /// The count of every bucket allocated, in order: a new array at every call (about 35k
    /// counts), so read it once, not per bucket.
    public var counts: [Int64] { buckets.map(\.count) }

    /// Extends the buckets to `count` (at most `bucketCount`): zero counts, no values. Kept out
    /// of line: `add` calls it once per histogram, and inlined it would slow every value.
    @inline(never)
    private mutating func extend(to count: Int) {
        guard count > buckets.count else { return }
        // Array(repeating:) fills in one pass even unoptimised; appending a `repeatElement`
        // walked its generic indices one by one, seconds per test in a debug build.
        if buckets.isEmpty {
            buckets = Array(repeating: .empty, count: count)
        } else {
            buckets.append(contentsOf: Array(repeating: .empty, count: count - buckets.count))
        }
    }

    /// The same histogram holding only up to its last bucket in use: what a finished result keeps.
    public func compacted() -> DurationHistogram {
        var copy = self
        let used = (buckets.lastIndex { $0.count != 0 } ?? -1) + 1
        copy.buckets = Array(buckets[..<used])
        return copy
    }

    /// Equal when they hold the same values: how many buckets are allocated does not matter.
    public static func == (a: DurationHistogram, b: DurationHistogram) -> Bool {
        guard a.total == b.total, a.maximum == b.maximum else { return false }
        for i in 0..<max(a.buckets.count, b.buckets.count) {
            let x = i < a.buckets.count ? a.buckets[i] : .empty, y = i < b.buckets.count ? b.buckets[i] : .empty
            guard x.count == y.count else { return false }
            if x.count != 0 && x.sole != y.sole { return false }
        }
        return true
    }

    @inline(__always)
    static func bucket(of value: Int64) -> Int {
        if value < exactLimit { return Int(max(0, value)) }
        let exponent = 63 - value.leadingZeroBitCount  // floor(log2 value) ≥ 11
        if exponent >= topExponent { return bucketCount - 1 }
        let offset = Int((value >> Int64(exponent - subBucketBits)) & Int64(subBuckets - 1))
        return Int(exactLimit) + (exponent - 11) * subBuckets + offset
    }

    /// The smallest value that falls in `bucket`.
    static func lowerBound(of bucket: Int) -> Int64 {
        if bucket < Int(exactLimit) { return Int64(bucket) }
        let exponent = (bucket - Int(exactLimit)) / subBuckets + 11
        let offset = Int64((bucket - Int(exactLimit)) % subBuckets)
        return (Int64(1) << Int64(exponent)) + offset << Int64(exponent - subBucketBits)
    }

    @inline(__always)
    public mutating func add(_ value: Int64) {
        let value = max(0, value)
        let bucket = Self.bucket(of: value)
        // The first value (or one past a decoded histogram's last bucket) allocates them all.
        if _slowPath(bucket >= buckets.count) { extend(to: Self.bucketCount) }
        buckets[bucket] = buckets[bucket].adding(value)
        total += 1
        if value > maximum { maximum = value }
    }

    /// Adds every value of `values` that is not nil, as `add` does one at a time, but checks that
    /// the buckets are not shared once for all of them, not once per value (a device's cycles).
    @inline(__always)
    public mutating func add<Values: Sequence<Int64?>>(_ values: Values) {
        if _slowPath(buckets.count < Self.bucketCount) {
            guard values.contains(where: { $0 != nil }) else { return }
            extend(to: Self.bucketCount)
        }
        var total = self.total, maximum = self.maximum
        buckets.withUnsafeMutableBufferPointer { buckets in
            for case let value? in values {
                let value = max(0, value)
                let bucket = Self.bucket(of: value)
                buckets[bucket] = buckets[bucket].adding(value)
                total += 1
                if value > maximum { maximum = value }
            }
        }
        self.total = total
        self.maximum = maximum
    }

    /// The buckets below `exactLimit` are range 0; each power of two above is one range more, up to
    /// the top one, whose values share the last bucket. A range's buckets are contiguous. Range r ≥ 1
    /// holds the exponent r + `subBucketBits`, since `exactLimit` is 2^(subBucketBits + 1).
    static let rangeCount = 2 + topExponent - (subBucketBits + 1)

    /// The range of buckets `value` (≥ 0) falls in.
    @inline(__always)
    static func range(of value: Int64) -> Int {
        guard value >= exactLimit else { return 0 }
        let exponent = 63 - value.leadingZeroBitCount  // floor(log2 value) ≥ subBucketBits + 1
        return min(exponent - subBucketBits, rangeCount - 1)
    }

    /// Adds `values`, each ≥ 0 and in range `range`: a bucket is then a shift and a mask away.
    mutating func add(_ values: UnsafeBufferPointer<Int64>, inRange range: Int) {
        assert(
            Self.exactLimit == Int64(1) << Int64(Self.subBucketBits + 1),
            "ranges assume exactLimit = 2^(subBucketBits + 1)")
        assert(values.allSatisfy { $0 >= 0 && Self.range(of: $0) == range }, "a value outside range \(range)")
        guard !values.isEmpty else { return }
        if _slowPath(buckets.count < Self.bucketCount) { extend(to: Self.bucketCount) }
        var maximum = self.maximum
        // Range r ≥ 1 holds [2^(r+10), 2^(r+11)): 1,024 buckets, each 2^r wide (as `bucket(of:)`).
        let top = Self.rangeCount - 1
        let first =
            range == 0 ? 0 : range == top ? Self.bucketCount - 1 : Int(Self.exactLimit) + (range - 1) * Self.subBuckets
        let shift = Int64(range)
        let mask: Int64 = range == 0 ? Self.exactLimit - 1 : range == top ? 0 : Int64(Self.subBuckets - 1)
        buckets.withUnsafeMutableBufferPointer { buckets in
            for value in values {
                let bucket = first &+ Int(truncatingIfNeeded: (value &>> shift) & mask)
                buckets[bucket] = buckets[bucket].adding(value)
                maximum = Swift.max(maximum, value)
            }
        }
        total += Int64(values.count)
        self.maximum = maximum
    }

    public mutating func merge(_ other: DurationHistogram) {
        do { try mergeChecked(other) } catch { preconditionFailure("\(error)") }
    }

    /// Adds another histogram's counts, refusing a sum that leaves Int64.
    public mutating func mergeChecked(_ other: DurationHistogram) throws(MergeOverflow) {
        extend(to: other.buckets.count)
        for i in other.buckets.indices where other.buckets[i].count != 0 {
            // The same in any merge order: a bucket keeps a value only if every part holds only it.
            let mine = buckets[i], theirs = other.buckets[i]
            let sole = mine.count == 0 ? theirs.sole : (mine.sole == theirs.sole ? mine.sole : Self.mixed)
            try MergeOverflow.add(&buckets[i].count, theirs.count, "buckets")
            buckets[i].sole = sole
        }
        try MergeOverflow.add(&total, other.total, "total")
        maximum = max(maximum, other.maximum)
    }

    /// The nearest-rank `q` quantile (0 < q ≤ 1): the ⌈q·n⌉-th smallest value exactly when its
    /// bucket holds one value only (always below 2,048 ms), else the bucket's lower edge, capped
    /// at the exact maximum. Nil when empty.
    public func quantile(_ q: Double) -> Int64? {
        guard total > 0 else { return nil }
        let rank = max(1, Int64((q * Double(total)).rounded(.up)))
        var seen: Int64 = 0
        for (i, bucket) in buckets.enumerated() where bucket.count != 0 {
            seen += bucket.count
            if seen >= rank { return bucket.sole != Self.mixed ? bucket.sole : min(Self.lowerBound(of: i), maximum) }
        }
        return maximum
    }

    /// The fraction of values at or below `value`, for CDF charts.
    public func fraction(atOrBelow value: Int64) -> Double {
        fractions(atOrBelow: [value])[0]
    }

    /// The fraction of values at or below each of `values`, in one pass over the buckets: a chart
    /// asks for hundreds of points, and summing up to 35k buckets for each cost more than the rest
    /// of the report.
    public func fractions(atOrBelow values: [Int64]) -> [Double] {
        guard total > 0, !buckets.isEmpty else { return values.map { _ in 0 } }
        var order = Array(values.indices)
        order.sort { values[$0] < values[$1] }
        var result = [Double](repeating: 0, count: values.count)
        var seen: Int64 = 0, next = 0
        for index in order {
            let upper = min(Self.bucket(of: values[index]), buckets.count - 1)
            while next <= upper { seen &+= buckets[next].count; next += 1 }
            result[index] = Double(seen) / Double(total)
        }
        return result
    }

    // Sparse on disk: partial results of shards list only the buckets in use, as [bucket, count],
    // or [bucket, count, value] for a bucket above the exact range that holds one value only.
    enum CodingKeys: String, CodingKey { case buckets, total, maximum }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Read entry by entry, not as [[Int64]]: a merge decodes hundreds of thousands of them.
        var list = try container.nestedUnkeyedContainer(forKey: .buckets)
        var entries: [[Int64]] = []
        entries.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            var fields = try list.nestedUnkeyedContainer()
            var entry: [Int64] = []
            while !fields.isAtEnd && entry.count < 3 { entry.append(try fields.decode(Int64.self)) }
            guard fields.isAtEnd, entry.count == 2 || entry.count == 3, entry[0] >= 0,
                entry[0] < Int64(Self.bucketCount)
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .buckets, in: container, debugDescription: "bad histogram bucket")
            }
            entries.append(entry)
        }
        // Only up to the last bucket in use: a merge or a later value extends them.
        let used = (entries.map { Int($0[0]) }.max() ?? -1) + 1
        buckets = Array(repeating: .empty, count: used)
        for entry in entries {
            let bucket = Int(entry[0])
            buckets[bucket].count = entry[1]
            if bucket < Int(Self.exactLimit) { buckets[bucket].sole = entry[0] }
            if entry.count == 3 {
                guard Self.bucket(of: entry[2]) == bucket else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .buckets, in: container, debugDescription: "histogram value outside its bucket")
                }
                buckets[bucket].sole = entry[2]
            }
        }
        total = try container.decode(Int64.self, forKey: .total)
        maximum = try container.decode(Int64.self, forKey: .maximum)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let entries = buckets.enumerated().filter { $0.element.count != 0 }.map { index, bucket in
            index >= Int(Self.exactLimit) && bucket.sole != Self.mixed
                ? [Int64(index), bucket.count, bucket.sole] : [Int64(index), bucket.count]
        }
        try container.encode(entries, forKey: .buckets)
        try container.encode(total, forKey: .total)
        try container.encode(maximum, forKey: .maximum)
    }
}
