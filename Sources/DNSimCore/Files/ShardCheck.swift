/// The checks `merge` makes on one shard file before trusting its numbers: its
/// header describes a real slice of the run, and every sum fits the slice (no
/// count above the arm's cycles, nothing negative, histograms that add up).
/// A file that fails was damaged or edited; merging it would print nonsense
/// (a fresh rate of 17) or trap on overflow.
public enum ShardCheck {
    /// The first field that cannot be right, in the shard file's own names.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var field: String
        public var reason: String
        public var description: String { "\(field) \(reason)" }
    }

    /// The shard's own header: its number, its size and its device range.
    public static func header(_ partial: PartialResult) throws(Problem) {
        guard partial.shardCount >= 1 else {
            throw Problem(field: "shardCount", reason: "is \(partial.shardCount); it is at least 1")
        }
        guard (1...partial.shardCount).contains(partial.shard) else {
            throw Problem(
                field: "shard", reason: "is \(partial.shard); it is between 1 and shardCount (\(partial.shardCount))")
        }
        guard partial.devices >= 1 else {
            throw Problem(field: "devices", reason: "is \(partial.devices); a run has at least 1 device")
        }
        guard partial.days >= 1 else {
            throw Problem(field: "days", reason: "is \(partial.days); a run has at least 1 day")
        }
        let range = PartialResult.devices(shard: partial.shard, of: partial.shardCount, total: partial.devices)
        guard partial.deviceRange == [range.lowerBound, range.upperBound] else {
            throw Problem(
                field: "deviceRange",
                reason: "is \(partial.deviceRange), but shard \(partial.shard) of \(partial.shardCount) "
                    + "of \(partial.devices) devices holds [\(range.lowerBound), \(range.upperBound)]")
        }
        if let study = partial.study { try self.study(study, shard: partial.shard, of: partial.shardCount) }
    }

    /// A study shard's header: exactly its slice of the worlds, in order, each named by its index.
    static func study(_ study: StudyPartial, shard k: Int, of n: Int) throws(Problem) {
        guard study.worldCount >= 1 else {
            throw Problem(field: "study.worldCount", reason: "is \(study.worldCount); a study has at least 1 world")
        }
        guard study.devicesPerWorld >= 1 else {
            throw Problem(
                field: "study.devicesPerWorld", reason: "is \(study.devicesPerWorld); a world has at least 1 device")
        }
        let range = StudyPartial.worlds(shard: k, of: n, total: study.worldCount)
        let holds = "shard \(k) of \(n) of \(study.worldCount) worlds holds [\(range.lowerBound), \(range.upperBound)]"
        guard study.worldRange == [range.lowerBound, range.upperBound] else {
            throw Problem(field: "study.worldRange", reason: "is \(study.worldRange), but \(holds)")
        }
        guard study.worlds.count == range.count else {
            throw Problem(field: "study.worlds", reason: "has \(study.worlds.count) world(s), but \(holds)")
        }
        for (i, world) in study.worlds.enumerated() where world.world != range.lowerBound + i + 1 {
            throw Problem(
                field: "study.worlds[\(i)].world",
                reason: "is \(world.world), but \(holds), so it is world \(range.lowerBound + i + 1)")
        }
    }

    /// One world's arms against the world's plan: every arm, each of the world's devices.
    public static func world(_ world: WorldResult, plan: SimulationPlan, field: String) throws(Problem) {
        guard world.arms.count == plan.arms.count else {
            throw Problem(
                field: "\(field).arms", reason: "has \(world.arms.count) arm(s); the scenario has \(plan.arms.count)")
        }
        let perDevice = Int64(plan.world.calendar.count)
        for (i, arm) in world.arms.enumerated() {
            try self.arm(arm, devices: Int64(plan.devices), cyclesPerDevice: perDevice, field: "\(field).arms[\(i)]")
            try possible(arm, for: plan.arms[i], field: "\(field).arms[\(i)]")
        }
    }

    /// One result of the shard (`prefix` is `result` or `pointResults[i]`) against the plan it was run from.
    public static func result(_ result: SimulationResult, plan: SimulationPlan, devices: Int64, prefix: String)
        throws(Problem)
    {
        guard result.arms.count == plan.arms.count else {
            throw Problem(
                field: "\(prefix).arms", reason: "has \(result.arms.count) arm(s); the scenario has \(plan.arms.count)")
        }
        let pairs = plan.pairs
        guard result.pairs.count == pairs.count else {
            throw Problem(
                field: "\(prefix).pairs", reason: "has \(result.pairs.count) pair(s); the scenario has \(pairs.count)")
        }
        guard result.events >= 0 else {
            throw Problem(field: "\(prefix).events", reason: "is \(result.events); it is at least 0")
        }
        let perDevice = Int64(plan.world.calendar.count)
        for (i, arm) in result.arms.enumerated() {
            try self.arm(arm, devices: devices, cyclesPerDevice: perDevice, field: "\(prefix).arms[\(i)]")
            try possible(arm, for: plan.arms[i], field: "\(prefix).arms[\(i)]")
        }
        for (i, pair) in result.pairs.enumerated() {
            let field = "\(prefix).pairs[\(i)]"
            guard pair.minuend == pairs[i].0, pair.subtrahend == pairs[i].1 else {
                throw Problem(
                    field: field,
                    reason: "pairs arms \(pair.minuend) and \(pair.subtrahend); "
                        + "the scenario pairs \(pairs[i].0) and \(pairs[i].1)")
            }
            try self.pair(pair, arm: result.arms[pair.minuend], devices: devices, field: field)
        }
        try segments(result, plan: plan, devices: devices, prefix: prefix)
    }

    /// A fleet's per-segment statistics: one per segment and arm (the merge indexes them so),
    /// each a real slice of the shard's devices, and together exactly the arm's devices and counts.
    static func segments(_ result: SimulationResult, plan: SimulationPlan, devices: Int64, prefix: String)
        throws(Problem)
    {
        let field = "\(prefix).segments"
        guard plan.keepsSegments, let fleet = plan.fleet else {
            try expect(result.segments == nil, field, "is present, but the scenario has no fleet of several segments")
            return
        }
        let shape = "the fleet has \(fleet.segments.count) segment(s) × \(plan.arms.count) arm(s)"
        guard let segments = result.segments else { throw Problem(field: field, reason: "is missing; \(shape)") }
        try expect(
            segments.count == fleet.segments.count && segments.allSatisfy { $0.count == plan.arms.count }, field,
            "holds \(segments.map(\.count)) arm(s) per segment; \(shape)")
        let perDevice = Int64(plan.world.calendar.count)
        for a in plan.arms.indices {
            var total: Int64 = 0
            var counts = [Int64](repeating: 0, count: RateMetric.allCases.count)
            for s in segments.indices {
                let arm = segments[s][a], place = "\(field)[\(s)][\(a)]"
                try within(
                    arm.devices, 0, devices, "\(place).devices", "a device count", "the shard's \(devices) device(s)")
                try self.arm(arm, devices: arm.devices, cyclesPerDevice: perDevice, field: place)
                total += arm.devices
                for i in counts.indices { counts[i] += arm.counts[i] }
            }
            try expect(
                total == devices, "\(field)[*][\(a)].devices",
                "add up to \(total); the shard holds \(devices) device(s)")
            try expect(
                counts == result.arms[a].counts, "\(field)[*][\(a)].counts",
                "add up to \(counts), but arm \(a)'s counts are \(result.arms[a].counts)")
        }
    }

    static func arm(_ arm: ArmStatistics, devices: Int64, cyclesPerDevice: Int64, field: String) throws(Problem) {
        try expect(
            arm.devices == devices, "\(field).devices",
            "is \(arm.devices), but the shard's range holds \(devices) device(s)")
        let cycles = arm.cycles
        try cycleRange(
            fewest: arm.fewestCycles, most: arm.mostCycles, cycles: cycles, squares: arm.cycleSquares,
            devices: devices, limit: cyclesPerDevice, field: field, sumName: "cycles")
        let metrics = RateMetric.allCases.count
        for (name, values) in [
            ("counts", arm.counts), ("countSquares", arm.countSquares), ("countTimesCycles", arm.countTimesCycles),
        ] {
            try expect(
                values.count == metrics, "\(field).\(name)",
                "has \(values.count) entries; there are \(metrics) rate metrics")
        }
        for i in 0..<metrics {
            let k = arm.counts[i], name = RateMetric.allCases[i].name
            try within(k, 0, cycles, "\(field).counts[\(i)]", "the \(name) count", "the arm's cycles (\(cycles))")
            try within(
                arm.countSquares[i], k, product(k, max(arm.mostCycles, 0)), "\(field).countSquares[\(i)]",
                "Σk² of \(name)", "its Σk × mostCycles")
            try within(
                arm.countTimesCycles[i], product(k, max(arm.fewestCycles, 0)), product(k, max(arm.mostCycles, 0)),
                "\(field).countTimesCycles[\(i)]", "Σk·n of \(name)", "its Σk × mostCycles")
        }
        if let sums = arm.withinAge {
            // Only cycles shown with API content can be within the age.
            let shown = arm.counts[RateMetric.fresh.rawValue] + arm.counts[RateMetric.stale.rawValue]
            let (fewest, most) = (max(arm.fewestCycles, 0), max(arm.mostCycles, 0))
            try within(
                sums.count, 0, shown, "\(field).withinAge.count", "the within_age count",
                "the arm's fresh and stale cycles (\(shown))")
            try within(
                sums.squares, sums.count, product(sums.count, most), "\(field).withinAge.squares",
                "Σk² of within_age", "its Σk × mostCycles")
            try within(
                sums.timesCycles, product(sums.count, fewest), product(sums.count, most),
                "\(field).withinAge.timesCycles", "Σk·n of within_age", "its Σk × mostCycles")
        }
        try within(
            arm.latenessAtThreshold, 0, cycles, "\(field).latenessAtThreshold", "a count",
            "the arm's cycles (\(cycles))")
        try histogram(arm.lateness, "\(field).lateness", atMost: cycles)
        try histogram(arm.contentAge, "\(field).contentAge", atMost: cycles)
        try histogram(arm.updateDelay, "\(field).updateDelay", atMost: .max)
        try histogram(arm.setupLatency, "\(field).setupLatency", atMost: .max)
        for counter in Counter.kept {
            let sum = arm.counters.sum(counter)
            try within(sum, 0, .max, "\(field).\(counter.spec.key)", "a count", "")
            if Counter.squared.contains(counter) {
                try within(arm.counters.squares(counter), sum, .max, "\(field).\(counter.squaresKey)", "Σk²", "")
            }
            if let key = counter.productKey {
                try within(arm.counters.products(counter), 0, .max, "\(field).\(key)", "Σk·d", "")
            }
        }
        try within(
            arm.sum(.offCycles), 0, product(devices, cyclesPerDevice), "\(field).offCycles", "a count",
            "devices × the calendar's \(cyclesPerDevice) cycles")
    }

    /// Counters the arm's strategy and platform can never produce: no push arm runs a BG task or is
    /// not sent pushes only, no local arm is sent pushes, iOS has no alarms and Android no BG tasks.
    /// A shard whose arms were swapped (a chained arm with pushes, a push arm with BG runs) shows them.
    public static func impossibleCounters(_ arm: Arm) -> [Counter] {
        var counters: [Counter] = [arm.platform == .ios ? .alarmWakeups : .backgroundRuns]
        if arm.strategy.kind == .push { counters.append(.backgroundRuns) } else { counters.append(.pushes) }
        return counters
    }

    static func possible(_ statistics: ArmStatistics, for arm: Arm, field: String) throws(Problem) {
        for counter in impossibleCounters(arm) where statistics.sum(counter) != 0 {
            throw Problem(
                field: "\(field).\(counter.spec.key)",
                reason: "is \(statistics.sum(counter)), but \(arm.name) cannot have any "
                    + "(\(counter.spec.meaning)): the arm's figures are another arm's, or edited")
        }
    }

    static func pair(_ pair: PairedDifference, arm: ArmStatistics, devices: Int64, field: String) throws(Problem) {
        try expect(
            pair.devices == devices, "\(field).devices",
            "is \(pair.devices), but the shard's range holds \(devices) device(s)")
        try expect(
            pair.cycleSum == arm.cycles && pair.cycleSquares == arm.cycleSquares
                && pair.fewestCycles == arm.fewestCycles && pair.mostCycles == arm.mostCycles,
            "\(field).cycleSum", "and its cycle sums differ from those of arm \(pair.minuend)")
        let metrics = RateMetric.allCases.count
        for (name, values) in [
            ("sums", pair.sums), ("squares", pair.squares), ("sumsTimesCycles", pair.sumsTimesCycles),
        ] {
            try expect(
                values.count == metrics, "\(field).\(name)",
                "has \(values.count) entries; there are \(metrics) rate metrics")
        }
        // One per two rate metrics: the merge adds them index by index, so a short list would trap.
        try expect(
            pair.crossProducts.count == PairedDifference.crossCount, "\(field).crossProducts",
            "has \(pair.crossProducts.count) entries; there are \(PairedDifference.crossCount) pairs of rate metrics")
        for i in 0..<metrics {
            try within(
                pair.sums[i], -arm.cycles, arm.cycles, "\(field).sums[\(i)]", "the difference",
                "± the arm's cycles (\(arm.cycles))")
            try within(
                pair.squares[i], pair.sums[i].magnitude > Int64.max.magnitude ? .max : abs(pair.sums[i]), .max,
                "\(field).squares[\(i)]", "Σd²", "")
        }
    }

    /// Per-device cycles between `fewest` and `most`, at most the calendar's; their sums agree.
    static func cycleRange(
        fewest: Int64, most: Int64, cycles: Int64, squares: Int64, devices: Int64, limit: Int64,
        field: String, sumName: String
    ) throws(Problem) {
        guard devices > 0 else {
            try expect(
                cycles == 0 && squares == 0, "\(field).\(sumName)", "is \(cycles), but the shard holds no devices")
            return
        }
        try within(fewest, 0, limit, "\(field).fewestCycles", "a count", "the calendar's \(limit) cycles")
        try within(
            most, fewest, limit, "\(field).mostCycles", "mostCycles (≥ fewestCycles)", "the calendar's \(limit) cycles")
        try within(
            cycles, product(devices, fewest), product(devices, most), "\(field).\(sumName)", "devices × fewestCycles",
            "devices × mostCycles (\(devices) × \(most))")
        try within(
            squares, product(cycles, fewest), product(cycles, most), "\(field).cycleSquares", "Σn²",
            "cycles × mostCycles")
    }

    /// Bucket counts that are not negative, add up to `total`, and a maximum in the top bucket used.
    static func histogram(_ histogram: DurationHistogram, _ field: String, atMost limit: Int64) throws(Problem) {
        var sum: Int64 = 0
        var top = -1
        for (i, count) in histogram.counts.enumerated() where count != 0 {
            try within(count, 0, .max, "\(field).buckets", "a bucket's count", "")
            let (next, overflow) = sum.addingReportingOverflow(count)
            try expect(!overflow, "\(field).buckets", "add up to more than 2^63 − 1")
            sum = next
            top = i
        }
        try expect(sum == histogram.total, "\(field).total", "is \(histogram.total), but its buckets add up to \(sum)")
        try within(histogram.total, 0, limit, "\(field).total", "a count", "the arm's cycles (\(limit))")
        if top < 0 {
            try expect(histogram.maximum == 0, "\(field).maximum", "is \(histogram.maximum) in an empty histogram")
        } else {
            try expect(
                histogram.maximum >= 0 && DurationHistogram.bucket(of: histogram.maximum) == top, "\(field).maximum",
                "is \(histogram.maximum), outside the histogram's top bucket (from \(DurationHistogram.lowerBound(of: top)) ms)"
            )
        }
    }

    static func expect(_ condition: Bool, _ field: String, _ reason: @autoclosure () -> String) throws(Problem) {
        if !condition { throw Problem(field: field, reason: reason()) }
    }

    static func within(_ value: Int64, _ low: Int64, _ high: Int64, _ field: String, _ what: String, _ highName: String)
        throws(Problem)
    {
        if value < low { throw Problem(field: field, reason: "is \(value); \(what) is at least \(low)") }
        if value > high {
            throw Problem(field: field, reason: "is \(value), above \(highName.isEmpty ? String(high) : highName)")
        }
    }

    /// a × b, saturating at Int64.max (bounds only; the values are non-negative).
    static func product(_ a: Int64, _ b: Int64) -> Int64 {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : value
    }
}
