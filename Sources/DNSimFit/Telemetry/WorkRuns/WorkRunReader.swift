/// Reads a work-runs.csv (docs/telemetry.md): WorkManager fetch jobs, each from its earliest run to
/// its run or the end of observation, into the delay sample of `platforms.android.workManager.delay`.
/// Doze holds every regular job, so without an eligibility file listing each job's device (its
/// `doze` periods) the read refuses, unless `--assume-eligible`.
enum WorkRunReader {
    static func read(_ table: inout TelemetryTable, eligibility options: EligibilityOptions = EligibilityOptions())
        throws(FitError)
        -> BackgroundLaunchData
    {
        let id = table.index("work_id")!, enqueued = table.index("enqueued_at")!,
            earliest = table.index("earliest_run")!
        let ran = table.index("ran_at")!, observed = table.index("observed_until")!
        let device = table.index("device"), charging = table.index("requires_charging"),
            network = table.index("requires_network")
        if let periods = options.periods, device == nil {
            throw FitError(
                file: table.file, line: 1,
                message: "has no device column, so the periods of \(periods.path) cannot be matched "
                    + "to its jobs; add a device column (the id eligibility.csv uses)")
        }
        var measure = WorkDelayMeasure(periods: options.periods)
        var seen = RequestIDIndex(expected: min(table.reader.count / 90 + 16, 1 << 20))
        var first = Int64.max, last = Int64.min, rows = 0
        var unknown: (line: Int, column: Int)?
        while try table.nextRow() {
            var times: [Int64?] = []
            var problem: RowProblem?
            for column in [enqueued, earliest, ran, observed] {
                if column == ran && table.isEmpty(ran) { times.append(nil); continue }
                switch table.time(column) {
                case .success(let t): times.append(t)
                case .failure(let p): problem = problem ?? p; times.append(nil)
                }
            }
            if let problem { try table.reject(problem); continue }
            let enqueuedAt = times[0]!, earliestRun = max(times[1]!, enqueuedAt), ranAt = times[2],
                observedUntil = times[3]!
            if let at = ranAt, at < earliestRun {
                try table.reject(
                    RowProblem(
                        reason: "ran_at before earliest_run",
                        message: "column ran_at: \(TelemetryTable.quote(table.text(ran))) is before earliest_run "
                            + "\(TelemetryTable.quote(table.text(earliest))); "
                            + "WorkManager never runs work before its initial delay ends"))
                continue
            }
            if let at = ranAt, at > observedUntil {
                try table.reject(
                    RowProblem(
                        reason: "ran_at after observed_until",
                        message: "column ran_at: \(TelemetryTable.quote(table.text(ran))) is after observed_until "
                            + "\(TelemetryTable.quote(table.text(observed))); observation cannot stop before a run it saw"
                    ))
                continue
            }
            var flags = [false, false]
            var bad = false
            for (k, column) in [charging, network].enumerated() {
                guard let column, !table.isEmpty(column) else { continue }
                switch table.text(column).lowercased() {
                case "true", "1", "yes": flags[k] = true
                case "false", "0", "no": break
                default:
                    try table.reject(
                        RowProblem(
                            reason: "column \(table.columns[column]): not true or false",
                            message: "column \(table.columns[column]): \(TelemetryTable.quote(table.text(column))) "
                                + "is not true or false"))
                    bad = true
                }
            }
            if bad { continue }
            let field = table.fields[id]
            let bytes = table.reader.bytes(field)
            guard !bytes.isEmpty else {
                try table.reject(
                    RowProblem(
                        reason: "column work_id: empty", message: "column work_id is empty; every job needs an id"))
                continue
            }
            if let line = seen.line(of: bytes, in: table.reader.base) {
                try table.reject(
                    RowProblem(
                        reason: "duplicate work_id",
                        message: "column work_id: \(TelemetryTable.quote(table.text(id))) already appeared on line "
                            + "\(line); each enqueued job must appear once"))
                continue
            }
            seen.insert(bytes, start: field.start, line: table.line)
            let name = device.flatMap { table.isEmpty($0) ? nil : table.text($0) }
            let listed = measure.add(
                earliest: earliestRun, ran: ranAt, observed: observedUntil, device: name, charging: flags[0],
                network: flags[1])
            if !listed, unknown == nil { unknown = (table.line, table.column(device ?? earliest)) }
            rows += 1
            first = min(first, enqueuedAt)
            last = max(last, enqueuedAt)
        }
        if let unknown, !options.assumeEligible {
            let count = measure.unknown
            let what =
                "\(count) of \(rows) job\(rows == 1 ? "" : "s") have no Doze periods (a regular job never runs in Doze)"
            let message =
                options.periods.map { periods in
                    "\(what): \(periods.path) does not list \(count == 1 ? "its device" : "their devices"); list each device (a `logged` row "
                        + "if it had no Doze), or pass --assume-eligible to fit them as never held"
                }
                ?? "\(what), so their delays would absorb the waits; give the periods with --eligibility FILE (device,state,from,to "
                + "with state doze; docs/telemetry.md), or pass --assume-eligible to fit them as never held"
            throw FitError(file: table.file, line: unknown.line, column: unknown.column, message: message)
        }
        return BackgroundLaunchData(
            sample: DelaySample(events: measure.events, censored: measure.censored, followUp: measure.followUp),
            firstSubmitted: first == .max ? 0 : first, lastSubmitted: last == .min ? 0 : last,
            eligibility: measure.use(rows: rows, assumed: options.assumeEligible), workJobs: true)
    }
}
