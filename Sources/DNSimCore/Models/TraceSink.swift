/// Receives one device's timeline, event by event, when a trace is asked for.
/// Simulation without a trace builds none of these strings.
public protocol TraceSink: AnyObject {
    func trace(_ entry: TraceEntry)
}

/// One line of a device's timeline.
public struct TraceEntry: Sendable, Equatable {
    public var time: Millis
    /// The cycle the entry concerns, or nil.
    public var cycle: Int?
    /// A stable machine-readable kind, e.g. `bg.submit`, `fetch.done`, `notification.shown`.
    public var kind: String
    /// What a person reads.
    public var detail: String
    /// For shown notifications: the exact text on screen.
    public var title: String?
    public var body: String?

    public init(time: Millis, cycle: Int?, kind: String, detail: String, title: String? = nil, body: String? = nil) {
        self.time = time
        self.cycle = cycle
        self.kind = kind
        self.detail = detail
        self.title = title
        self.body = body
    }
}
