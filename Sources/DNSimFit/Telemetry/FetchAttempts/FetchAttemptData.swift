/// Fetch telemetry reduced to the latency sample and outcome counts.
/// Latency is a response's duration (`ok`, `empty`); a `timeout` only says
/// the latency exceeded its duration (right-censored); an `error` ended
/// without a response and says nothing about latency.
public struct FetchAttemptData: Sendable {
    public let latency: DelaySample
    public let ok: Int
    public let empty: Int
    public let error: Int
    public let timeout: Int
    public let firstStarted: Int64
    public let lastStarted: Int64

    public var rows: Int { ok + empty + error + timeout }

    public init(rows: [FetchAttemptRow]) {
        var builder = Builder()
        for row in rows { builder.add(row) }
        self = builder.data
    }

    private init(latency: DelaySample, counts: [Int], first: Int64, last: Int64) {
        self.latency = latency
        ok = counts[0]; empty = counts[1]; error = counts[2]; timeout = counts[3]
        firstStarted = first
        lastStarted = last
    }

    struct Builder {
        var responses: [Double] = [], timeouts: [Double] = []
        var counts = [0, 0, 0, 0]
        var first = Int64.max, last = Int64.min

        mutating func add(_ row: FetchAttemptRow) {
            let seconds = Double(row.finishedAt - row.startedAt) / 1000
            switch row.outcome {
            case .ok, .empty: responses.append(seconds)
            case .timeout: timeouts.append(seconds)
            case .error: break
            }
            counts[FetchOutcome.allCases.firstIndex(of: row.outcome)!] += 1
            first = min(first, row.startedAt)
            last = max(last, row.startedAt)
        }

        /// The bootstrap censors a simulated response at the plugin's timeout:
        /// a timed-out row's own duration, for the others the longest timeout seen.
        var data: FetchAttemptData {
            let limit = timeouts.max() ?? .infinity
            let followUp = responses.map { _ in limit } + timeouts
            return FetchAttemptData(
                latency: DelaySample(events: responses, censored: timeouts, followUp: followUp),
                counts: counts, first: first == .max ? 0 : first, last: last == .min ? 0 : last)
        }
    }

    static func read(_ table: inout TelemetryTable) throws(FitError) -> FetchAttemptData {
        let started = table.index("started_at")!, finished = table.index("finished_at")!,
            outcome = table.index("outcome")!
        var builder = Builder()
        while try table.nextRow() {
            switch row(table, started, finished, outcome) {
            case .failure(let problem): try table.reject(problem)
            case .success(let row): builder.add(row)
            }
        }
        return builder.data
    }

    private static func row(_ table: TelemetryTable, _ started: Int, _ finished: Int, _ outcome: Int) -> Result<
        FetchAttemptRow, RowProblem
    > {
        let start: Int64, end: Int64
        switch table.time(started) {
        case .success(let t): start = t;
        case .failure(let p): return .failure(p)
        }
        switch table.time(finished) {
        case .success(let t): end = t;
        case .failure(let p): return .failure(p)
        }
        let word = table.text(outcome).trimmingSpaces.lowercased()
        guard let kind = FetchOutcome(rawValue: word) else {
            return .failure(
                RowProblem(
                    reason: "column outcome: unknown outcome",
                    message: "column outcome: \(TelemetryTable.quote(table.text(outcome))) is not an outcome; "
                        + "expected ok, empty, error or timeout"))
        }
        guard end >= start else {
            return .failure(
                RowProblem(
                    reason: "finished_at before started_at",
                    message: "column finished_at: \(TelemetryTable.quote(table.text(finished))) "
                        + "is before started_at \(TelemetryTable.quote(table.text(started)))"))
        }
        return .success(FetchAttemptRow(startedAt: start, finishedAt: end, outcome: kind))
    }
}
