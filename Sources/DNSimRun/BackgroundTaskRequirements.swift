import DNSimCore
import DNSimScenario
import Foundation

/// What a scenario's iOS BG task waits for before it may run (`platforms.ios.fetchTask`: a
/// processing request waits for idle, `requiresExternalPower` for charging,
/// `requiresNetworkConnectivity` for the network). `fit --into` applies it to a bg-launches.csv that
/// does not say what its requests need, so that a delay measured without those waits is refused
/// rather than set (docs/fit.md).
public struct BackgroundTaskRequirements: Sendable, Equatable {
    public var processing: Bool
    public var requiresPower: Bool
    public var requiresNetwork: Bool
    /// Where the scenario says so: `Scenarios/x.yaml:12:7`, the first key that asks for a wait.
    public var place: String
    /// The keys as the scenario sets them: `kind: processing, requiresExternalPower: true`.
    public var keys: String

    /// The requirements of the iOS BG task of the scenario at `path`; nil when it has no iOS platform
    /// or its task waits for nothing (an app-refresh request without flags), and when the file is not
    /// a regular file that loads (`FitIntoScenario` says why, in its words).
    public static func of(scenarioAt path: String) -> BackgroundTaskRequirements? {
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard (try? FileManager.default.attributesOfItem(atPath: file))?[.type] as? FileAttributeType == .typeRegular,
            let scenario = try? ScenarioLoader.load(path: path), let ios = scenario.ios
        else { return nil }
        let processing = ios.taskKind == .processing
        let power = processing && ios.requiresExternalPower
        let network = ios.requiresNetworkConnectivity
        guard processing || power || network else { return nil }
        var keys: [(key: String, text: String)] = []
        if processing { keys.append(("kind", "kind: processing")) }
        if power { keys.append(("requiresExternalPower", "requiresExternalPower: true")) }
        if network { keys.append(("requiresNetworkConnectivity", "requiresNetworkConnectivity: true")) }
        // The place of the first such key in the text (the file loaded, so it parses).
        let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        let root = (try? YAMLParser.parse(bytes, file: path)) ?? nil
        let task = root?.value(forKey: "platforms")?.value(forKey: "ios")?.value(forKey: "fetchTask")
        let mark = keys.lazy.compactMap { task?.value(forKey: $0.key)?.mark }.first ?? task?.mark
        return BackgroundTaskRequirements(
            processing: processing, requiresPower: power, requiresNetwork: network,
            place: path + (mark.map { ":\($0.line):\($0.column)" } ?? ""),
            keys: keys.map(\.text).joined(separator: ", "))
    }
}
