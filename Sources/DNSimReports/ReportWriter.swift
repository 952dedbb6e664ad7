import DNSimCore
import DNSimScenario
import Foundation

/// Writes a report folder all at once: files go to a temporary folder beside
/// the target first and are moved in only when every one was written, so a
/// failure never leaves a partial report behind.
public enum ReportWriter {
    /// The files of a report, by name, in the given formats (`csv`, `md` with
    /// its charts, `json`); the manifest always comes along, and a sweep's
    /// files when there is one.
    public static func files(_ context: ReportContext, formats: Set<String> = ["csv", "md"],
                             sweep: SweepReport? = nil) -> [(String, String)] {
        var files: [(String, String)] = []
        if formats.contains("csv") { files.append(("summary.csv", SummaryCSV.render(context))) }
        if formats.contains("md") {
            files += [
                ("summary.md", SummaryMarkdown.render(context, sweep: sweep)),
                ("outcome-mix.svg", SVGCharts.outcomeMix(context)),
                ("lateness-cdf.svg", SVGCharts.latenessCDF(context)),
                ("update-delay-cdf.svg", SVGCharts.updateDelayCDF(context)),
            ]
        }
        if formats.contains("json") { files.append(("summary.json", SummaryJSON.render(context))) }
        files.append(("manifest.json", RunManifest(context).json))
        if let sweep { files += sweep.files }
        return files
    }

    /// Report files a run may write; a base report (one holding summary.csv or
    /// summary.md) removes those it does not rewrite, so the folder never
    /// mixes files of two runs.
    static let reportFiles = ["summary.csv", "summary.md", "summary.json", "outcome-mix.svg", "lateness-cdf.svg",
                              "update-delay-cdf.svg", "manifest.json", "cycles.csv", "sweep.csv", "sweep.md", "sweep.svg"]

    public static func write(_ files: [(String, String)], to directory: String) throws {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory)
        let parent = target.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: staging)
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: staging) }
        for (name, content) in files {
            try Data(content.utf8).write(to: staging.appendingPathComponent(name))
        }
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        let names = Set(files.map(\.0))
        if names.contains("manifest.json") {
            for stale in reportFiles where !names.contains(stale) {
                try? manager.removeItem(at: target.appendingPathComponent(stale))
            }
        }
        for (name, _) in files {
            // rename(2) replaces an existing file atomically.
            let source = staging.appendingPathComponent(name).path
            let destination = target.appendingPathComponent(name).path
            guard rename(source, destination) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
            }
        }
    }
}
