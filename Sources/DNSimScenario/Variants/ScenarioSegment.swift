import DNSimCore

/// One segment of a scenario's `fleet`: its name, its share of the devices and the scenario
/// its devices live in (the file with the segment's `set` applied, loaded like any scenario).
public struct ScenarioSegment: Sendable {
    public var name: String
    public var share: Double
    /// `fleet[].platform`: the platform of the segment's devices, or nil for every platform.
    public var platform: Platform?
    /// Each `set` key and its value as the reports print it, in file order.
    public var settings: [(key: String, value: String)]
    public var scenario: Scenario
}
