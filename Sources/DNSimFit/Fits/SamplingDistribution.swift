import Foundation

/// The sampling distribution of one fitted parameter, as an entry of a scenario's
/// `uncertainty.parameters`: the key it sets and what its estimate could have been.
/// Each parameter's entry stands alone: the block treats the parameters as
/// independent, ignoring the correlation the observed information gives them (a
/// judgement: the scenario's uncertainty section has no joint distributions).
public struct SamplingDistribution: Sendable, Equatable {
    /// The key's unit, as `fit.json` names it.
    public enum Unit: String, Sendable {
        case seconds = "s"
        case share = "share"
        case perDay = "per day"
        case none = ""
    }

    public enum Shape: Sendable, Equatable {
        /// A positive parameter: log-normal about the estimate, sigma the standard error of its log.
        case lognormal(median: Double, sigma: Double)
        /// A share: normal about the estimate (the simulator truncates it to [0, 1]).
        case normal(mean: Double, sd: Double)
    }

    /// Dotted scenario path, e.g. `platforms.ios.fetchTask.delay.lognormal.median`.
    public let key: String
    public let unit: Unit
    public let shape: Shape
    /// The size of the sample fitted (`sample:`): rows of a BG-launch log, fetch attempts, devices
    /// of an app-open log, messages of a push export, the units whose count sets the spread.
    public var sample: Int?

    public init(key: String, unit: Unit, shape: Shape, sample: Int? = nil) {
        self.key = key
        self.unit = unit
        self.shape = shape
        self.sample = sample
    }

    static let z95 = DelayModelFitter.z95

    /// A positive parameter whose 95% interval is value·exp(±z·se), se from the observed
    /// information on the log scale: (ln high − ln low)/(2z) gives that se back. Nil without
    /// an interval (singular information).
    static func positive(_ key: String, _ p: FittedParameter, unit: Unit) -> SamplingDistribution? {
        let sigma = (Foundation.log(p.high) - Foundation.log(p.low)) / (2 * z95)
        guard p.value > 0, p.value.isFinite, sigma.isFinite, sigma > 0 else { return nil }
        return SamplingDistribution(key: key, unit: unit, shape: .lognormal(median: p.value, sigma: sigma))
    }

    /// A share with a 95% interval [low, high]: sd = (high − low)/(2z). An interval that
    /// stops at a bound (a profile or Wilson interval from 0) is cut by it, so its other
    /// half carries the spread: sd = (high − value)/z, and the distribution truncated at 0
    /// then puts 95% below `high`, as the interval does.
    static func share(_ key: String, value: Double, low: Double, high: Double) -> SamplingDistribution? {
        let sd: Double
        if low <= 0 {
            sd = (high - value) / z95
        } else if high >= 1 {
            sd = (value - low) / z95
        } else {
            sd = (high - low) / (2 * z95)
        }
        guard value.isFinite, sd.isFinite, sd > 0 else { return nil }
        return SamplingDistribution(key: key, unit: .share, shape: .normal(mean: value, sd: sd))
    }

    /// The distributions of what a fit sets, and the keys left out for want of an interval.
    /// App-open hour weights are out of scope: 24 weights tied by their mean are not one key.
    static func all(_ fit: TelemetryFit) -> (included: [SamplingDistribution], omitted: [String]) {
        var included: [SamplingDistribution] = [], omitted: [String] = []
        let size: Int =
            switch fit {
            case .backgroundLaunches(let bg): bg.data.rows
            case .fetchAttempts(let fetch): fetch.data.rows
            case .pushDelivery(let push): push.drop.total
            case .appOpens(let opens): opens.devices
            }
        func add(_ key: String, _ d: SamplingDistribution?) {
            guard var d else { omitted.append(key); return }
            d.sample = size > 0 ? size : nil
            included.append(d)
        }
        func family(_ prefix: String, _ best: FamilyFit) {
            for p in best.parameters {
                let seconds = p.name.hasSuffix("_s")
                let key = "\(prefix).\(best.family.rawValue).\(seconds ? String(p.name.dropLast(2)) : p.name)"
                add(key, positive(key, p, unit: seconds ? .seconds : .none))
            }
        }
        switch fit {
        case .backgroundLaunches(let bg):
            let best = bg.delays.best
            if bg.data.workJobs { family("platforms.android.workManager.delay", best); break }
            family("platforms.ios.fetchTask.delay", best)
            let key = "platforms.ios.fetchTask.never"
            let never = best.never ?? FittedParameter(name: "never", value: 0, low: .nan, high: .nan)
            add(key, share(key, value: never.value, low: never.low, high: never.high))
        case .fetchAttempts(let fetch):
            family("fetch.latency", fetch.latency.best)
            add(
                "fetch.failure",
                share("fetch.failure", value: fetch.error.share, low: fetch.error.low, high: fetch.error.high))
        case .pushDelivery(let push):
            add(push.key, share(push.key, value: push.drop.share, low: push.drop.low, high: push.drop.high))
        case .appOpens(let opens):
            // The t-interval is symmetric on the natural scale, so no log-scale se to read back
            // from it: the delta method gives se(ln mean) = se(mean)/mean = (sd/√devices)/mean.
            let key = "user.appOpensPerDay"
            let sigma = opens.spread / Double(opens.devices).squareRoot() / opens.opensPerDay
            add(
                key,
                opens.devices > 1 && opens.opensPerDay > 0 && sigma.isFinite && sigma > 0
                    ? SamplingDistribution(
                        key: key, unit: .perDay, shape: .lognormal(median: opens.opensPerDay, sigma: sigma)) : nil)
        }
        return (included, omitted)
    }

    /// `{ lognormal: { median: 1h27m, sigma: 0.11 } }` or `{ normal: { mean: 0.23, sd: 0.02 } }`.
    var yaml: String {
        switch shape {
        case .lognormal(let median, let sigma):
            let m = unit == .seconds ? ScenarioFormat.duration(median) : ScenarioFormat.number(median)
            return "{ lognormal: { median: \(m), sigma: \(ScenarioFormat.number(sigma)) } }"
        case .normal(let mean, let sd):
            return "{ normal: { mean: \(ScenarioFormat.share(mean, sd: sd)), sd: \(ScenarioFormat.number(sd)) } }"
        }
    }

    /// `{"key", "unit", "distribution": {"lognormal": {"median", "sigma"}}, "sample"}`, seconds as numbers.
    var json: JSONValue {
        let distribution: JSONValue =
            switch shape {
            case .lognormal(let median, let sigma):
                .object(["lognormal": .object(["median": .number(median), "sigma": .number(sigma)])])
            case .normal(let mean, let sd): .object(["normal": .object(["mean": .number(mean), "sd": .number(sd)])])
            }
        var members: [String: JSONValue] = [
            "key": .string(key), "unit": .string(unit.rawValue), "distribution": distribution,
        ]
        if let sample { members["sample"] = .number(Double(sample)) }
        return .object(members)
    }
}
