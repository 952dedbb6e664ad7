/// BG-launch telemetry reduced to what the fit needs: each request's delay
/// after max(submitted, earliestBegin) if it launched, or its follow-up
/// time if it was not seen to launch (right-censored). With an eligibility
/// file, both count only the time the request could run (docs/telemetry.md).
public struct BackgroundLaunchData: Sendable {
    public let sample: DelaySample
    /// First and last submission (UTC epoch ms), for the date range in reports.
    public let firstSubmitted: Int64
    public let lastSubmitted: Int64
    /// How eligibility entered the delays.
    public let eligibility: EligibilityUse
    /// Android WorkManager jobs (a work-runs.csv): the delay is `platforms.android.workManager.delay`,
    /// measured from each job's allowed instant, with no `never` share (docs/telemetry.md).
    public let workJobs: Bool
    /// The file has no requirement columns, so its rows took what the scenario of `fit --into` says.
    public var needsFromScenario = false

    public var rows: Int { sample.count }
    public var launched: Int { sample.events.count }
    public var censored: Int { sample.censored.count }

    /// From in-memory rows (the simulator's telemetry), taken as valid; with `periods`, each row of
    /// a listed device counts eligible time only.
    public init(rows: [BackgroundLaunchRow], periods: EligibilityPeriods? = nil) {
        var measure = LaunchDelayMeasure(periods: periods)
        for row in rows {
            measure.add(
                submitted: row.submittedAt, begin: row.earliestBegin, launched: row.launchedAt,
                observed: row.observedUntil,
                device: row.device, needs: row.needs ?? .none)
        }
        sample = DelaySample(events: measure.events, censored: measure.censored, followUp: measure.followUp)
        firstSubmitted = rows.map(\.submittedAt).min() ?? 0
        lastSubmitted = rows.map(\.submittedAt).max() ?? 0
        eligibility = measure.use(assumed: true)
        workJobs = false
    }

    init(
        sample: DelaySample, firstSubmitted: Int64, lastSubmitted: Int64, eligibility: EligibilityUse = .notNeeded,
        workJobs: Bool = false
    ) {
        self.workJobs = workJobs
        self.sample = sample
        self.firstSubmitted = firstSubmitted
        self.lastSubmitted = lastSubmitted
        self.eligibility = eligibility
    }

    static func read(_ table: inout TelemetryTable, eligibility options: EligibilityOptions = EligibilityOptions())
        throws(FitError)
        -> BackgroundLaunchData
    {
        let id = table.index("request_id")!, submitted = table.index("submitted_at")!,
            earliest = table.index("earliest_begin")!
        let launched = table.index("launched_at")!, observed = table.index("observed_until")!
        let columns = RequestNeedsColumns(table)
        if let periods = options.periods, columns.device == nil {
            throw FitError(
                file: table.file, line: 1,
                message: "has no device column, so the periods of \(periods.path) cannot be matched "
                    + "to its requests; add a device column (the id eligibility.csv uses)")
        }
        // A file that does not say what its requests need takes what the scenario fitted into says;
        // refused before any row is read when that is a wait and nothing measures it.
        let declared = columns.kind == nil && columns.power == nil && columns.network == nil ? options.declared : nil
        if let declared, declared.needs.needsEligibility, options.periods == nil, !options.assumeEligible {
            throw FitError(file: table.file, line: 1, message: declared.refusal)
        }
        var measure = LaunchDelayMeasure(periods: options.periods)
        // A BG row is at least ~90 bytes, so this bounds the row count from above; capped at a
        // million, so a huge file whose second row is bad fails before memory grows with its size.
        let expected = min(table.reader.count / 90 + 16, 1 << 20)
        var seen = RequestIDIndex(expected: expected)
        measure.reserve(expected)
        var first = Int64.max, last = Int64.min
        // The first row that needs eligibility it does not have: where the refusal points.
        var unknown: (line: Int, column: Int, reason: String)?
        while try table.nextRow() {
            switch times(table, submitted, earliest, launched, observed) {
            case .failure(let problem):
                try table.reject(problem)
            case .success(let row):
                let needs: BackgroundRequestNeeds
                switch columns.needs(table) {
                case .failure(let problem): try table.reject(problem); continue
                case .success(let value): needs = declared?.needs ?? value
                }
                let field = table.fields[id]
                let bytes = table.reader.bytes(field)
                guard !bytes.isEmpty else {
                    try table.reject(
                        RowProblem(
                            reason: "column request_id: empty",
                            message: "column request_id is empty; every request needs an id"))
                    continue
                }
                if let line = seen.line(of: bytes, in: table.reader.base) {
                    try table.reject(
                        RowProblem(
                            reason: "duplicate request_id",
                            message: "column request_id: \(TelemetryTable.quote(table.text(id))) already appeared "
                                + "on line \(line); each submitted request must appear once"))
                    continue
                }
                seen.insert(bytes, start: field.start, line: table.line)
                let device = columns.device.flatMap { table.isEmpty($0) ? nil : table.text($0) }
                let listed = measure.add(
                    submitted: row.submitted, begin: row.begin, launched: row.launched, observed: row.observed,
                    device: device, needs: needs)
                if needs.needsEligibility, !listed, unknown == nil {
                    let column = columns.reasonColumn(needs)
                    unknown = (table.line, table.column(column), columns.reason(needs))
                }
                first = min(first, row.submitted)
                last = max(last, row.submitted)
            }
        }
        if let unknown, !options.assumeEligible {
            let count = measure.unknownNeeding, total = measure.followUp.count
            let rows =
                "\(count) of \(total) request\(total == 1 ? "" : "s") need\(count == 1 ? "s" : "") eligibility "
                + "(this one is \(unknown.reason))"
            let message =
                options.periods.map { periods in
                    "\(rows), but \(periods.path) does not list \(count == 1 ? "its device" : "their devices"); list each device (a `logged` "
                        + "row if it had no hold), or pass --assume-eligible to fit them as always eligible"
                }
                ?? "\(rows): they wait for states of the phone (idle, charging, online) that are not given, so their delays would absorb "
                + "the waits; give the periods with --eligibility FILE (device,state,from,to; docs/telemetry.md), or pass "
                + "--assume-eligible to fit them as always eligible"
            throw FitError(file: table.file, line: unknown.line, column: unknown.column, message: message)
        }
        let sample = DelaySample(events: measure.events, censored: measure.censored, followUp: measure.followUp)
        var data = BackgroundLaunchData(
            sample: sample, firstSubmitted: first, lastSubmitted: last,
            eligibility: measure.use(assumed: options.assumeEligible))
        data.needsFromScenario = declared != nil
        return data
    }

    private struct Times {
        var submitted: Int64, begin: Int64, launched: Int64?, observed: Int64
    }

    private static func times(
        _ table: TelemetryTable, _ submitted: Int, _ earliest: Int, _ launched: Int, _ observed: Int
    ) -> Result<
        Times,
        RowProblem
    > {
        let submittedAt: Int64, begin: Int64, observedUntil: Int64
        var launchedAt: Int64?
        switch table.time(submitted) {
        case .success(let t): submittedAt = t;
        case .failure(let p): return .failure(p)
        }
        if table.isEmpty(earliest) {
            begin = submittedAt
        } else {
            switch table.time(earliest) {
            case .success(let t): begin = t;
            case .failure(let p): return .failure(p)
            }
        }
        if !table.isEmpty(launched) {
            switch table.time(launched) {
            case .success(let t): launchedAt = t;
            case .failure(let p): return .failure(p)
            }
        }
        switch table.time(observed) {
        case .success(let t): observedUntil = t;
        case .failure(let p): return .failure(p)
        }
        if let at = launchedAt {
            if !table.isEmpty(earliest), at < begin {
                return .failure(
                    RowProblem(
                        reason: "launched_at before earliest_begin",
                        message: "column launched_at: \(quote(table, launched)) "
                            + "is before earliest_begin \(quote(table, earliest)); "
                            + "the OS never launches a task before its earliest begin date"))
            }
            if at < submittedAt {
                return .failure(
                    RowProblem(
                        reason: "launched_at before submitted_at",
                        message: "column launched_at: \(quote(table, launched)) "
                            + "is before submitted_at \(quote(table, submitted))"))
            }
            if at > observedUntil {
                return .failure(
                    RowProblem(
                        reason: "launched_at after observed_until",
                        message: "column launched_at: \(quote(table, launched)) "
                            + "is after observed_until \(quote(table, observed)); observation cannot stop before a launch it saw"
                    ))
            }
        }
        if observedUntil < max(submittedAt, begin) {
            let column = begin > submittedAt ? earliest : submitted
            return .failure(
                RowProblem(
                    reason: "observed_until before the request could run",
                    message: "column observed_until: \(quote(table, observed)) "
                        + "is before \(table.columns[column]) \(quote(table, column))"))
        }
        return .success(Times(submitted: submittedAt, begin: begin, launched: launchedAt, observed: observedUntil))
    }

    private static func quote(_ table: TelemetryTable, _ column: Int) -> String {
        TelemetryTable.quote(table.text(column))
    }
}
