import Foundation

extension BaselineReport {
    /// The folder `run` writes reports under by default.
    public static let defaultRoot = "Reports"

    /// `dnsim-events FILE [flags] [--out ROOT]`: the command that writes the
    /// baseline folder `path` afresh, so an error about a baseline in
    /// `policy/Reports/<name>/` says `--out policy/Reports` (and none for `Reports/`).
    /// A folder not named after the scenario cannot be written under its own
    /// name, and the command says where it writes instead; nor can a tagged
    /// `<name>@devices=100/` outside `Reports/`, since `--out` adds no tag.
    public static func regenerationCommand(file: String, flags: String = "", baseline path: String, scenario: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let last = (trimmed as NSString).lastPathComponent
        let parent = (trimmed as NSString).deletingLastPathComponent
        let root = parent.isEmpty ? "." : parent
        let command = "dnsim-events \(file)\(flags)" + (root == defaultRoot ? "" : " --out \(root)")
        guard last == scenario || (root == defaultRoot && last.hasPrefix(scenario + "@")) else {
            return command + ", which writes \(root)/\(scenario)/ rather than \(trimmed)/"
        }
        return command
    }

    /// `(dnsim-events FILE --out ROOT, and commit ROOT/)`: how to regenerate and keep the baseline `path`.
    public static func regenerationHint(file: String, flags: String = "", baseline path: String, scenario: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let parent = (trimmed as NSString).deletingLastPathComponent
        return "(\(regenerationCommand(file: file, flags: flags, baseline: path, scenario: scenario)), and commit \(parent.isEmpty ? trimmed : parent)/)"
    }
}
