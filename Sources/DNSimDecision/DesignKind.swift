/// How the worlds of an uncertainty study are drawn.
public enum DesignKind: String, Sendable, CaseIterable {
    /// Saltelli's scheme (Saltelli 2002; Saltelli et al. 2010) on a digitally shifted Sobol
    /// sequence: N·(k+2) worlds, giving first-order and total Sobol indices.
    case sobol
    /// A Latin hypercube (McKay, Beckman & Conover 1979): N worlds, giving partial rank correlations.
    case lhs

    /// Worlds the design runs for `samples` N and `parameters` k.
    public func worldCount(samples: Int, parameters: Int) -> Int {
        switch self {
        case .sobol: samples * (parameters + 2)
        case .lhs: samples
        }
    }
}
