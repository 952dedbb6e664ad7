import DNSimCore
import DNSimDecision

/// One uncertain condition of a study: the key each world sets, what is believed about its
/// value, and how a sampled value is written into the scenario.
public struct UncertainParameter: Sendable {
    public enum Unit: Sendable, Equatable {
        /// Milliseconds internally, written `…ms`, reported in seconds.
        case duration
        case number
        /// Rounded to the nearest whole number.
        case wholeNumber
        /// The distribution gives an index into these values.
        case choice([YAMLNode])

        public static func == (a: Unit, b: Unit) -> Bool {
            switch (a, b) {
            case (.duration, .duration), (.number, .number), (.wholeNumber, .wholeNumber): true
            case (.choice(let x), .choice(let y)): x.map(SweepAxis.flow) == y.map(SweepAxis.flow)
            default: false
            }
        }
    }

    public var key: String
    public var path: [String]
    public var distribution: ParameterDistribution
    public var unit: Unit
    public var mark: SourceMark
    /// The `distribution` value's position, for messages about its range.
    public var distributionMark: SourceMark
    /// The size of the telemetry sample a `normal` or `lognormal` belief was fitted from
    /// (`sample:`, or a `fit` distribution's own); nil when not from a fit.
    public var sample: Int? = nil

    /// The value a unit coordinate gives, in the parameter's internal unit (ms for durations,
    /// an index for a choice).
    public func value(at u: Double) -> Double {
        let value = distribution.quantile(u)
        switch unit {
        case .duration, .wholeNumber: return value.rounded()
        case .number, .choice: return value
        }
    }

    /// The YAML the world puts at `key`.
    public func node(for value: Double) -> YAMLNode {
        switch unit {
        case .duration: return YAMLNode(kind: .scalar("\(Int64(value))ms"), mark: distributionMark)
        case .number, .wholeNumber: return YAMLNode(kind: .scalar(ScenarioReader.show(value)), mark: distributionMark)
        case .choice(let values): return values[min(max(Int(value), 0), values.count - 1)]
        }
    }

    /// The value as `uncertainty.csv` writes it: seconds for durations, the label for a choice.
    public func reported(_ value: Double) -> Double { unit == .duration ? value / 1_000 : value }

    /// The text of a value in tables and the CSV.
    public func label(_ value: Double) -> String {
        switch unit {
        case .choice(let values): return SweepAxis.label(values[min(max(Int(value), 0), values.count - 1)])
        case .duration: return ScenarioReader.show(value / 1_000)
        case .number, .wholeNumber: return ScenarioReader.show(value)
        }
    }

    /// `1h30m` for a duration in ms, the number otherwise: how reports write a value for people.
    public func written(_ value: Double) -> String {
        switch unit {
        case .duration: return SimTime.written(Millis(value.rounded()))
        default: return label(value)
        }
    }

    /// A reported value (`reported`) to three significant figures, as a flip or a box edge is
    /// estimated: `6h22m`, `0.366`.
    public func approximate(_ reportedValue: Double) -> String {
        let rounded = Double(String(format: "%.3g", reportedValue)) ?? reportedValue
        switch unit {
        case .duration: return SimTime.written(Millis((rounded * 1_000).rounded()))
        case .choice: return label(reportedValue)
        case .number, .wholeNumber: return ScenarioReader.show(rounded)
        }
    }

    public var isCategorical: Bool { if case .choice = unit { return true } else { return false } }
}
