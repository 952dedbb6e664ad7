/// What the scenario a bg file is fitted into (`fit --into`) says its BG requests need, for a file
/// without the `kind`, `requires_power` and `requires_network` columns: its rows are taken to need
/// that, so launches that wait for idle, charging or the network are refused without eligibility
/// periods, as rows that say so themselves are (docs/fit.md).
public struct DeclaredRequestNeeds: Sendable, Equatable {
    public var needs: BackgroundRequestNeeds
    /// Where the scenario says so (`file:line:col`).
    public var place: String
    /// The scenario's keys: `kind: processing, requiresExternalPower: true`.
    public var keys: String

    public init(needs: BackgroundRequestNeeds, place: String, keys: String) {
        self.needs = needs
        self.place = place
        self.keys = keys
    }

    /// What the requests wait for, in words: `idle and charging`.
    public var waits: String {
        var states: [String] = []
        if needs.processing { states.append("idle") }
        if needs.requiresPower { states.append("charging") }
        if needs.requiresNetwork { states.append("the network") }
        return states.count > 1 ? states.dropLast().joined(separator: ", ") + " and " + states.last! : states.joined()
    }

    /// The refusal of a file without requirement columns and without eligibility periods.
    var refusal: String {
        "has no kind, requires_power or requires_network column, but the scenario it is fitted into says "
            + "its BG task waits for \(waits) (\(place): platforms.ios.fetchTask \(keys)); measured from "
            + "earliest_begin, its delays would absorb those waits (hours, for a task that waits for a charging "
            + "window). Give the periods with --eligibility FILE (device,state,from,to; docs/telemetry.md), or "
            + "pass --assume-eligible to fit them as always eligible, which biases the delay long by the waits"
    }

    /// What `--assume-eligible` did with such a file, for the console.
    public func assumedWarning(needing: Int) -> String {
        "fitted \(needing) requests as always eligible (--assume-eligible), though the scenario's BG task "
            + "waits for \(waits) (\(place): platforms.ios.fetchTask \(keys)): the fitted delay includes those "
            + "waits and is biased long"
    }
}
