/// BG-launch telemetry reduced to what the fit needs: each request's delay
/// after max(submitted, earliestBegin) if it launched, or its follow-up
/// time if it was not seen to launch (right-censored).
public struct BackgroundLaunchData: Sendable {
    public let sample: DelaySample
    /// First and last submission (UTC epoch ms), for the date range in reports.
    public let firstSubmitted: Int64
    public let lastSubmitted: Int64

    public var rows: Int { sample.count }
    public var launched: Int { sample.events.count }
    public var censored: Int { sample.censored.count }

    /// From in-memory rows (the simulator's telemetry), taken as valid.
    public init(rows: [BackgroundLaunchRow]) {
        var events: [Double] = [], censored: [Double] = [], followUp: [Double] = []
        for row in rows {
            let start = row.eligibleAt
            followUp.append(Double(row.observedUntil - start) / 1000)
            if let launched = row.launchedAt {
                events.append(Double(launched - start) / 1000)
            } else {
                censored.append(Double(row.observedUntil - start) / 1000)
            }
        }
        sample = DelaySample(events: events, censored: censored, followUp: followUp)
        firstSubmitted = rows.map(\.submittedAt).min() ?? 0
        lastSubmitted = rows.map(\.submittedAt).max() ?? 0
    }

    init(sample: DelaySample, firstSubmitted: Int64, lastSubmitted: Int64) {
        self.sample = sample
        self.firstSubmitted = firstSubmitted
        self.lastSubmitted = lastSubmitted
    }

    static func read(_ table: inout TelemetryTable) throws(FitError) -> BackgroundLaunchData {
        let id = table.index("request_id")!, submitted = table.index("submitted_at")!, earliest = table.index("earliest_begin")!
        let launched = table.index("launched_at")!, observed = table.index("observed_until")!
        var events: [Double] = [], censored: [Double] = [], followUp: [Double] = []
        // A BG row is at least ~90 bytes, so this bounds the row count from above; capped at a
        // million, so a huge file whose second row is bad fails before memory grows with its size.
        let expected = min(table.reader.count / 90 + 16, 1 << 20)
        var seen = RequestIDIndex(expected: expected)
        events.reserveCapacity(expected)
        followUp.reserveCapacity(expected)
        var first = Int64.max, last = Int64.min
        while try table.nextRow() {
            switch times(table, submitted, earliest, launched, observed) {
            case .failure(let problem):
                try table.reject(problem)
            case .success(let row):
                let field = table.fields[id]
                let bytes = table.reader.bytes(field)
                guard !bytes.isEmpty else {
                    try table.reject(RowProblem(reason: "column request_id: empty", message: "column request_id is empty; every request needs an id"))
                    continue
                }
                if let line = seen.line(of: bytes, in: table.reader.base) {
                    try table.reject(RowProblem(reason: "duplicate request_id",
                                                message: "column request_id: \(TelemetryTable.quote(table.text(id))) already appeared "
                                                    + "on line \(line); each submitted request must appear once"))
                    continue
                }
                seen.insert(bytes, start: field.start, line: table.line)
                let start = max(row.submitted, row.begin)
                let span = Double(row.observed - start) / 1000
                followUp.append(span)
                if let at = row.launched { events.append(Double(at - start) / 1000) } else { censored.append(span) }
                first = min(first, row.submitted)
                last = max(last, row.submitted)
            }
        }
        return BackgroundLaunchData(sample: DelaySample(events: events, censored: censored, followUp: followUp),
                                    firstSubmitted: first, lastSubmitted: last)
    }

    private struct Times {
        var submitted: Int64, begin: Int64, launched: Int64?, observed: Int64
    }

    private static func times(_ table: TelemetryTable, _ submitted: Int, _ earliest: Int, _ launched: Int, _ observed: Int) -> Result<Times,
        RowProblem> {
        let submittedAt: Int64, begin: Int64, observedUntil: Int64
        var launchedAt: Int64?
        switch table.time(submitted) { case .success(let t): submittedAt = t; case .failure(let p): return .failure(p) }
        if table.isEmpty(earliest) {
            begin = submittedAt
        } else {
            switch table.time(earliest) { case .success(let t): begin = t; case .failure(let p): return .failure(p) }
        }
        if !table.isEmpty(launched) {
            switch table.time(launched) { case .success(let t): launchedAt = t; case .failure(let p): return .failure(p) }
        }
        switch table.time(observed) { case .success(let t): observedUntil = t; case .failure(let p): return .failure(p) }
        if let at = launchedAt {
            if !table.isEmpty(earliest), at < begin {
                return .failure(RowProblem(reason: "launched_at before earliest_begin",
                                           message: "column launched_at: \(quote(table, launched)) "
                                               + "is before earliest_begin \(quote(table, earliest)); "
                                               + "the OS never launches a task before its earliest begin date"))
            }
            if at < submittedAt {
                return .failure(RowProblem(reason: "launched_at before submitted_at",
                                           message: "column launched_at: \(quote(table, launched)) "
                                               + "is before submitted_at \(quote(table, submitted))"))
            }
            if at > observedUntil {
                return .failure(RowProblem(reason: "launched_at after observed_until",
                                           message: "column launched_at: \(quote(table, launched)) "
                                               + "is after observed_until \(quote(table, observed)); observation cannot stop before a launch it saw"))
            }
        }
        if observedUntil < max(submittedAt, begin) {
            let column = begin > submittedAt ? earliest : submitted
            return .failure(RowProblem(reason: "observed_until before the request could run",
                                       message: "column observed_until: \(quote(table, observed)) "
                                           + "is before \(table.columns[column]) \(quote(table, column))"))
        }
        return .success(Times(submitted: submittedAt, begin: begin, launched: launchedAt, observed: observedUntil))
    }

    private static func quote(_ table: TelemetryTable, _ column: Int) -> String { TelemetryTable.quote(table.text(column)) }
}
