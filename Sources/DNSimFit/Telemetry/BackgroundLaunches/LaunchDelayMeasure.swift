/// Turns bg rows into delays, follow-ups and censoring times, in seconds: from max(submitted,
/// earliestBegin) to the launch or the end of observation, less the time the request's device held
/// it when an eligibility file lists the device (the simulator accrues a drawn delay over exactly
/// that time: IOSTaskScheduler.eligibleLaunch).
struct LaunchDelayMeasure {
    let periods: EligibilityPeriods?
    var events: [Double] = []
    var censored: [Double] = []
    var followUp: [Double] = []
    var summary: EligibilityMeasure?
    /// Rows that need eligibility the data do not give.
    private(set) var unknownNeeding = 0
    private var needing = 0
    /// Each device's held time per kind of request, built once.
    private var cache: [DeviceNeeds: HeldTime] = [:]

    private struct DeviceNeeds: Hashable {
        var device: String
        var needs: BackgroundRequestNeeds
    }

    init(periods: EligibilityPeriods?) {
        self.periods = periods
        summary = periods.map { EligibilityMeasure(path: $0.path) }
    }

    mutating func reserve(_ count: Int) {
        events.reserveCapacity(count)
        followUp.reserveCapacity(count)
    }

    /// Adds a row; true when its eligibility is known (the file lists its device).
    @discardableResult
    mutating func add(
        submitted: Int64, begin: Int64, launched: Int64?, observed: Int64, device: String?,
        needs: BackgroundRequestNeeds
    ) -> Bool {
        let start = max(submitted, begin)
        let end = launched ?? observed
        var span = observed - start, delay = end - start
        if needs.needsEligibility { needing += 1 }
        var listed = false
        if let periods, let device, let held = heldTime(periods, device, needs) {
            listed = true
            let heldToEnd = held.held(from: start, to: end)
            delay -= heldToEnd
            let heldSpan = launched == nil ? heldToEnd : held.held(from: start, to: observed)
            span -= heldSpan
            summary!.listed += 1
            if heldToEnd > 0 {
                summary!.held += 1
                summary!.heldSeconds += Double(heldToEnd) / 1000
            }
        } else if periods != nil {
            summary!.unlisted += 1
            if needs.needsEligibility { summary!.unlistedNeeding += 1 }
        }
        if needs.needsEligibility && !listed { unknownNeeding += 1 }
        followUp.append(Double(span) / 1000)
        if launched != nil { events.append(Double(delay) / 1000) } else { censored.append(Double(span) / 1000) }
        return listed
    }

    private mutating func heldTime(_ periods: EligibilityPeriods, _ device: String, _ needs: BackgroundRequestNeeds)
        -> HeldTime?
    {
        let key = DeviceNeeds(device: device, needs: needs)
        if let held = cache[key] { return held }
        guard let held = periods.heldTime(device: device, needs: needs) else { return nil }
        cache[key] = held
        return held
    }

    /// What fit.md says of eligibility; `assumed` when --assume-eligible let rows without it through.
    func use(assumed: Bool) -> EligibilityUse {
        if var summary {
            summary.needing = needing
            return .measured(summary)
        }
        return needing > 0 && assumed ? .assumed(needing: needing) : .notNeeded
    }
}
