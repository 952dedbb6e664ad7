/// Receives one device's timeline, event by event, when a trace is asked for.
/// Simulation without a trace builds no `TraceEvent`.
public protocol TraceSink: AnyObject {
    func trace(_ entry: TraceEntry)
}
