import DNSimCore
import DNSimScenario

/// The metric definitions a `check` measured its run under, and why: the
/// baseline's (the candidate is counted as the baseline was, so a new lead does
/// not redefine `fresh`), or the scenario's own when there is no baseline or the
/// baseline records none. Every output of `check` states this.
public struct CheckDefinitions: Sendable, Equatable {
    public enum Source: String, Sendable {
        /// The baseline's `manifest.json` `definitions`.
        case baseline
        /// The scenario's, with no baseline to compare with.
        case scenario
        /// The scenario's, because the baseline was written before manifests recorded definitions.
        case unrecorded = "scenario_unrecorded_in_baseline"
    }

    public var values: MetricDefinitions
    public var source: Source
    public var baselinePath: String?
    /// Definitions this scenario, left to its defaults, would count differently: the key and its own value.
    public var adopted: [Adopted] = []

    public struct Adopted: Sendable, Equatable {
        public var key: String
        public var own: Millis
        public init(key: String, own: Millis) {
            self.key = key
            self.own = own
        }
    }

    public init(values: MetricDefinitions, source: Source, baselinePath: String? = nil, adopted: [Adopted] = []) {
        self.values = values
        self.source = source
        self.baselinePath = baselinePath
        self.adopted = adopted
    }

    /// One sentence, without the scenario's name: what was measured under which definitions.
    public var sentence: String {
        switch source {
        case .baseline:
            var text = "measured under the baseline's definitions (\(values.description))"
            if !adopted.isEmpty {
                text +=
                    "; left to its defaults this scenario would count "
                    + adopted.map {
                        "\($0.key) \(MetricDefinitions.text($0.own))\($0.key == "freshWithin" ? " (its lead)" : "")"
                    }
                    .joined(separator: ", ")
                    + ", which would move its rates for that reason alone"
            }
            return text
        case .scenario:
            return "measured under the scenario's definitions (\(values.description))"
        case .unrecorded:
            return
                "measured under the scenario's own definitions (\(values.description)): the baseline \(baselinePath ?? "") "
                + "records none (its manifest.json predates them), so if it was counted otherwise its rates differ for that reason "
                + "alone; regenerate the baseline to record them"
        }
    }

    /// Whether the sentence is a warning (the comparison may not be like for like).
    public var isWarning: Bool { source == .unrecorded }
}
