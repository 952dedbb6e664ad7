/// Why one row cannot be used: `reason` names the kind of problem without
/// the row's values (it groups skipped rows), `message` is the full text.
struct RowProblem: Error {
    let reason: String
    let message: String
}
