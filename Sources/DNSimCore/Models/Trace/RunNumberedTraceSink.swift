/// The trace of an `onNews` arm, which has no cycles: its platform models tag a request or a job with the number of the
/// submission that keys its draws, which the trace would print as "cycle N". The entries pass on untagged, so they read
/// as the pattern's own requests and runs (`TraceEntry.detail` words them without a cycle).
final class RunNumberedTraceSink: TraceSink {
    let sink: TraceSink

    init(_ sink: TraceSink) { self.sink = sink }

    func trace(_ entry: TraceEntry) {
        var entry = entry
        entry.cycle = nil
        sink.trace(entry)
    }
}
