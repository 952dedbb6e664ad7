/// Turns WorkManager job rows into delays and censoring times, in seconds, by the model's rule
/// (docs/model.md §2, WorkManager: what `delay` is): each job's allowed instant A is the first
/// instant at or after `earliest_run` outside its device's holding periods (Doze, and the charger
/// and network gaps its constraints wait for). Its follow-up ends at the first held period p after A:
/// a job due past p may have come due inside a hold and run at its end, so its run says only that
/// the delay exceeded p − A. So a job that ran before p has the delay ran − A; any other is
/// right-censored at min(observed, p) − A, a censoring time fixed by A and the periods, not by the
/// delay (type I censoring, so the likelihood stays exact). Without periods (`--assume-eligible`)
/// A is `earliest_run` and the delay runs to ran_at.
struct WorkDelayMeasure {
    let periods: EligibilityPeriods?
    var events: [Double] = []
    var censored: [Double] = []
    var followUp: [Double] = []
    var summary: EligibilityMeasure?
    /// Rows whose device the periods do not list.
    private(set) var unknown = 0
    private var cache: [String: HeldTime] = [:]

    init(periods: EligibilityPeriods?) {
        self.periods = periods
        summary = periods.map { EligibilityMeasure(path: $0.path) }
    }

    /// Adds a row; true when its device's periods are known.
    @discardableResult
    mutating func add(earliest: Int64, ran: Int64?, observed: Int64, device: String?, charging: Bool, network: Bool)
        -> Bool
    {
        var allowed = earliest
        var end = ran ?? observed
        var ranFree = ran != nil
        var listed = false
        if let periods, let device, let held = heldTime(periods, device, charging, network) {
            listed = true
            summary!.listed += 1
            if let period = held.period(containing: earliest) { allowed = period.end }
            // The first hold after A ends the follow-up (the type I censoring above).
            if let hold = held.nextStart(atOrAfter: allowed), hold < end {
                end = hold
                ranFree = false
            }
            if allowed > earliest {
                summary!.held += 1
                summary!.heldSeconds += Double(allowed - earliest) / 1000
            }
        } else if periods != nil {
            summary!.unlisted += 1
            summary!.unlistedNeeding += 1
        }
        if !listed { unknown += 1 }
        let span = Double(max(0, end - allowed)) / 1000
        followUp.append(span)
        if ranFree { events.append(span) } else { censored.append(span) }
        return listed
    }

    private mutating func heldTime(_ periods: EligibilityPeriods, _ device: String, _ charging: Bool, _ network: Bool)
        -> HeldTime?
    {
        let key = "\(charging ? 1 : 0)\(network ? 1 : 0)\(device)"
        if let held = cache[key] { return held }
        guard let held = periods.heldTime(device: device, requiresCharging: charging, requiresNetwork: network) else {
            return nil
        }
        cache[key] = held
        return held
    }

    /// What fit.md says of eligibility; every job needs it (Doze holds any regular job).
    func use(rows: Int, assumed: Bool) -> EligibilityUse {
        if var summary {
            summary.needing = rows
            return .measured(summary)
        }
        return assumed ? .assumed(needing: rows) : .notNeeded
    }
}
