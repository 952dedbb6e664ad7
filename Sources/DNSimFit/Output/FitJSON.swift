/// `fit.json`: the fit for programs. Names are fixed (docs/telemetry.md);
/// times are seconds; keys sorted; numbers `%.10g`.
enum FitJSON {
    static func render(_ file: TelemetryFile, _ fit: TelemetryFit) -> String {
        guard case .object(var members) = document(fit) else { return "" }
        // What a scenario's `fit: path/fit.json` distribution reads: the entry whose key matches.
        members["uncertainty"] = .object(["parameters": .array(SamplingDistribution.all(fit).included.map(\.json))])
        return JSONValue.object(members).rendered()
    }

    static func document(_ fit: TelemetryFit) -> JSONValue {
        switch fit {
        case .backgroundLaunches(let bg):
            var members: [String: JSONValue] = [
                "rows": .integer(bg.data.rows),
                bg.data.workJobs ? "ran" : "launched": .integer(bg.data.launched),
                "censored": .integer(bg.data.censored),
                "best": .string(bg.delays.best.family.rawValue),
                "fits": fits(bg.delays),
            ]
            // Only when eligibility entered the delays, so a file that needs none keeps its fit.json.
            switch bg.data.eligibility {
            case .notNeeded: break
            case .assumed(let needing):
                members["eligibility"] = .object(["method": .string("assumed"), "needing": .integer(needing)])
            case .measured(let m):
                members["eligibility"] = .object([
                    "method": .string("measured"), "file": .string(m.path), "needing": .integer(m.needing),
                    "listed": .integer(m.listed),
                    "unlisted": .integer(m.unlisted), "unlisted_needing": .integer(m.unlistedNeeding),
                    "held_rows": .integer(m.held),
                    "held_s": .number(m.heldSeconds),
                ])
            }
            return JSONValue.object(members)
        case .fetchAttempts(let fetch):
            let d = fetch.data
            return JSONValue.object([
                "rows": .integer(d.rows),
                "ok": .integer(d.ok), "empty": .integer(d.empty), "error": .integer(d.error),
                "timeout": .integer(d.timeout),
                "best": .string(fetch.latency.best.family.rawValue),
                "fits": fits(fetch.latency),
                "failure_share": share(fetch.failure),
                "error_share": share(fetch.error),
                "timeout_share": share(fetch.timeout),
                "empty_share": share(fetch.empty),
            ])
        case .appOpens(let opens):
            return JSONValue.object([
                "rows": .integer(opens.data.rows),
                "devices": .integer(opens.devices),
                "days": .integer(opens.days),
                "opens_per_day": .object([
                    "mean": .number(opens.opensPerDay), "sd": .number(opens.spread),
                    "ci": .interval(opens.low, opens.high),
                    "p10": .number(opens.quantile(0.1)), "p50": .number(opens.quantile(0.5)),
                    "p90": .number(opens.quantile(0.9)),
                    "dispersion": .number(opens.dispersion),
                ]),
                "hour_weights": .array(opens.hourWeights.map { .number($0) }),
                "hour_counts": .array(opens.data.hourCounts.map { .integer($0) }),
                "time_zones": .array(opens.data.timeZones.map { .string($0) }),
            ])
        case .pushDelivery(let push):
            let d = push.data
            var drop = pooled(push.drop)
            if case .object(var members) = drop {
                members["key"] = .string(push.key)
                members["fields"] = .array(push.dropFields.map { .string($0) })
                drop = .object(members)
            }
            return JSONValue.object([
                "platform": .string(d.platform.rawValue),
                "entries": .integer(d.entries),
                "messages": .integer(d.messages),
                "first_day": .string(ISOTimestamp.formatDay(d.firstDay * 86_400_000)),
                "last_day": .string(ISOTimestamp.formatDay(d.lastDay * 86_400_000)),
                "apps": .array(d.apps.map { .string($0) }),
                "labels": .array(d.labels.map { .string($0) }),
                "more_pages": d.morePages ? .integer(1) : .integer(0),
                "drop": drop,
                "shares": .object(Dictionary(uniqueKeysWithValues: push.shares.map { ($0.name, pooled($0.share)) })),
            ])
        }
    }

    /// `{count, total, share, ci, sd}`: sd is the normal sampling distribution's, as `uncertainty` gives `drop`.
    static func pooled(_ p: PooledShare) -> JSONValue {
        let sd =
            SamplingDistribution.share("", value: p.share, low: p.low, high: p.high).map { d -> Double in
                if case .normal(_, let sd) = d.shape { return sd } else { return .nan }
            } ?? .nan
        return .object([
            "count": .number(p.count), "total": .integer(p.total), "share": .number(p.share),
            "ci": .interval(p.low, p.high),
            "sd": .number(sd),
        ])
    }

    static func fits(_ delays: DelayFit) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for fit in delays.fits {
            var entry: [String: JSONValue] = [
                "logLikelihood": .number(fit.logLikelihood), "aic": .number(fit.aic), "ks": .number(fit.ks),
                "bootstrap_p": fit.bootstrapP.map { .number($0) } ?? .null,
            ]
            var ci: [String: JSONValue] = [:]
            for p in fit.parameters + (fit.never.map { [$0] } ?? []) {
                entry[p.name] = .number(p.value)
                ci[p.name] = .interval(p.low, p.high)
            }
            entry["ci"] = .object(ci)
            members[fit.family.rawValue] = .object(entry)
        }
        return .object(members)
    }

    static func share(_ p: ProportionEstimate) -> JSONValue {
        .object([
            "count": .integer(p.count), "total": .integer(p.total), "share": .number(p.share),
            "ci": .interval(p.low, p.high),
        ])
    }
}
