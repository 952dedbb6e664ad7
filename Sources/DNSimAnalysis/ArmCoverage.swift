import DNSimCore
import DNSimScenario

/// An arm a study does not assess: its own conditions are all fixed, so its risk is not measured
/// and EVPI and EVPPI understate the value of learning (docs/model.md §9, "Coverage"). Named with
/// the keys that would assess it.
public struct ArmCoverage: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// None of the keys only its strategy reads is under `uncertainty`.
        case ownKeysFixed
        /// Its utility is the same in every world.
        case constantUtility
    }

    /// Index into the study's arms.
    public var arm: Int
    public var reason: Reason
    /// The condition keys that would assess it, in catalog order.
    public var keys: [String]

    /// One line per arm the study does not assess, for stderr (`warning`, plain).
    public static func warnings(_ study: UncertaintyStudy) -> [String] {
        // From the table alone: the full analysis (bootstrap intervals) is not needed for this.
        study.platforms.flatMap { platform in unassessed(study, arms: platform.arms).map { $0.warning(study) } }
    }

    /// What a report says of it: `code` marks a key or an arm's name, `strong` the headline
    /// (Markdown's backticks and bold in uncertainty.md; nothing on the terminal).
    public func warning(
        _ study: UncertaintyStudy, code: (String) -> String = { $0 },
        strong: (String) -> String = { $0 }
    ) -> String {
        let keys = keys.map(code).joined(separator: ", ")
        let why =
            switch reason {
            case .ownKeysFixed: "none of its own conditions (\(keys)) is under \(code("uncertainty"))"
            case .constantUtility: "its utility is the same in every world"
            }
        var text =
            strong("\(code(study.arms[arm].name)) is not assessed") + ": \(why), so its risk is not measured "
            + "and EVPI and EVPPI understate the value of learning."
        if reason == .constantUtility { text += " Keys that would assess it: \(keys)." }
        return text
    }

    /// The arms among `arms` (indices into the study's) whose own conditions are all fixed.
    public static func unassessed(_ study: UncertaintyStudy, arms: [Int]) -> [ArmCoverage] {
        let uncertain = study.parameters.map(\.key)
        return arms.compactMap { index in
            let arm = study.arms[index]
            let own = ownKeys(arm)
            let covers = { (key: String) in uncertain.contains { $0 == key || $0.hasPrefix(key + ".") } }
            let utilities = study.utilities.map { $0[index] }
            if !own.isEmpty, !own.contains(where: covers) {
                return ArmCoverage(arm: index, reason: .ownKeysFixed, keys: own)
            }
            guard let first = utilities.first, utilities.allSatisfy({ $0 == first }) else { return nil }
            // Every key it reads may be uncertain already: then its own keys are still the ones to widen.
            let read = own.isEmpty ? platformKeys(arm.platform).filter { !$0.hasPrefix(pushBlock(arm.platform)) } : own
            let missing = read.filter { !covers($0) }
            return ArmCoverage(arm: index, reason: .constantUtility, keys: missing.isEmpty ? read : missing)
        }
    }

    /// The keys only this arm's strategy reads: for a push arm, the condition keys of its
    /// platform's push block that its kind uses (an alert push not the background push's own
    /// delay and loss; a background push, where the platform has them, only those). A local
    /// strategy shares everything it reads with the other local one, so it has none.
    public static func ownKeys(_ arm: Arm) -> [String] {
        guard arm.strategy.kind == .push else { return [] }
        let block = platformKeys(arm.platform).filter { $0.hasPrefix(pushBlock(arm.platform)) }
        let background = pushBlock(arm.platform) + "background"
        let isBackgroundOnly = { (key: String) in key == background || key.hasPrefix(background + ".") }
        // A battery manager that stops push acts on the push arms alone (FCM drops either kind).
        let stopsPush = arm.platform == .android ? ["platforms.android.batteryManager.stopsPush"] : []
        switch arm.strategy.pushKind {
        case .alert: return block.filter { !isBackgroundOnly($0) } + stopsPush
        case .background:
            let own = block.filter(isBackgroundOnly)
            return (own.isEmpty ? block : own) + stopsPush
        }
    }

    static func pushBlock(_ platform: Platform) -> String { "platforms.\(platform.rawValue).push." }

    /// The platform's condition keys in catalog order, a mapping's parts in its place (they are
    /// what `uncertainty` names).
    static func platformKeys(_ platform: Platform) -> [String] {
        let paths = ScenarioKeyCatalog.keys.filter { $0.role == .condition }.flatMap(\.paths)
            .filter { $0.hasPrefix("platforms.\(platform.rawValue).") }
        return paths.filter { path in !paths.contains { $0.hasPrefix(path + ".") } }
    }
}
