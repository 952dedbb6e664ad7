import DNSimCore
import Foundation

/// A committed report to compare a run with: its summary and manifest, and an uncertainty
/// study's decision when the folder has one.
public struct BaselineReport: Sendable {
    public let path: String
    public let summary: SummaryTable
    public let manifest: RunManifest?
    public var decision: BaselineDecision?
    /// Each fleet segment's rows (`segments.csv`), when the folder has one; nil otherwise.
    public var segments: [SegmentSummary]?

    /// Why a baseline cannot be read: the whole message, `error: …` or
    /// `file:line: error: …` (a `ReportedError` in the front end), exit 2.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The report in `directory`, or in `directory/<scenario>/`; `file`, the
    /// scenario's path, and `flags`, the run's `--seed`/`--devices`/`--days`, are
    /// named in the command that regenerates a damaged one (so that it writes a
    /// baseline the run can be compared with).
    public static func load(
        _ directory: String, scenario: String, file: String = "SCENARIO.yaml",
        flags: String = ""
    ) throws(LoadError) -> BaselineReport {
        let candidates = ["\(directory)/\(scenario)", directory].filter {
            FileManager.default.fileExists(atPath: "\($0)/summary.csv")
        }
        // Both: a report written into DIR itself (as --out DIR did for one scenario before 0.2.0's
        // DIR/<name>/) beside the one for this scenario. Either may be stale, so neither is guessed.
        if candidates.count == 2 {
            throw LoadError(
                description:
                    "error: \(directory)/summary.csv and \(directory)/\(scenario)/summary.csv both exist, so the baseline "
                    + "for \(scenario) is ambiguous: --out DIR writes DIR/<name>/ now; remove the report files in \(directory)/ itself "
                    + "(or pass --baseline \(directory)/\(scenario))")
        }
        guard let folder = candidates.first else {
            throw LoadError(
                description: "error: no baseline for \(scenario): "
                    + "neither \(directory)/summary.csv nor \(directory)/\(scenario)/summary.csv exists")
        }
        let regenerate =
            "regenerate it " + regenerationHint(file: file, flags: flags, baseline: folder, scenario: scenario)
        guard let data = FileManager.default.contents(atPath: "\(folder)/summary.csv") else {
            throw LoadError(description: "error: cannot read \(folder)/summary.csv")
        }
        let summary: SummaryTable
        do {
            summary = try SummaryCSVReader.read(
                String(decoding: data, as: UTF8.self), file: "\(folder)/summary.csv", everyColumn: true)
        } catch {
            throw LoadError(description: error.description)
        }
        // A damaged baseline must never pass: without its manifest nothing says
        // which arms it should hold, so a truncated summary.csv would go unseen.
        let manifest: RunManifest
        do {
            manifest = try RunManifest.load("\(folder)/manifest.json")
        } catch {
            throw LoadError(
                description: "error: \(error.description); a baseline is a whole report folder: \(regenerate)")
        }
        let missing = manifest.arms.filter { summary.row(arm: $0) == nil }
        guard missing.isEmpty else {
            throw LoadError(
                description: "error: \(folder)/summary.csv has no row for \(missing.joined(separator: ", ")), which "
                    + "\(folder)/manifest.json lists: the file is truncated or damaged; \(regenerate)")
        }
        // A row twice, or one for an arm the run did not have, is no report this tool wrote.
        var seen = Set<String>()
        if let twice = summary.rows.map(\.arm).first(where: { !seen.insert($0).inserted }) {
            throw LoadError(
                description:
                    "error: \(folder)/summary.csv has two rows for \(twice): the file is damaged; \(regenerate)")
        }
        if let stranger = summary.rows.map(\.arm).first(where: { !manifest.arms.contains($0) }) {
            throw LoadError(
                description: "error: \(folder)/summary.csv has a row for \(stranger), which \(folder)/manifest.json "
                    + "does not list: the file is damaged; \(regenerate)")
        }
        let decisionPath = "\(folder)/decision.json"
        let decision =
            FileManager.default.fileExists(atPath: decisionPath)
            ? try BaselineDecision.load(decisionPath, regenerate: regenerate) : nil
        try decision?.check(against: manifest, regenerate: regenerate)
        var segments: [SegmentSummary]?
        if let data = FileManager.default.contents(atPath: "\(folder)/segments.csv") {
            do {
                segments = try SummaryCSVReader.readSegments(
                    String(decoding: data, as: UTF8.self),
                    file: "\(folder)/segments.csv", everyColumn: true)
            } catch {
                throw LoadError(description: "\(error.description); \(regenerate)")
            }
        }
        return BaselineReport(
            path: folder, summary: summary, manifest: manifest, decision: decision,
            segments: segments)
    }
}
