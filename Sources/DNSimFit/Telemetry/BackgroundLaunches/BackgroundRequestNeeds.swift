/// What a BG request needs before iOS may run it, as a bg-launches.csv row's optional `kind`,
/// `requires_power` and `requires_network` columns say (docs/telemetry.md). A row without them is
/// an app-refresh request that needs nothing: the format as it was before these columns.
public struct BackgroundRequestNeeds: Sendable, Equatable, Hashable {
    /// A `BGProcessingTaskRequest`: it runs only while the phone is idle.
    public var processing: Bool
    /// `requiresExternalPower` (processing requests only): only while the phone charges.
    public var requiresPower: Bool
    /// `requiresNetworkConnectivity`: only while the phone is online.
    public var requiresNetwork: Bool

    public init(processing: Bool = false, requiresPower: Bool = false, requiresNetwork: Bool = false) {
        self.processing = processing
        self.requiresPower = requiresPower
        self.requiresNetwork = requiresNetwork
    }

    /// An app-refresh request with no requirement: only Low Power Mode and a force-quit hold it.
    public static let none = BackgroundRequestNeeds()

    /// Whether the request waits for a state of the phone that most hours do not have (idle,
    /// charging, online): its delay measured without knowing those states would absorb the wait,
    /// so `fit` refuses it without an eligibility file (a judgement, docs/telemetry.md).
    public var needsEligibility: Bool { processing || requiresPower || requiresNetwork }

    /// The `kind` column's value.
    public var kind: String { processing ? "processing" : "refresh" }

    /// The states that hold such a request: Low Power Mode and force-quit always, the rest as it needs.
    public var holdingStates: [EligibilityState] {
        var states: [EligibilityState] = [.lowPowerMode, .forceQuit]
        if requiresNetwork { states.append(.offline) }
        if processing { states.append(.notIdle) }
        if requiresPower { states.append(.notCharging) }
        return states
    }
}
