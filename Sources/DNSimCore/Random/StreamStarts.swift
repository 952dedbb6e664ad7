/// The first Philox blocks of the streams (device, source, n × 2^shift) for n below a count,
/// on the current device: computed together (eight at a time with AVX2, else four) by the
/// device's first draw from one of them.
///
/// A memoized draw (a BG request, a fetch attempt) opens a stream of its own, and a stream's
/// first block alone is ten dependent rounds of multiplies (about 60 cycles). Their indices
/// pack a cycle or a day above a counter that is almost always 0 (`DrawIndex`),
/// so nearly every stream a device opens is one of these: in a batch, each costs a few cycles.
/// The words are exactly those `begin` and a first read give; any other index just begins.
/// Like its `KeyedRandom`, not shared between threads.
public final class StreamStarts {
    private let random: KeyedRandom
    public let source: RandomSource
    private let shift: Int
    private let count: Int
    private let blocks: PhiloxBlocks
    /// The device whose blocks `blocks` holds (`Int.min`: none yet; never a device, not even -1).
    private var device = Int.min

    public init(random: KeyedRandom, source: RandomSource, shift: Int, count: Int) {
        precondition(shift >= 0 && shift < 48 && count >= 0 && count <= 1 << (48 - shift), "bad stream batch")
        self.random = random
        self.source = source
        self.shift = shift
        self.count = count
        blocks = PhiloxBlocks(capacity: count)
    }

    /// Positions the generator at the start of the stream (device, source, index).
    @inline(__always)
    public func begin(device: Int, index: Int) {
        let position = index >> shift
        guard index >= 0, position < count, position << shift == index else {
            return random.begin(device: device, source: source, index: index)
        }
        if device != self.device {
            random.firstBlocks(device: device, source: source, stride: 1 << shift, count: count, into: blocks)
            self.device = device
        }
        random.begin(device: device, source: source, index: index, firstBlockIn: blocks, at: position)
    }
}
