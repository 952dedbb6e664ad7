import CGSL
import CPhilox

/// Random draws keyed by (seed, device, source, index), never by call order.
///
/// The generator is Philox4x32-10 (Salmon et al., SC'11), a counter-based
/// generator wrapped as a GSL generator type (`CPhilox`, docs/philox.md): the
/// key is the seed and the counter is (device, source, index, block), so
/// positioning a draw is six stores, with no hashing and no reseeding, and
/// distinct keys can never share a stream. Variates come from GSL's
/// `gsl_ran_*` functions reading that stream.
///
/// One instance per worker thread; it is not shared.
public final class KeyedRandom {
    let generator: UnsafeMutablePointer<gsl_rng>
    /// The generator's Philox state, read directly by `CPhilox`'s inline readers.
    private let stream: UnsafeMutablePointer<dnsim_philox_state>
    /// ln(median) of lognormals and e^-mean of Poisson means seen lately.
    private let constants: UnsafeMutablePointer<DrawConstants>
    public let seed: UInt64

    public init(seed: UInt64) {
        GSLSetup.installErrorHandler()
        // The generator type is fixed here, never taken from GSL_RNG_TYPE.
        guard let generator = gsl_rng_alloc(dnsim_rng_philox4x32_10()) else {
            fatalError("gsl_rng_alloc failed: out of memory")
        }
        self.generator = generator
        stream = generator.pointee.state.assumingMemoryBound(to: dnsim_philox_state.self)
        constants = .allocate(capacity: 1)
        constants.initialize(to: DrawConstants())
        self.seed = seed
    }

    deinit {
        constants.deinitialize(count: 1)
        constants.deallocate()
        gsl_rng_free(generator)
    }

    /// Positions the generator at the start of the stream named by the key.
    /// Indices are taken modulo 2^48, Philox's index field: the simulator's
    /// are far below it, and -1 (setup's open) becomes 2^48 - 1.
    @inline(__always)
    public func begin(device: Int, source: RandomSource, index: Int) {
        _ = dnsim_philox_begin(
            generator, seed, UInt64(truncatingIfNeeded: device), source.rawValue,
            UInt64(truncatingIfNeeded: index) & Self.indexMask)
    }

    static let indexMask: UInt64 = (1 << 48) - 1

    /// Computes into `blocks` the first block of the streams (device, source, i) for i in 0..<count.
    public func firstBlocks(device: Int, source: RandomSource, count: Int, into blocks: PhiloxBlocks) {
        precondition(
            count >= 0 && count <= blocks.capacity && UInt64(count) <= Self.indexMask, "too many Philox blocks")
        dnsim_philox_first_blocks(
            seed, UInt64(truncatingIfNeeded: device), source.rawValue, 0, UInt32(count), blocks.words)
    }

    /// Computes into `blocks` the first block of the streams (device, source, i × stride) for i in 0..<count.
    public func firstBlocks(device: Int, source: RandomSource, stride: Int, count: Int, into blocks: PhiloxBlocks) {
        precondition(count >= 0 && count <= blocks.capacity && stride >= 1, "bad Philox block batch")
        let (last, overflow) = max(count - 1, 0).multipliedReportingOverflow(by: stride)
        precondition(!overflow && UInt64(last) <= Self.indexMask, "Philox block index out of range")
        dnsim_philox_first_blocks_strided(
            seed, UInt64(truncatingIfNeeded: device), source.rawValue, 0, UInt64(stride),
            UInt32(count), blocks.words)
    }

    /// `begin`, with the stream's first block taken from `blocks` (`firstBlocks` computed it).
    @inline(__always)
    public func begin(device: Int, source: RandomSource, index: Int, firstBlockIn blocks: PhiloxBlocks) {
        begin(device: device, source: source, index: index, firstBlockIn: blocks, at: index)
    }

    /// `begin`, with the stream's first block the one at `position` in `blocks`.
    @inline(__always)
    func begin(device: Int, source: RandomSource, index: Int, firstBlockIn blocks: PhiloxBlocks, at position: Int) {
        _ = dnsim_philox_begin_with_block(
            generator, seed, UInt64(truncatingIfNeeded: device), source.rawValue,
            UInt64(truncatingIfNeeded: index) & Self.indexMask, blocks.block(position))
    }

    // The draws below read the Philox buffer inline (CPhilox's readers give
    // exactly GSL's values); the rest go through GSL's `gsl_ran_*`.

    /// A uniform variate in [0, 1) from the current stream (`gsl_rng_uniform`).
    @inline(__always)
    public func uniform() -> Double { dnsim_philox_uniform(stream) }

    /// True with probability `p`. The uniform is consumed whatever `p` is, so
    /// the draws after it keep their values when `p` moves to or from 0 or 1.
    @inline(__always)
    public func bernoulli(_ p: Double) -> Bool {
        dnsim_philox_uniform(stream) < p
    }

    /// A Poisson variate with the given mean (`gsl_ran_poisson`).
    @inline(__always)
    public func poisson(mean: Double) -> Int {
        guard mean > 0 else { return 0 }
        guard mean <= 10 else { return Int(gsl_ran_poisson(generator, mean)) }
        return Int(dnsim_philox_poisson_small(stream, constants.pointee.exponential(ofMinus: mean)))
    }

    /// An integer uniform in 0..<n (`gsl_rng_uniform_int`).
    @inline(__always)
    public func index(below n: Int) -> Int {
        guard n > 1 else { return 0 }
        guard n <= Int(UInt32.max) else { return Int(gsl_rng_uniform_int(generator, UInt(n))) }
        return Int(dnsim_philox_uniform_int(stream, UInt32(n)))
    }

    /// A lognormal variate, ln X ~ Normal(ln median, sigma) (`gsl_ran_lognormal`).
    @inline(__always)
    func lognormal(median: Double, sigma: Double) -> Double {
        dnsim_philox_lognormal(stream, constants.pointee.logarithm(of: median), sigma)
    }

    /// A duration drawn from `distribution`, in whole milliseconds.
    @inline(__always)
    public func duration(_ distribution: Distribution) -> Millis {
        distribution.sample(self)
    }
}
