import DNSimCore
import DNSimScenario
import Foundation

/// The scenario `merge` re-reads: the path the shards record, which the user did not name, so
/// a shard file edited to name another file must never make `merge` print that file's content.
/// Its bytes are checked against the shards' digest before they are parsed, and a problem is
/// reported by path and kind, never with a line of the file (issue 44, item 2).
public enum ShardScenario {
    /// The scenario `shards` ran, loaded once its digest matches; its warnings go to `feedback`
    /// without source lines.
    public static func load(_ shards: ShardSet, feedback: RunFeedback) throws -> Scenario {
        let first = shards.first
        let path = first.scenarioFile
        let recorder = shards.partials.first?.file ?? ""
        // The path is as the shard run was given it, relative to where it ran.
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else {
            throw UsageError(
                "\(path), the scenario \(recorder) records, does not exist from \(FileManager.default.currentDirectoryPath); "
                    + "the path is as the shard run was given it: run merge from the folder the shards ran in")
        }
        let bytes = try read(path, recorder: recorder)
        let digest = PartialResult.digest(bytes)
        guard digest == first.scenarioDigest else {
            throw SetupError(
                "\(path) changed since the shards ran (digest \(digest) vs \(first.scenarioDigest)), or is not the scenario "
                    + "they ran: run the shards again with it")
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(bytes: bytes, file: path)
        } catch {
            // The digest matches, so it loaded when the shards ran: something it reads (a fit: file) changed since.
            let first = error.diagnostics.first
            let place = first?.mark.map { " (line \($0.line), column \($0.column))" } ?? ""
            throw SetupError(
                "\(path), the scenario \(recorder) records, no longer loads: \(error.diagnostics.count) problem(s), the first\(place) "
                    + "in \(first?.file ?? path); see them with: dnsim-events validate \(path)")
        }
        if !scenario.warnings.isEmpty {
            feedback.note(DiagnosticList(scenario.warnings).withoutSourceLines.description)
        }
        return scenario
    }

    /// The file's bytes, when it is a regular file of a scenario's size (a FIFO or device would
    /// block or never end). stat(2) follows a symbolic link, as the shard run did.
    static func read(_ path: String, recorder: String) throws(SetupError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw SetupError("\(path), the scenario \(recorder) records, is not a regular file")
        }
        let limit = YAMLLimits().maxBytes
        guard info.st_size <= limit else {
            throw SetupError(
                "\(path), the scenario \(recorder) records, is \(info.st_size) bytes, larger than any scenario (at most \(limit))"
            )
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SetupError("\(path), the scenario \(recorder) records, cannot be read")
        }
        return [UInt8](data)
    }
}
