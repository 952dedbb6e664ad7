/// One world of an uncertainty design: its position and its unit coordinates, one per parameter
/// in (0, 1), which each parameter's distribution turns into a value.
public struct DesignWorld: Sendable, Equatable {
    /// 1-based position in the design.
    public var index: Int
    /// 1-based sample (the row of Saltelli's matrices, or of the hypercube).
    public var sample: Int
    public var block: DesignBlock
    public var unit: [Double]
}
