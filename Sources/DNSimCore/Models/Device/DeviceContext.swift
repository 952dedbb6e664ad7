/// What the platform models and the plugin share on one device: the event
/// agenda, the device's world (its user and server, from keyed draws), the
/// activity counters and the trace. A value type held inline, so the hot
/// loop is checked for exclusive access at compile time only.
public struct DeviceContext {
    /// The device's cycles: the scenario's, until the user moves the notification time.
    public internal(set) var calendar: CycleCalendar
    private let baseCalendar: CycleCalendar
    public let random: KeyedRandom
    private let draws: DrawMemo
    private let streamStarts: StreamStartTable
    /// The instant after the last cycle's window: nothing is scheduled past it.
    public let runEnd: Millis
    /// The device's own agenda: a reference, so copying a context shares it (nothing does).
    public let agenda: EventAgenda<DeviceEvent>
    /// `agenda.storage`, held directly for speed: `now`, schedule, cancel and every pop
    /// load one reference less (context → storage, not context → agenda → storage).
    private let agendaStorage: AgendaStorage<DeviceEvent>
    public private(set) var device = 0
    public private(set) var server: ServerModel
    public private(set) var user: UserActivity
    /// When the user last ran the app in the foreground (setup counts).
    public var lastOpen: Millis = .min
    /// The user's next app open to schedule.
    private var nextOpen = 0
    /// The scheduled app open, kept beside the agenda (opens come from a sorted list, so
    /// merging them costs one comparison per event instead of an agenda insertion and removal);
    /// `Millis.max` when none is. Its agenda sequence number, and the open's key.
    private var openTime = Millis.max
    private var openSequence = UInt64.max
    private var openKey = 0
    public var activity = DeviceActivity()
    public var tracer: TraceSink?
    /// Logs what a team's telemetry would, when `--emit-telemetry` asks for it.
    public var telemetry: TelemetrySink?

    init(world: DeviceWorld) {
        calendar = world.configuration.calendar
        baseCalendar = calendar
        random = world.random
        draws = world.draws
        agenda = EventAgenda()
        agendaStorage = agenda.storage
        streamStarts = world.streamStarts
        runEnd = calendar.followingNotifyTime
        server = world.server
        user = world.user
    }

    public var now: Millis { agendaStorage.now }

    /// Back to the start of the run, on `world`'s current device.
    mutating func begin(device world: DeviceWorld) {
        device = world.device
        calendar = baseCalendar
        server = world.server
        user = world.user
        lastOpen = calendar.start
        nextOpen = 0
        openTime = .max
        openSequence = .max
        activity = DeviceActivity()
        agenda.reset(now: calendar.start)
    }

    /// Schedules `event` at `time`, which must not lie in the past (`EventAgenda.schedule`).
    @discardableResult
    @inline(__always)
    public func schedule(at time: Millis, _ event: DeviceEvent) -> EventHandle {
        EventHandle(order: agendaStorage.schedule(at: time, event))
    }

    /// Cancels a scheduled event (`EventAgenda.cancel`).
    @inline(__always)
    public func cancel(_ handle: EventHandle) {
        agendaStorage.cancel(order: handle.order)
    }

    /// Removes the earliest event, the agenda's or the pending app open, and advances the clock to it.
    @inline(__always)
    mutating func nextEvent() -> (time: Millis, event: DeviceEvent)? {
        if let scheduled = agendaStorage.popLive(before: openTime, sequence: openSequence) {
            return (scheduled.time, scheduled.payload)
        }
        guard openTime != .max else { return nil }
        let time = openTime
        openTime = .max
        openSequence = .max
        agenda.advance(to: time)
        return (time, .appOpen(key: openKey))
    }

    /// A draw keyed by the device, `source` and `index`; fixed distributions need none.
    @inline(__always)
    public func draw(_ distribution: Distribution, source: RandomSource, index: Int) -> Millis {
        if case .fixed(let value) = distribution { return value }
        random.begin(device: device, source: source, index: index)
        return random.duration(distribution)
    }

    /// What `draw` computes from the keyed stream for `source` and `index` on this device,
    /// drawn once per device for all arms (`DrawMemo`): `draw` must read nothing but that stream.
    /// `mutating` though it changes nothing: called on an `inout` context, a non-mutating method
    /// was handed a copy of the whole 752-byte context at every draw (a memcpy per submission).
    @inline(__always)
    public mutating func memoizedDraw(_ source: RandomSource, index: Int, _ draw: (KeyedRandom) -> Int64) -> Int64 {
        draws.value(source, index: index, device: device) {
            streamStarts.begin(device: device, source: source, index: index)
            return draw(random)
        }
    }

    /// Positions the keyed random stream for `source` and `index` on this device.
    @inline(__always)
    public func beginDraws(_ source: RandomSource, index: Int) {
        random.begin(device: device, source: source, index: index)
    }

    @inline(__always)
    public func trace(_ event: @autoclosure () -> TraceEvent, cycle: Int? = nil, at time: Millis? = nil) {
        guard let tracer else { return }
        tracer.trace(TraceEntry(time: time ?? now, cycle: cycle, event: event()))
    }

    /// Schedules the user's next app open that is still ahead.
    /// Ties with scheduled events run as if it were scheduled now. At most one is pending.
    public mutating func scheduleNextAppOpen() {
        guard let index = Self.nextAhead(user.opens, cursor: &nextOpen, now: now, runEnd: runEnd) else { return }
        precondition(openTime == .max, "an app open is already pending")
        openTime = user.opens[index]
        openSequence = agenda.reserveSequence()
        openKey = user.openKeys[index]
    }

    /// Schedules the next of `times` still ahead as `event`; `cursor` remembers where it was.
    public mutating func scheduleNext(_ times: [Millis], cursor: inout Int, _ event: DeviceEvent) {
        guard let index = Self.nextAhead(times, cursor: &cursor, now: now, runEnd: runEnd) else { return }
        schedule(at: times[index], event)
    }

    /// When the user next opens the app, after now (or at now, if scheduled after the current
    /// event); `Millis.max` if not within the run.
    @inline(__always)
    public func nextOpenTime() -> Millis {
        if openTime != .max { return openTime }
        var index = nextOpen
        while index < user.opens.count, user.opens[index] < now { index += 1 }
        return index < user.opens.count && user.opens[index] <= runEnd ? user.opens[index] : .max
    }

    /// The index of the next of `times` not yet past and within the run, advancing `cursor` beyond it.
    private static func nextAhead(_ times: [Millis], cursor: inout Int, now: Millis, runEnd: Millis) -> Int? {
        while cursor < times.count, times[cursor] < now { cursor += 1 }
        guard cursor < times.count, times[cursor] <= runEnd else { return nil }
        cursor += 1
        return cursor - 1
    }
}
