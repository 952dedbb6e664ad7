/// How the share of rows that never end (`never`) enters a model.
enum NeverMode: Equatable, Sendable {
    /// Estimated: the last coordinate of the parameter vector is logit(never).
    case free
    /// Held at a value: 0 for fetch latency and the nested no-never model,
    /// a trial value while profiling never's interval.
    case fixed(Double)
}
