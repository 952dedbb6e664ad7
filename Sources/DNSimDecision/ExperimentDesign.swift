import CGSL
import DNSimCore

/// The worlds of an uncertainty study, as unit coordinates, a deterministic function of the seed
/// and the parameters' keys.
///
/// Sobol (Saltelli's scheme): parameter j's A column is dimension 2j of the Sobol sequence
/// (Joe–Kuo's direction numbers, GSL's `gsl_qrng_sobol`) and its B column dimension 2j + 1, each
/// digitally shifted (XOR of its 32-bit binary fraction) by a draw keyed by the seed and the
/// parameter's key. Sample i is the sequence's point i (the origin, point 0, is skipped), and its
/// worlds come in the order A, B, AB_1 … AB_k. So adding samples appends worlds, and adding a
/// parameter leaves every earlier parameter's coordinates where they were.
///
/// Latin hypercube: parameter j's N strata are visited in an order keyed by the seed, its key and
/// N, each at a jittered point within its stratum. Adding samples re-stratifies (the strata depend
/// on N); adding a parameter leaves the others' coordinates unchanged.
public enum ExperimentDesign {
    /// Most parameters: the Sobol generator has 40 dimensions, two per parameter.
    public static let maxParameters = 20

    /// - Parameter selecting: which samples (1-based) to give the worlds of; nil, every sample. The
    ///   worlds given are the same as in the whole design (`validate` checks a few of a million).
    public static func worlds(
        _ kind: DesignKind, samples: Int, parameterKeys: [String], seed: UInt64,
        selecting: ((Int) -> Bool)? = nil
    ) -> [DesignWorld] {
        precondition(parameterKeys.count <= maxParameters && samples >= 0, "design limits are checked by the reader")
        switch kind {
        case .sobol: return saltelli(samples: samples, keys: parameterKeys, seed: seed, selecting: selecting)
        case .lhs: return latinHypercube(samples: samples, keys: parameterKeys, seed: seed, selecting: selecting)
        }
    }

    /// How many worlds a design of `samples` over `parameters` has.
    public static func worldsPerSample(_ kind: DesignKind, parameters: Int) -> Int {
        kind == .sobol ? parameters + 2 : 1
    }

    /// The key's stream number for the keyed draws: FNV-1a of its text, kept to 62 bits.
    static func stream(of key: String) -> Int {
        var hash = Hashing.fnvOffset
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* Hashing.fnvPrime }
        return Int(truncatingIfNeeded: hash & ((1 << 62) - 1))
    }

    private static func saltelli(samples: Int, keys: [String], seed: UInt64, selecting: ((Int) -> Bool)?)
        -> [DesignWorld]
    {
        let k = keys.count
        guard samples > 0 else { return [] }
        let random = KeyedRandom(seed: seed)
        // Two shifts per parameter (A and B columns), each 32 uniform bits.
        let shifts: [UInt32] = keys.flatMap { key in
            (0..<2).map { column in
                random.begin(device: stream(of: key), source: .designShift, index: column)
                return UInt32(random.uniform() * 0x1p32)
            }
        }
        let dimensions = max(2 * k, 1)
        guard let generator = gsl_qrng_alloc(dnsim_qrng_sobol(), UInt32(dimensions)) else {
            fatalError("gsl_qrng_alloc failed: out of memory")
        }
        defer { gsl_qrng_free(generator) }
        var point = [Double](repeating: 0, count: dimensions)
        _ = gsl_qrng_get(generator, &point)  // the origin
        var worlds: [DesignWorld] = []
        if selecting == nil { worlds.reserveCapacity(samples * (k + 2)) }
        for sample in 1...samples {
            // The sequence is walked in order; only the selected samples' worlds are made.
            _ = gsl_qrng_get(generator, &point)
            guard selecting?(sample) ?? true else { continue }
            let first = (sample - 1) * (k + 2)
            var made = 0
            let shifted = (0..<(2 * k)).map { dimension in
                // The 32-bit binary fraction, shifted, read at the centre of its cell: never 0 or 1.
                let bits = UInt32(min(point[dimension] * 0x1p32, 0x1p32 - 1)) ^ shifts[dimension]
                return (Double(bits) + 0.5) * 0x1p-32
            }
            let a = (0..<k).map { shifted[2 * $0] }
            let b = (0..<k).map { shifted[2 * $0 + 1] }
            func add(_ block: DesignBlock, _ unit: [Double]) {
                made += 1
                worlds.append(DesignWorld(index: first + made, sample: sample, block: block, unit: unit))
            }
            add(.a, a)
            add(.b, b)
            for column in 0..<k {
                var mixed = a
                mixed[column] = b[column]
                add(.ab(column + 1), mixed)
            }
        }
        return worlds
    }

    private static func latinHypercube(samples: Int, keys: [String], seed: UInt64, selecting: ((Int) -> Bool)?)
        -> [DesignWorld]
    {
        guard samples > 0 else { return [] }
        let random = KeyedRandom(seed: seed)
        let columns: [[Double]] = keys.map { key in
            // Index N holds the strata order (a keyed Fisher–Yates shuffle); index i < N each jitter.
            random.begin(device: stream(of: key), source: .latinHypercube, index: samples)
            var strata = Array(0..<samples)
            for i in stride(from: samples - 1, to: 0, by: -1) {
                strata.swapAt(i, random.index(below: i + 1))
            }
            return (0..<samples).map { i in
                random.begin(device: stream(of: key), source: .latinHypercube, index: i)
                let jitter = min(max(random.uniform(), 0x1p-53), 1 - 0x1p-53)
                return (Double(strata[i]) + jitter) / Double(samples)
            }
        }
        return (0..<samples).filter { selecting?($0 + 1) ?? true }.map { i in
            DesignWorld(index: i + 1, sample: i + 1, block: .a, unit: columns.map { $0[i] })
        }
    }
}
