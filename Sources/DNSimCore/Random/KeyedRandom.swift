import CGSL

/// Random draws keyed by (seed, device, source, index), never by call order.
///
/// Each draw reseeds one GSL `taus2` generator from a 64-bit mix of its key
/// and then reads variates from it with GSL's `gsl_ran_*` functions. taus2 is
/// chosen because reseeding costs a handful of operations (mt19937 needs 624
/// words), and a keyed draw reseeds every time. GSL seeds taus2 from 32 bits,
/// so two unrelated keys share a stream with probability 2^-32: harmless for
/// the statistics, and documented rather than hidden.
///
/// One instance per worker thread; it is not shared.
public final class KeyedRandom {
    private let generator: UnsafeMutablePointer<gsl_rng>
    public let seed: UInt64

    public init(seed: UInt64) {
        GSLSetup.installErrorHandler()
        // The generator type is fixed here, never taken from GSL_RNG_TYPE.
        guard let generator = gsl_rng_alloc(dnsim_rng_taus2()) else {
            fatalError("gsl_rng_alloc failed: out of memory")
        }
        self.generator = generator
        self.seed = seed
    }

    deinit { gsl_rng_free(generator) }

    /// Positions the generator at the start of the stream named by the key.
    @inline(__always)
    public func begin(device: Int, source: RandomSource, index: Int) {
        var h = Self.mix(seed &+ Hashing.golden)
        h = Self.mix(h ^ UInt64(truncatingIfNeeded: device))
        h = Self.mix(h ^ (source.rawValue &* 0xD6E8_FEB8_6659_FD93))
        h = Self.mix(h ^ UInt64(truncatingIfNeeded: index))
        gsl_rng_set(generator, UInt(truncatingIfNeeded: (h ^ (h >> 32)) & 0xFFFF_FFFF))
    }

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

    /// One SplitMix64 step.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 { Hashing.splitMixFinalizer(value &+ Hashing.golden) }
}
