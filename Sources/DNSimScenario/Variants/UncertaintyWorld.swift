import DNSimDecision

/// One world of an uncertainty study: its place in the design, each parameter's value (in the
/// parameter's internal unit: ms for durations, an index for a choice) and the scenario they give.
public struct UncertaintyWorld: Sendable {
    public var design: DesignWorld
    public var values: [Double]
    public var scenario: Scenario
}
