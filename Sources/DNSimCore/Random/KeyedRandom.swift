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
    private let generator: UnsafeMutablePointer<gsl_rng>
    public let seed: UInt64

    public init(seed: UInt64) {
        GSLSetup.installErrorHandler()
        // The generator type is fixed here, never taken from GSL_RNG_TYPE.
        guard let generator = gsl_rng_alloc(dnsim_rng_philox4x32_10()) else {
            fatalError("gsl_rng_alloc failed: out of memory")
        }
        self.generator = generator
        self.seed = seed
    }

    deinit { gsl_rng_free(generator) }

    /// Positions the generator at the start of the stream named by the key.
    /// Indices are taken modulo 2^48, Philox's index field: the simulator's
    /// are far below it, and -1 (setup's open) becomes 2^48 - 1.
    @inline(__always)
    public func begin(device: Int, source: RandomSource, index: Int) {
        _ = dnsim_philox_begin(generator, seed, UInt64(truncatingIfNeeded: device), source.rawValue,
                               UInt64(truncatingIfNeeded: index) & Self.indexMask)
    }

    static let indexMask: UInt64 = (1 << 48) - 1

    /// A uniform variate in [0, 1) from the current stream.
    @inline(__always)
    public func uniform() -> Double { gsl_rng_uniform(generator) }

    /// True with probability `p`. The uniform is consumed whatever `p` is, so
    /// the draws after it keep their values when `p` moves to or from 0 or 1.
    @inline(__always)
    public func bernoulli(_ p: Double) -> Bool {
        gsl_rng_uniform(generator) < p
    }

    /// A Poisson variate with the given mean.
    @inline(__always)
    public func poisson(mean: Double) -> Int {
        mean > 0 ? Int(gsl_ran_poisson(generator, mean)) : 0
    }

    /// An integer uniform in 0..<n.
    @inline(__always)
    public func index(below n: Int) -> Int {
        n > 1 ? Int(gsl_rng_uniform_int(generator, UInt(n))) : 0
    }

    /// A duration drawn from `distribution`, in whole milliseconds.
    @inline(__always)
    public func duration(_ distribution: Distribution) -> Millis {
        distribution.sample(generator)
    }
}
