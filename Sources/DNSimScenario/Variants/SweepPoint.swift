import DNSimCore
import DNSimSupport
import Foundation

/// One point of a sweep grid: the values it takes and the scenario they give.
public struct SweepPoint: Sendable {
    /// 1-based position in the grid (the first axis varies slowest).
    public var index: Int
    /// (key, value) for each axis, in axis order.
    public var settings: [(key: String, value: String)]
    public var scenario: Scenario
}

extension Scenario {
    /// Every point of the `sweep:` grid, each a validated scenario without a
    /// sweep. All points keep the seed, so they share common random numbers.
    ///
    /// Each point is the whole file with its values set, loaded and validated like any
    /// scenario, so a combination that only fails together (a processing task without
    /// idle windows) is caught. What the points share is done once: each axis value is
    /// placed once per combination, each lead turned into a schedule once, and the points'
    /// calendars come from one cache, so a point costs one pass of the loader.
    ///
    /// - Parameter limit: on a grid of more points, only these are built: every value of every
    ///   axis (with the other axes at their first value) and `limit` points spread over the grid, the
    ///   first and the last among them. `validate` of 100,000 points answers in a second so; a run
    ///   builds, and so checks, every point before it starts.
    public func sweepPoints(checking limit: Int? = nil) throws(DiagnosticList) -> [SweepPoint] {
        guard let root, !sweep.isEmpty else { return [] }
        let variants = ScenarioVariants(
            root: root, dropping: ["sweep"], text: sourceText, file: file,
            calendarCache: calendarCache, defaultFreshWithin: defaultFreshWithin)
        // Per axis, once: labels, and each value as the setting it makes.
        var edits: [[VariantSetting?]] = []
        var labels: [[String]] = []
        var problems: [Diagnostic] = []
        for axis in sweep {
            labels.append(axis.labels)
            // The notification schedule a lead moves from is the axis's, said once rather than at each value.
            let notifyTimes = axis.key == "lead" ? DailyCron.minutes(notifySchedule.text) : nil
            if axis.key == "lead", notifyTimes == nil {
                problems.append(
                    Diagnostic(
                        file: file, mark: axis.mark,
                        message: MessageText.bounded(
                            "a lead sweep needs a daily notification schedule 'M H * * *' (lists such as '0 8,20 * * *' too), "
                                + "not \(MessageText.quoted(notifySchedule.text))")))
                throw DiagnosticList(problems)
            }
            edits.append(
                axis.values.map { value in
                    guard axis.key == "lead", let notifyTimes else {
                        return VariantSetting(key: axis.key, path: axis.path, value: value, mark: axis.mark)
                    }
                    switch Self.leadSchedule(value, notifyTimes: notifyTimes) {
                    case .success(let cron):
                        return VariantSetting(
                            key: axis.key, path: ["plugin", "contentFetch", "schedule"],
                            value: YAMLNode(kind: .scalar(cron), mark: value.mark, isQuoted: true), mark: axis.mark)
                    case .failure(let message):
                        problems.append(
                            Diagnostic(file: file, mark: value.mark, message: MessageText.bounded(message.message)))
                        return nil
                    }
                })
            if !problems.isEmpty { throw DiagnosticList(problems) }
        }
        // The calendars first, in grid order and one at a time: only the axes that change a
        // calendar input are varied, so each distinct calendar is built once, counted against
        // the budget, and kept for the points below.
        let calendarAxes = sweep.indices.filter { Self.affectsCalendar(sweep[$0]) }
        defer { calendarCache.restoreLimits() }
        if !calendarAxes.isEmpty {
            calendarCache.keep(upTo: Self.maxSweepCalendarCycles)
            let builtBefore = calendarCache.builtCycles
            let combinations = calendarAxes.reduce(1) { $0 * sweep[$1].values.count }
            for combination in 0..<combinations {
                var rest = combination
                var choice = [Int](repeating: 0, count: sweep.count)
                for axis in calendarAxes.reversed() {
                    choice[axis] = rest % sweep[axis].values.count
                    rest /= sweep[axis].values.count
                }
                if case .failure(let problems) = point(choice, variants: variants, edits: edits, labels: labels) {
                    throw problems
                }
                let cycles = calendarCache.builtCycles - builtBefore
                if cycles > Self.maxSweepCalendarCycles {
                    let label = calendarAxes.map { "\(sweep[$0].key) = \(labels[$0][choice[$0]])" }.joined(
                        separator: ", ")
                    throw DiagnosticList([
                        Diagnostic(
                            file: file, mark: sweep[calendarAxes[0]].mark,
                            message: MessageText.bounded(
                                "with \(label): the sweep's calendars add up to \(cycles) cycles per device, "
                                    + "over the limit of \(Self.maxSweepCalendarCycles) (one calendar per distinct schedule, "
                                    + "start, time zone and day count); sweep fewer of those values"))
                    ])
                }
            }
        }
        let numbers = pointNumbers(checking: limit)
        // The points are independent, so they are loaded on every core; the lowest failing
        // point is reported whatever the order they finish in.
        let outcomes = PointOutcomes(count: numbers.count)
        let (frozenEdits, frozenLabels) = (edits, labels)
        let jobs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, numbers.count / 32))
        ParallelLoop.strided(numbers.count, jobs: jobs) { slot in
            guard slot < outcomes.firstFailure else { return false }
            outcomes.record(
                point(choice(of: numbers[slot]), variants: variants, edits: frozenEdits, labels: frozenLabels), at: slot
            )
            return true
        }
        return try outcomes.points()
    }

    /// How many points the `sweep:` grid has.
    public var sweepPointCount: Int { sweep.isEmpty ? 0 : sweep.reduce(1) { $0 * $1.values.count } }

    /// The points (0-based, ascending) `sweepPoints(checking:)` builds.
    private func pointNumbers(checking limit: Int?) -> [Int] {
        let total = sweepPointCount
        guard let limit, total > limit else { return Array(0..<total) }
        var chosen = Set((0..<max(limit, 2)).map { $0 * (total - 1) / (max(limit, 2) - 1) })
        var stride = 1
        for axis in sweep.indices.reversed() {
            chosen.formUnion(sweep[axis].values.indices.map { $0 * stride })
            stride *= sweep[axis].values.count
        }
        return chosen.sorted()
    }

    /// Most cycles the distinct calendars of a sweep's points may add up to, per device.
    public static let maxSweepCalendarCycles = 10_000_000

    /// The inputs of a calendar; an axis whose key is one of them, or holds or lies inside
    /// one, can give its points calendars of their own.
    private static let calendarInputs: [[String]] = [
        ["days"], ["start"], ["timeZone"], ["plugin", "contentFetch", "schedule"],
        ["plugin", "userNotification", "schedule"],
    ]

    static func affectsCalendar(_ axis: SweepAxis) -> Bool {
        if axis.key == "lead" { return true }
        let path = axis.path
        return calendarInputs.contains { $0.starts(with: path) || path.starts(with: $0) }
    }

    /// The value index of each axis at point `number` (0-based): mixed-radix digits, the first axis slowest.
    private func choice(of number: Int) -> [Int] {
        var choice = [Int](repeating: 0, count: sweep.count)
        var rest = number
        for axis in sweep.indices.reversed() {
            choice[axis] = rest % sweep[axis].values.count
            rest /= sweep[axis].values.count
        }
        return choice
    }

    /// The point taking value `choice[i]` of each axis i: the base with those values set, loaded.
    private func point(
        _ choice: [Int], variants: ScenarioVariants, edits: [[VariantSetting?]],
        labels: [[String]]
    ) -> Result<SweepPoint, DiagnosticList> {
        let number = zip(sweep, choice).reduce(0) { $0 * $1.0.values.count + $1.1 }
        let settings = choice.enumerated().map { (key: sweep[$0.offset].key, value: labels[$0.offset][$0.element]) }
        switch variants.placing(choice.enumerated().compactMap { edits[$0.offset][$0.element] }) {
        case .failure(let unplaced):
            return .failure(
                DiagnosticList([
                    Diagnostic(
                        file: file, mark: unplaced.setting.mark,
                        message:
                            "sweep key \(MessageText.quoted(unplaced.setting.key)) does not name a place in the scenario"
                    )
                ]))
        case .success(let node):
            // Point at the sweep value that made the scenario invalid where we can.
            return variants.load(
                node, context: "with " + settings.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
            )
            .map { SweepPoint(index: number + 1, settings: settings, scenario: $0) }
        }
    }

    /// The fetch cron `lead` before each of a daily notification schedule's times (`notifyTimes`,
    /// local minutes of the day): `0 8,20 * * *` with a lead of 30m gives `30 7,19 * * *`.
    static func leadSchedule(_ value: YAMLNode, notifyTimes: [Int]) -> Result<String, SweepError> {
        guard let text = value.scalar, case .success(let millis) = DurationSyntax.parse(text) else {
            return .failure(SweepError("lead values are durations such as 5m"))
        }
        let minutes = Int(millis / 60_000)
        guard Double(minutes) * 60_000 == millis, minutes >= 0, minutes < 1_440 else {
            return .failure(SweepError("lead \(MessageText.quoted(text)) must be whole minutes from 0m to 23h59m"))
        }
        switch DailyCron.cron(notifyTimes.map { $0 - minutes }) {
        case .success(let cron): return .success(cron)
        case .failure(let problem): return .failure(SweepError("with lead \(text), the fetch times \(problem.message)"))
        }
    }
}

public struct SweepError: Error, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}

/// Where concurrent workers leave their points, and the lowest point that failed.
private final class PointOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: UnsafeMutableBufferPointer<Result<SweepPoint, DiagnosticList>?>
    private var failure = Int.max

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Points past this one need not be built: the sweep fails here or earlier.
    var firstFailure: Int {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// Each slot is written by one worker only, so only the failure index needs the lock.
    func record(_ outcome: Result<SweepPoint, DiagnosticList>, at index: Int) {
        slots[index] = outcome
        if case .failure = outcome {
            lock.lock()
            failure = min(failure, index)
            lock.unlock()
        }
    }

    func points() throws(DiagnosticList) -> [SweepPoint] {
        if failure != Int.max, case .failure(let problems)? = slots[failure] { throw problems }
        return slots.map { outcome in
            guard case .success(let point)? = outcome else {
                preconditionFailure("every point before a failure is built")
            }
            return point
        }
    }
}
