/// `fit.yaml`: the fitted scenario keys (set in a scenario by `fit --into`, or pasted), with a
/// comment saying where the numbers came from (file, rows, date range) and which keys it sets.
public enum FitYAML {
    /// The scenario keys a fit of this kind sets, as dotted paths: known from the file's header, so
    /// `fit --into` checks the scenario can take them before fitting.
    public static func keys(_ kind: TelemetryKind) -> [String] {
        switch kind {
        case .bg: return ["platforms.ios.fetchTask.delay", "platforms.ios.fetchTask.never"]
        case .fetch: return ["fetch.latency", "fetch.failure"]
        case .opens: return ["user.appOpensPerDay", "user.appOpenHours"]
        case .work: return ["platforms.android.workManager.delay"]
        case .fcm: return ["platforms.android.push.drop"]
        case .apns: return ["platforms.ios.push.drop"]
        }
    }

    static func keys(_ fit: TelemetryFit) -> [String] { settings(fit).map(\.key) }

    /// Each key the fit sets with its value in flow form, as the block below writes it and
    /// `fit --into` puts it in a scenario.
    public static func settings(_ fit: TelemetryFit) -> [(key: String, value: String)] {
        let kind: TelemetryKind
        let values: [String]
        switch fit {
        case .backgroundLaunches(let bg):
            kind = bg.data.workJobs ? .work : .bg
            values = [distribution(bg.delays.best), ScenarioFormat.share(bg.delays.best.never?.value ?? 0)]
        case .fetchAttempts(let fetch):
            kind = .fetch
            values = [distribution(fetch.latency.best), ScenarioFormat.share(fetch.error.share)]
        case .appOpens(let opens):
            kind = .opens
            values = [
                ScenarioFormat.number(opens.opensPerDay),
                "[\(opens.hourWeights.map { ScenarioFormat.number(($0 * 100).rounded() / 100) }.joined(separator: ", "))]",
            ]
        case .pushDelivery(let push):
            kind = push.data.platform == .android ? .fcm : .apns
            values = [dropValue(push)]
        }
        return zip(keys(kind), values).map { (key: $0.0, value: $0.1) }
    }

    /// The fitted block after a comment naming its keys: a scenario already has their parents
    /// (`platforms:`), so `fit --into` (or a hand edit) sets those keys; appended whole it would repeat them.
    static func render(_ file: TelemetryFile, _ fit: TelemetryFit) -> String {
        let keys = keys(fit)
        let how =
            "# Sets \(keys.joined(separator: " and ")). To set them in a scenario,\n"
            + "# keeping the rest of it: dnsim-events fit FILE --into SCENARIO.yaml. By hand, put the values\n"
            + "# below in place of those keys (appended whole, this block would repeat '\(keys[0].split(separator: ".")[0])').\n"
        let text = block(file, fit)
        // After the provenance comment, before the first key.
        guard let start = text.range(of: "\n\(keys[0].split(separator: ".")[0]):\n") else {
            return how + text + uncertainty(fit)
        }
        return String(text[..<start.lowerBound]) + "\n" + how + String(text[text.index(after: start.lowerBound)...])
            + uncertainty(fit)
    }

    /// The fit's sampling distributions as an `uncertainty:` block, one flow mapping per
    /// parameter at the indentation a scenario's own `uncertainty: parameters:` has, so the
    /// lines also paste under an existing section.
    static func uncertainty(_ fit: TelemetryFit) -> String {
        let (included, omitted) = SamplingDistribution.all(fit)
        var text =
            "\n# The sampling distribution of this fit, for a scenario's uncertainty section: lognormal about a\n"
            + "# positive estimate (sigma: the standard error of its log), normal about a share (truncated to [0, 1]).\n"
            + "# Parameters are treated as independent (their correlation is ignored).\n"
        if case .appOpens = fit {
            text += "# user.appOpenHours is not included: its 24 weights are not one parameter.\n"
        } else if case .pushDelivery = fit {
            text +=
                "# The export's other shares (delays, losses left to other keys) set no key: they are in fit.md and fit.json.\n"
        } else {
            text += "# The keys name the family above, so put that in the scenario first.\n"
        }
        text +=
            "# Without an uncertainty section, append this block and add design and samples under it; under an\n"
            + "# existing 'uncertainty:' paste from 'parameters:' on, or only the '- {' lines below its 'parameters:'.\n"
        for key in omitted { text += "# \(key) is not included: its fit has no interval (singular information).\n" }
        guard !included.isEmpty else { return text + "uncertainty:\n  parameters: []\n" }
        text += "uncertainty:\n  parameters:\n"
        for d in included {
            text += "    - { key: \(d.key), distribution: \(d.yaml)\(d.sample.map { ", sample: \($0)" } ?? "") }\n"
        }
        return text
    }

    static func block(_ file: TelemetryFile, _ fit: TelemetryFit) -> String {
        let range =
            "\(ISOTimestamp.formatDay(file.timeRange.first)) to \(ISOTimestamp.formatDay(file.timeRange.last)) UTC"
        switch fit {
        case .backgroundLaunches(let bg):
            let best = bg.delays.best
            let verbs = bg.data.workJobs ? ("ran", "run", "enqueued") : ("launched", "launch", "submitted")
            var text =
                "# Fitted by dnsim-events fit from \(file.name): \(file.rows) rows (\(bg.data.launched) \(verbs.0), "
                + "\(bg.data.censored) not seen to \(verbs.1)),\n# \(verbs.2) \(range). Best family by AIC: \(best.family.rawValue)"
            text += best.bootstrapP.map { " (bootstrap p \(ScenarioFormat.number($0)))" } ?? ""
            let values = settings(fit).map(\.value)
            if bg.data.workJobs {
                return text + ".\nplatforms:\n  android:\n    workManager:\n      delay: \(values[0])\n"
            }
            text += ".\nplatforms:\n  ios:\n    fetchTask:\n"
            text += "      delay: \(values[0])\n"
            text += "      never: \(values[1])\n"
            return text
        case .fetchAttempts(let fetch):
            let best = fetch.latency.best
            var text = "# Fitted by dnsim-events fit from \(file.name): \(file.rows) attempts, started \(range).\n"
            text +=
                "# Latency: best family by AIC \(best.family.rawValue). failure is the error share; the "
                + "\(ScenarioFormat.percent(fetch.timeout.share)) timeouts\n# come from the latency tail beyond plugin.contentFetch.timeout.\n"
                + "# Responses without updates: \(ScenarioFormat.percent(fetch.empty.share)) (set by server.updatesPerDay).\n"
            let values = settings(fit).map(\.value)
            text += "fetch:\n  latency: \(values[0])\n  failure: \(values[1])\n"
            return text
        case .appOpens(let opens):
            var text =
                "# Fitted by dnsim-events fit from \(file.name): \(file.rows) opens by \(opens.devices) devices over "
                + "\(opens.days) local days (\(range)).\n"
            text +=
                "# Hours are local time (\(opens.data.timeZones.joined(separator: ", "))); the weights have mean 1.\n"
            let values = settings(fit).map(\.value)
            text += "user:\n  appOpensPerDay: \(values[0])\n"
            text += "  appOpenHours: \(values[1])\n"
            return text
        case .pushDelivery(let push):
            let d = push.data
            let source =
                d.platform == .android
                ? "\(d.entries) entries (FCM Data API; \(d.apps.count) app\(d.apps.count == 1 ? "" : "s"), "
                    + "\(d.labels.count) analytics label\(d.labels.count == 1 ? "" : "s"))"
                : "\(d.entries) rows (APNs delivery metrics)"
            let denominator = d.platform == .android ? "countMessagesAccepted" : "received_by_apns"
            var text =
                "# Fitted by dnsim-events fit from \(file.name): \(source),\n# \(d.messages) messages, \(range). "
            text += "drop, pooled over the days:\n# (\(push.dropFields.joined(separator: " + "))) / \(denominator).\n"
            text += "platforms:\n  \(d.platform.rawValue):\n    push:\n      drop: \(settings(fit)[0].value)\n"
            return text
        }
    }

    /// The pooled drop share, to as many decimals as its interval supports.
    static func dropValue(_ push: PushDeliveryFit) -> String {
        ScenarioFormat.share(push.drop.share, sd: (push.drop.high - push.drop.low) / (2 * SamplingDistribution.z95))
    }

    /// `{ lognormal: { median: 1h27m, sigma: 1.48 } }` and the like.
    static func distribution(_ fit: FamilyFit) -> String {
        let p = fit.values
        switch fit.family {
        case .lognormal:
            return "{ lognormal: { median: \(ScenarioFormat.duration(p[0])), sigma: \(ScenarioFormat.number(p[1])) } }"
        case .weibull:
            return "{ weibull: { shape: \(ScenarioFormat.number(p[1])), scale: \(ScenarioFormat.duration(p[0])) } }"
        case .gamma:
            return "{ gamma: { shape: \(ScenarioFormat.number(p[1])), scale: \(ScenarioFormat.duration(p[0])) } }"
        case .exponential: return "{ exponential: { mean: \(ScenarioFormat.duration(p[0])) } }"
        }
    }
}
