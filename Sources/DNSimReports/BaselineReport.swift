import DNSimCore
import Foundation

/// A committed report to compare a run with: its summary and manifest.
public struct BaselineReport: Sendable {
    public let path: String
    public let summary: SummaryTable
    public let manifest: RunManifest?

    /// Why a baseline cannot be read.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The report in `directory`, or in `directory/<scenario>/`.
    public static func load(_ directory: String, scenario: String) throws(LoadError) -> BaselineReport {
        let candidates = [directory, "\(directory)/\(scenario)"]
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: "\($0)/summary.csv") }) else {
            throw LoadError(description: "no baseline for \(scenario): neither \(directory)/summary.csv nor \(directory)/\(scenario)/summary.csv exists")
        }
        guard let data = FileManager.default.contents(atPath: "\(folder)/summary.csv") else {
            throw LoadError(description: "cannot read \(folder)/summary.csv")
        }
        let summary: SummaryTable
        do {
            summary = try SummaryCSV.parse(String(decoding: data, as: UTF8.self), file: "\(folder)/summary.csv")
        } catch {
            throw LoadError(description: error.description)
        }
        return BaselineReport(path: folder, summary: summary, manifest: RunManifest.read("\(folder)/manifest.json"))
    }
}
