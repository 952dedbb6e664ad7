/// What `dnsim-events fit` was asked to do.
public struct FitOptions: Sendable, Equatable {
    /// Equal when they ask for the same fit (whoever watches its progress).
    public static func == (a: FitOptions, b: FitOptions) -> Bool {
        a.families == b.families && a.bootstrap == b.bootstrap && a.seed == b.seed
    }

    /// Families to fit, in canonical order (`--families`).
    public var families: [DelayFamily]
    /// Parametric-bootstrap replicates per family for the gap's p-value (0: none).
    public var bootstrap: Int
    /// Seed of the bootstrap's generators (`--seed`).
    public var seed: UInt64
    /// Told of each bootstrap replicate done (for a progress bar); no part of the result.
    public var progress: FitProgress?

    public init(families: [DelayFamily] = DelayFamily.allCases, bootstrap: Int = 200, seed: UInt64 = 1) {
        self.families = DelayFamily.allCases.filter(families.contains)
        self.bootstrap = max(0, bootstrap)
        self.seed = seed
    }
}
