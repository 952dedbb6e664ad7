/// What a scenario key stands for when a run is read as a decision (docs/scenario-format.md, "Roles").
public enum ScenarioKeyRole: String, Sendable, CaseIterable {
    /// What the plugin or app team chooses (or the push server decides): a sweep over it compares policies.
    case lever
    /// The world: platform behaviour, users, the server's updates, the network, push delivery.
    case condition
    /// Sets up the run itself (its name, seed, size, window, checks, sweeps): neither a choice nor the world.
    case run
    /// Defines how outcomes are measured, the same for every policy and world (`metrics`).
    case definition
    /// A mapping whose keys have roles of their own.
    case mixed
}
