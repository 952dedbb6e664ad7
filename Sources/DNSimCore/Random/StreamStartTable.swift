/// The sources whose streams `StreamStarts` batches, each with its layout; the others begin plainly.
public final class StreamStartTable {
    private let random: KeyedRandom
    /// By the source's raw value.
    private let bySource: [StreamStarts?]

    /// - Parameter batches: for each batched source, the shift above which its index holds
    ///   the dense number (a cycle, a day) and how many there are.
    public init(random: KeyedRandom, batches: [(source: RandomSource, shift: Int, count: Int)]) {
        self.random = random
        var bySource = [StreamStarts?](repeating: nil, count: RandomSource.allCases.map { Int($0.rawValue) }.max()! + 1)
        for batch in batches {
            bySource[Int(batch.source.rawValue)] = StreamStarts(
                random: random, source: batch.source, shift: batch.shift, count: batch.count)
        }
        self.bySource = bySource
    }

    /// Positions the generator at the start of the stream (device, source, index).
    @inline(__always)
    public func begin(device: Int, source: RandomSource, index: Int) {
        if let starts = bySource[Int(source.rawValue)] { return starts.begin(device: device, index: index) }
        random.begin(device: device, source: source, index: index)
    }
}
