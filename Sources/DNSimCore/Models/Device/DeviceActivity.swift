/// Per device and arm: what the plugin cost and how many updates it handled.
/// The counters are `Counter`'s catalog, in fixed storage indexed by the case,
/// so counting one is a single store on the event path.
public struct DeviceActivity: Sendable, Equatable {
    /// Room for the catalog and then some; a counter past it traps at its first count, and a test checks the catalog fits.
    typealias Storage = InlineArray<16, Int>
    public static var capacity: Int { Storage.count }
    private var counts = Storage(repeating: 0)
    /// A hash of every event the device handled, in order (its trajectory).
    public var trajectory: UInt64 = 0
    /// Kernel events handled, for the benchmark.
    public var events = 0

    public init() {}

    public subscript(counter: Counter) -> Int {
        @inline(__always) get { counts[counter.rawValue] }
        @inline(__always) set { counts[counter.rawValue] = newValue }
    }

    public static func == (a: DeviceActivity, b: DeviceActivity) -> Bool {
        a.trajectory == b.trajectory && a.events == b.events && Counter.allCases.allSatisfy { a[$0] == b[$0] }
    }
}
