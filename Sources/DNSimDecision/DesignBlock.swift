/// Which of Saltelli's matrices a world's row comes from: A, B, or A with column i taken
/// from B (AB_i, 1-based). A Latin hypercube's worlds are all `a`.
public enum DesignBlock: Sendable, Equatable, Hashable {
    case a
    case b
    case ab(Int)

    /// `A`, `B`, `AB3`: the label in `uncertainty.csv`.
    public var label: String {
        switch self {
        case .a: "A"
        case .b: "B"
        case .ab(let column): "AB\(column)"
        }
    }
}
