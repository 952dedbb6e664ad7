import DNSimCore
import DNSimScenario
import Foundation

/// `manifest.json`: what produced a report, so `check` can refuse to compare
/// a run with a baseline of another scenario, seed, size or tool version.
public struct RunManifest: Sendable, Equatable, Codable {
    public var scenario: String
    public var seed: String
    public var devices: Int
    public var days: Int
    public var arms: [String]
    public var toolVersion: String
    /// How outcomes were counted (`metrics.freshWithin`, `lateAfter`, `duplicateWindow`);
    /// nil in a manifest written before they were recorded.
    public var definitions: MetricDefinitions?

    public init(_ context: ReportContext) {
        self.init(
            scenario: context.scenario.name, seed: context.plan.seed, devices: context.plan.devices, days: context.days,
            arms: context.plan.arms.map(\.name),
            definitions: MetricDefinitions(
                freshWithin: context.plan.world.freshWithin, lateAfter: context.plan.lateAfter,
                duplicateWindow: context.plan.world.duplicateWindow,
                deviceFreshBelow: context.plan.deviceFreshBelow,
                maxContentAge: context.plan.maxContentAge))
    }

    /// What a run will record, before it runs (`check` compares it with the baseline's first).
    public init(
        scenario: String, seed: UInt64, devices: Int, days: Int, arms: [String],
        definitions: MetricDefinitions? = nil, toolVersion: String = ToolVersion.current
    ) {
        self.scenario = scenario
        self.seed = String(seed)
        self.devices = devices
        self.days = days
        self.arms = arms
        self.toolVersion = toolVersion
        self.definitions = definitions
    }

    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// What differs from `baseline` in a way that makes the two runs incomparable.
    public func differences(from baseline: RunManifest) -> [String] {
        var differences: [String] = []
        if baseline.scenario != scenario { differences.append("scenario \(baseline.scenario) vs \(scenario)") }
        if baseline.seed != seed { differences.append("seed \(baseline.seed) vs \(seed)") }
        if baseline.devices != devices { differences.append("devices \(baseline.devices) vs \(devices)") }
        if baseline.days != days { differences.append("days \(baseline.days) vs \(days)") }
        if baseline.toolVersion != toolVersion {
            differences.append("dnsim-events \(baseline.toolVersion) vs \(toolVersion)")
        }
        if let before = baseline.definitions, let after = definitions {
            for difference in after.differences(from: before) {
                differences.append("metrics.\(difference.key) \(difference.theirs) vs \(difference.mine)")
            }
        }
        return differences
    }

    /// Why a manifest cannot be read (the message names the file).
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The manifest at `path`, or why it is missing or unreadable.
    public static func load(_ path: String) throws(ReadError) -> RunManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ReadError(description: exists ? "cannot read \(path)" : "\(path) is missing")
        }
        do {
            return try JSONDecoder().decode(RunManifest.self, from: data)
        } catch {
            throw ReadError(description: "\(path) is not a dnsim-events manifest (\(reason(error)))")
        }
    }

    /// A decoding error in a few words: the key or the JSON problem.
    static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "no '\(key.stringValue)'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        default: return "not valid JSON"
        }
    }
}
