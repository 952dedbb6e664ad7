import DNSimAnalysis
import DNSimCore
import DNSimScenario
import Foundation

/// Writes a report folder all at once: files go to a staging folder of the
/// target first (`StagingFolders`: inside it when it exists, else beside it) and are moved in only when every one
/// was written, so neither a failure nor an interrupt leaves a partial report.
public enum ReportWriter {
    /// The files of a report, by name: `summary.csv` and `manifest.json`
    /// always (they are what makes a folder a baseline for `check`), then the
    /// other formats asked for (`md` with its charts, `json`), `segments.csv` for a fleet, and a sweep's
    /// files when there is one. `csv` in `formats` is accepted and changes nothing. A study's files are
    /// written from `studyAnalysis` when given (the one its caller prints from), else from one made here.
    public static func files(
        _ context: ReportContext, formats: Set<String> = ["csv", "md"],
        sweep: SweepReport? = nil, study: UncertaintyStudy? = nil,
        studyAnalysis: UncertaintyAnalysis? = nil
    ) -> [(String, String)] {
        var files: [(String, String)] = [("summary.csv", SummaryCSV.render(context))]
        // Decided once, rendered by summary.md and summary.json alike.
        let analysis = ReportAnalysis(context)
        if context.plan.fleet != nil { files.append(("segments.csv", SegmentsCSV.render(context))) }
        if let base = InstallBase(context) {
            files.append(("install-base.csv", SummaryCSV.render(base.table(days: context.days))))
        }
        if formats.contains("md") {
            files += [
                ("summary.md", SummaryMarkdown.render(context, sweep: sweep, analysis: analysis)),
                ("outcome-mix.svg", SVGCharts.outcomeMix(context)),
                ("lateness-cdf.svg", SVGCharts.latenessCDF(context)),
                ("update-delay-cdf.svg", SVGCharts.updateDelayCDF(context)),
                ("device-fresh.svg", DeviceSpreadChart.render(context)),
            ]
        }
        if formats.contains("json") { files.append(("summary.json", SummaryJSON.render(context, analysis: analysis))) }
        files.append(("manifest.json", RunManifest(context).json))
        if let sweep { files += sweep.files }
        let madeAnalysis = study.map { studyAnalysis ?? UncertaintyAnalysis($0) }
        if let study, let madeAnalysis { files += UncertaintyReport.files(study, madeAnalysis, formats: formats) }
        if formats.contains("md") {
            // Last: the page embeds the charts written above, as their files hold them.
            let charts = Dictionary(files, uniquingKeysWith: { first, _ in first })
            let studied = study.flatMap { study in madeAnalysis.map { (study: study, analysis: $0) } }
            let page = SummaryPage.build(context, analysis: analysis, charts: charts, sweep: sweep, study: studied)
            files.append((HTMLReportWriter.fileName, HTMLReportWriter.render(page)))
        }
        return files
    }

    /// Report files a run may write. A report (any write that includes
    /// `manifest.json`, which every run, check --out and merge write) removes
    /// those it does not rewrite, so the folder never mixes files of two runs;
    /// a shard's partial result, written alone, removes nothing. Only a folder
    /// that already holds a report (a readable `manifest.json`) loses files:
    /// in any other folder a `summary.json` or `sweep.csv` is the user's own.
    static let reportFiles =
        [
            "summary.csv", "segments.csv", "summary.md", "summary.json", "outcome-mix.svg", "lateness-cdf.svg",
            "update-delay-cdf.svg", "device-fresh.svg", "install-base.csv", "manifest.json", "cycles.csv", "sweep.csv",
            "sweep.md", "sweep.svg", HTMLReportWriter.fileName,
        ]
        + UncertaintyReport.fileNames

    /// Writes `files` (name and text) and moves `moving` (name and a file
    /// already on disk in a staging folder of it, such as an assembled `cycles.csv`)
    /// into `directory`. The renames run as one `StagingFolders.commit`, so an
    /// interrupt never leaves the folder half old, half new.
    /// `policy` names what the command reads (never written); a file already in the folder under
    /// one of the names is replaced only when it is this tool's (`isOwn`).
    public static func write(
        _ files: [(String, String)], moving: [(String, URL)] = [], to directory: String,
        policy: OutputPathPolicy = OutputPathPolicy()
    ) throws {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory)
        try check(files.map(\.0) + moving.map(\.0), in: directory, policy: policy)
        try StagingFolders.makeFolder(target.deletingLastPathComponent())
        StagingFolders.removeStale(for: target)
        let staging = try StagingFolders.create(for: target, kind: .partial)
        defer { StagingFolders.remove(staging) }
        for (name, content) in files {
            let url = staging.appendingPathComponent(name)
            do {
                try Data(content.utf8).write(to: url)
            } catch { throw WriteFailure(path: url.path, error: error) }
        }
        let names = Set(files.map(\.0) + moving.map(\.0))
        let renames = files.map { (staging.appendingPathComponent($0.0), $0.0) } + moving.map { ($0.1, $0.0) }
        try StagingFolders.commit {
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
            if names.contains("manifest.json"),
                (try? RunManifest.load(target.appendingPathComponent("manifest.json").path)) != nil
            {
                for stale in reportFiles where !names.contains(stale) {
                    try? manager.removeItem(at: target.appendingPathComponent(stale))
                }
            }
            for (source, name) in renames {
                // rename(2) replaces an existing file atomically.
                let destination = target.appendingPathComponent(name).path
                guard rename(source.path, destination) == 0 else { throw WriteFailure.posix(destination) }
            }
        }
    }

    /// Refuses to write `names` into `directory` unless each is absent or an earlier output of this
    /// tool (`OutputPathPolicy.checkFolder`); run before the simulation for the names known then, and
    /// again by `write`.
    public static func check(_ names: [String], in directory: String, policy: OutputPathPolicy) throws(OutputPathPolicy
        .Refusal)
    {
        try policy.checkFolder(
            directory, names: names, ownOutput: "part of a report, shard or fit written by dnsim-events"
        ) { path in
            isOwn(path, in: directory)
        }
    }

    /// Whether the file at `path` in `directory` was written by this tool: the folder holds a report
    /// (a readable `manifest.json`) or a fit (`fit.yaml` as fit writes it), or the file is a shard's
    /// partial result or a comparison's `compare.md` or `compare.csv`.
    static func isOwn(_ path: String, in directory: String) -> Bool {
        let folder = URL(fileURLWithPath: directory)
        if (try? RunManifest.load(folder.appendingPathComponent("manifest.json").path)) != nil { return true }
        if OutputPathPolicy.file(folder.appendingPathComponent("fit.yaml").path, beginsWith: fitMarker) { return true }
        if ComparisonReport.isOwn(path) { return true }
        guard path.hasSuffix(".json"), let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return head.contains("\"dnsim-events-partial/")
    }

    /// How every `fit.yaml` that `fit` writes begins.
    public static let fitMarker = "# Fitted by dnsim-events fit"

    /// Why `file` (`--junit FILE`) cannot be written, or nil: a folder there, or a folder for it
    /// that cannot be made or written, fails before the run rather than after it.
    public static func problem(writingFile file: String) -> String? {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: file).standardizedFileURL
        if let problem = brokenLink(url, showing: file) { return problem }
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(file) is a folder, not a file"
        }
        return problem(writingTo: url.deletingLastPathComponent().path)
    }

    /// A symbolic link at `url` whose target does not exist, or that loops, named; nil otherwise.
    /// `fileExists` follows links, so such a path looks merely absent and would fail only when written.
    static func brokenLink(_ url: URL, showing shown: String) -> String? {
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else { return nil }
        var isDirectory: ObjCBool = false
        guard !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        // realpath(3) fails with ELOOP for a loop and ENOENT for a missing target.
        if let resolved = realpath(url.path, nil) { free(resolved); return nil }
        return errno == ELOOP
            ? "\(shown) is a symbolic link that loops (to \(destination)); remove it or give another folder"
            : "\(shown) is a symbolic link to \(destination), which does not exist; create it or give another folder"
    }

    /// Why `directory` cannot take files (a report, a fit, the report folders of `--out DIR`), or
    /// nil if it can: checked before a run, so a bad `--out` fails in a moment rather than after
    /// the simulation. What is tested is what will be written: the folder itself when it exists
    /// (the staging folders go inside it, `StagingFolders.place(for:)`, so its parent need not be
    /// writable: `/results` mounted under a read-only `/`), or else its nearest existing ancestor,
    /// in which the missing folders and the staging folders are created.
    public static func problem(writingTo directory: String) -> String? {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        var isDirectory: ObjCBool = false
        if let problem = brokenLink(target, showing: directory) { return problem }
        if manager.fileExists(atPath: target.path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? probe(target, showing: directory) : "\(directory) is a file, not a folder"
        }
        // The nearest existing ancestor: the staging folders and any missing folders are created in it.
        var ancestor = target.deletingLastPathComponent()
        while !manager.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) && ancestor.path != "/" {
            if let problem = brokenLink(ancestor, showing: ancestor.path) { return problem }
            ancestor = ancestor.deletingLastPathComponent()
        }
        guard isDirectory.boolValue else { return "\(ancestor.path) is a file, so \(directory) cannot be a folder" }
        return probe(ancestor, showing: ancestor.path)
    }

    /// Creates and removes a folder in `folder`: the one test of writability
    /// that also holds for root and for read-only file systems.
    static func probe(_ folder: URL, showing name: String) -> String? {
        let probe = folder.appendingPathComponent(".dnsim-probe-\(getpid())")
        guard mkdir(probe.path, 0o700) == 0 || errno == EEXIST else {
            return "cannot create files in \(name): \(String(cString: strerror(errno)))"
        }
        rmdir(probe.path)
        return nil
    }
}
